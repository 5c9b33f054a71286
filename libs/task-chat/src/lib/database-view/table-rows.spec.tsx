import { screen, waitFor, within } from '@testing-library/react';
import type { DatabaseRowsQuery, UpdateDatabaseRowRequest } from '@mason/contract';
import {
  aDatabaseTable,
  databaseRowsPage,
  DATABASE_NOTES,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderChat } from '../../test-utils/render-chat';
import { ROWS_PAGE_SIZE, TableRows } from './table-rows';

const server = setupApiServer();

const renderRows = (table = aDatabaseTable()) =>
  renderChat(<TableRows projectId="project-1" table={table} />);

const grid = () => screen.getByRole('table', { name: 'Rows of notes' });
const bodies = () =>
  within(grid())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent);

describe('TableRows', () => {
  it('says it is loading, then shows the rows with NULL apart', async () => {
    server.use(pendingHandler('getDatabaseRows'));
    renderRows();
    expect(screen.getByText('Loading the rows of notes')).toBeInTheDocument();
  });

  it('shows the page of rows, and sorts by a click on a header, then the other way', async () => {
    const asked: DatabaseRowsQuery[] = [];
    server.use(
      mockEndpoint('getDatabaseRows', ({ query }) => {
        asked.push(query as DatabaseRowsQuery);
        return {
          columns: aDatabaseTable().columns.map(({ name, type }) => ({ name, type })),
          ...databaseRowsPage(DATABASE_NOTES, query as DatabaseRowsQuery),
        };
      }),
    );
    const view = renderRows();
    await screen.findByRole('table', { name: 'Rows of notes' });
    expect(bodies()).toEqual([
      expect.stringContaining('Buy milk'),
      expect.stringContaining('Call the bakery'),
      expect.stringContaining('Write the report'),
    ]);
    expect(within(grid()).getAllByText('NULL')).toHaveLength(1);

    const header = within(grid()).getByRole('columnheader', { name: /body/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await view.user.click(within(header).getByRole('button', { name: /body/ }));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    await view.user.click(within(header).getByRole('button', { name: /body/ }));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(bodies()[0]).toContain('Write the report'));
    expect(asked.at(-1)).toMatchObject({ order: 'body', direction: 'desc', offset: 0 });
    expect(screen.getByText('Rows 1–3 of 3')).toBeInTheDocument();
  });

  it('filters by a column’s text, and says when nothing matches', async () => {
    const view = renderRows();
    await screen.findByRole('table', { name: 'Rows of notes' });
    const filter = screen.getByRole('search', { name: 'Filter notes' });
    await view.user.selectOptions(
      within(filter).getByRole('combobox', { name: 'Filter column' }),
      'body',
    );
    await view.user.type(within(filter).getByRole('searchbox', { name: 'Contains' }), 'BAKERY');
    await view.user.click(within(filter).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(bodies()).toEqual([expect.stringContaining('Call the bakery')]));

    await view.user.clear(within(filter).getByRole('searchbox', { name: 'Contains' }));
    await view.user.type(
      within(filter).getByRole('searchbox', { name: 'Contains' }),
      'nothing{Enter}',
    );
    expect(await screen.findByText('No rows match the filter.')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(bodies()).toHaveLength(3));
  });

  it('pages through the rows', async () => {
    const many = Array.from({ length: 30 }, (_, index) => ({
      id: index + 1,
      user_id: 'u',
      body: `note ${index + 1}`,
      done: false,
    }));
    server.use(
      mockEndpoint('getDatabaseRows', ({ query }) => ({
        columns: aDatabaseTable().columns.map(({ name, type }) => ({ name, type })),
        ...databaseRowsPage(many, query as DatabaseRowsQuery),
      })),
    );
    const view = renderRows();
    expect(await screen.findByText(`Rows 1–${ROWS_PAGE_SIZE} of 30`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await view.user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Rows 26–30 of 30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(bodies()[0]).toContain('note 26');
  });

  it('edits a cell as the owner: Save sends the row’s key and the new value, and says so', async () => {
    const sent: UpdateDatabaseRowRequest[] = [];
    server.use(
      mockEndpoint('updateDatabaseRow', ({ body }) => {
        sent.push(body as UpdateDatabaseRowRequest);
        return { row: { ...DATABASE_NOTES[0], body: 'Buy oat milk' } };
      }),
    );
    const view = renderRows();
    await view.user.click(await screen.findByRole('button', { name: /Edit body of row 1$/ }));
    const editor = screen.getByRole('textbox', { name: 'New body' });
    expect(editor).toHaveFocus();
    expect(editor).toHaveValue('Buy milk');
    await view.user.clear(editor);
    await view.user.type(editor, 'Buy oat milk');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sent).toEqual([{ key: { id: 1 }, values: { body: 'Buy oat milk' } }]),
    );
    expect(await screen.findByText('Saved body.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New body' })).not.toBeInTheDocument();
    // The key columns are not edited here.
    expect(screen.queryByRole('button', { name: /Edit id of/ })).not.toBeInTheDocument();
  });

  it('shows PostgreSQL’s words for a refused value, keeps the editor, and Escape cancels', async () => {
    server.use(
      errorHandler('updateDatabaseRow', 400, {
        message: 'invalid input syntax for type boolean: "maybe"',
      }),
    );
    const view = renderRows();
    await view.user.click(await screen.findByRole('button', { name: /Edit done of row 1$/ }));
    const editor = screen.getByRole('textbox', { name: 'New done' });
    await view.user.clear(editor);
    await view.user.type(editor, 'maybe{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'invalid input syntax for type boolean: "maybe"',
    );
    expect(editor).toBeInTheDocument();
    await view.user.type(editor, '{Escape}');
    expect(screen.queryByRole('textbox', { name: 'New done' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Edit done of row 1$/ })).toHaveFocus();
  });

  it('sets a nullable cell to NULL', async () => {
    const sent: UpdateDatabaseRowRequest[] = [];
    server.use(
      mockEndpoint('updateDatabaseRow', ({ body }) => {
        sent.push(body as UpdateDatabaseRowRequest);
        return { row: { ...DATABASE_NOTES[0], done: null } };
      }),
    );
    const view = renderRows();
    await view.user.click(await screen.findByRole('button', { name: /Edit done of row 1$/ }));
    await view.user.click(screen.getByRole('checkbox', { name: 'NULL' }));
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ key: { id: 1 }, values: { done: null } }]));
  });

  it('offers no editing for a table without a primary key, and says why', async () => {
    renderRows(aDatabaseTable({ primaryKey: [] }));
    await screen.findByRole('table', { name: 'Rows of notes' });
    expect(screen.getByText(/has no primary key/)).toBeInTheDocument();
    expect(within(grid()).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('says why the rows could not be loaded, and tries again', async () => {
    server.use(errorHandler('getDatabaseRows', 503, { message: 'Down' }, { once: true }));
    const view = renderRows();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The rows of notes could not be loaded');
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Rows of notes' })).toBeInTheDocument();
  });
});
