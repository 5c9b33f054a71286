import { screen, within } from '@testing-library/react';
import {
  aDatabaseTable,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderChat } from '../../test-utils/render-chat';
import { DatabaseTables } from './database-tables';

const server = setupApiServer();

const renderTables = () => renderChat(<DatabaseTables projectId="project-1" />);
const tableList = () => screen.getByRole('navigation', { name: 'Tables' });

describe('DatabaseTables', () => {
  it('says it is loading', () => {
    server.use(pendingHandler('getDatabaseTables'));
    renderTables();
    expect(screen.getByText('Loading the tables')).toBeInTheDocument();
  });

  it('lists the tables with their row counts and shows the first one’s rows', async () => {
    server.use(
      mockEndpoint('getDatabaseTables', {
        tables: [aDatabaseTable(), aDatabaseTable({ name: 'tags', rowCount: 1 })],
      }),
    );
    const view = renderTables();
    const notes = await within(
      await screen.findByRole('navigation', { name: 'Tables' }),
    ).findByRole('button', { name: 'notes 3 rows' });
    expect(notes).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByRole('table', { name: 'Rows of notes' })).toBeInTheDocument();

    await view.user.click(within(tableList()).getByRole('button', { name: 'tags 1 row' }));
    expect(await screen.findByRole('table', { name: 'Rows of tags' })).toBeInTheDocument();
    expect(notes).toHaveAttribute('aria-current', 'false');
  });

  it('says there are no tables yet, and how they come', async () => {
    server.use(mockEndpoint('getDatabaseTables', { tables: [] }));
    renderTables();
    expect(await screen.findByRole('heading', { name: 'No tables yet' })).toBeInTheDocument();
    expect(screen.getByText(/writes a migration/)).toBeInTheDocument();
  });

  it('says why the tables could not be loaded, and tries again', async () => {
    server.use(errorHandler('getDatabaseTables', 500, {}, { once: true }));
    const view = renderTables();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The tables could not be loaded');
    expect(alert).toHaveTextContent('Unknown server error');
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('navigation', { name: 'Tables' })).toBeInTheDocument();
  });
});
