import { screen, within } from '@testing-library/react';
import {
  aDatabaseMigration,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderChat } from '../../test-utils/render-chat';
import { DatabaseMigrations } from './database-migrations';

const server = setupApiServer();

const renderMigrations = () => renderChat(<DatabaseMigrations projectId="project-1" />);

describe('DatabaseMigrations', () => {
  it('says it is loading', () => {
    server.use(pendingHandler('getDatabaseMigrations'));
    renderMigrations();
    expect(screen.getByText('Loading the migrations')).toBeInTheDocument();
  });

  it('lists the migrations applied, in order', async () => {
    server.use(
      mockEndpoint('getDatabaseMigrations', {
        migrations: [aDatabaseMigration(), aDatabaseMigration({ name: '002_tags.sql' })],
      }),
    );
    renderMigrations();
    const list = await screen.findByRole('list', { name: 'Migrations applied' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent),
    ).toEqual(['001_notes.sql', '002_tags.sql']);
  });

  it('says none is applied yet', async () => {
    server.use(mockEndpoint('getDatabaseMigrations', { migrations: [] }));
    renderMigrations();
    expect(
      await screen.findByRole('heading', { name: 'No migrations applied yet' }),
    ).toBeInTheDocument();
  });

  it('says why the migrations could not be loaded', async () => {
    server.use(errorHandler('getDatabaseMigrations', 500));
    renderMigrations();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The migrations could not be loaded',
    );
  });
});
