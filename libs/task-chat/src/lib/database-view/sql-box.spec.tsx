import { screen, waitFor, within } from '@testing-library/react';
import type { DatabaseSqlRequest } from '@mason/contract';
import {
  aDatabaseSqlResponse,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderChat } from '../../test-utils/render-chat';
import { SqlBox } from './sql-box';

const server = setupApiServer();

const renderBox = () => renderChat(<SqlBox projectId="project-1" />);

describe('SqlBox', () => {
  it('runs the statement and shows its rows', async () => {
    const sent: DatabaseSqlRequest[] = [];
    server.use(
      mockEndpoint('runDatabaseSql', ({ body }) => {
        sent.push(body as DatabaseSqlRequest);
        return aDatabaseSqlResponse();
      }),
    );
    const view = renderBox();
    const run = screen.getByRole('button', { name: 'Run' });
    expect(run).toBeDisabled();
    await view.user.type(
      screen.getByRole('textbox', { name: 'SQL' }),
      'select id, body from notes',
    );
    await view.user.click(run);

    const result = await screen.findByRole('table', { name: 'Result' });
    expect(
      within(result)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['id', 'body']);
    expect(within(result).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('3 rows.')).toBeInTheDocument();
    expect(sent).toEqual([{ sql: 'select id, body from notes' }]);
  });

  it('runs with Ctrl+Enter, and says when the rows were cut', async () => {
    server.use(mockEndpoint('runDatabaseSql', aDatabaseSqlResponse({ truncated: true })));
    const view = renderBox();
    await view.user.type(screen.getByRole('textbox', { name: 'SQL' }), 'select * from notes');
    await view.user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Showing the first 3 rows.')).toBeInTheDocument();
  });

  it('says so when the statement returned no rows', async () => {
    server.use(mockEndpoint('runDatabaseSql', aDatabaseSqlResponse({ columns: [], rows: [] })));
    const view = renderBox();
    await view.user.type(screen.getByRole('textbox', { name: 'SQL' }), 'select from notes');
    await view.user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('The statement returned no rows.')).toBeInTheDocument();
  });

  it('shows PostgreSQL’s words when it refuses the statement', async () => {
    server.use(
      errorHandler('runDatabaseSql', 400, {
        message: 'cannot execute INSERT in a read-only transaction',
      }),
    );
    const view = renderBox();
    await view.user.type(
      screen.getByRole('textbox', { name: 'SQL' }),
      'insert into notes default values',
    );
    await view.user.click(screen.getByRole('button', { name: 'Run' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The statement was not run');
    expect(alert).toHaveTextContent('cannot execute INSERT in a read-only transaction');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says it is running while the server has not answered', async () => {
    server.use(pendingHandler('runDatabaseSql'));
    const view = renderBox();
    await view.user.type(screen.getByRole('textbox', { name: 'SQL' }), 'select 1');
    await view.user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Running…' })).toHaveAttribute('aria-busy', 'true'),
    );
  });
});
