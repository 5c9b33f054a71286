import { screen, within } from '@testing-library/react';
import { errorHandler, mockEndpoint, pendingHandler } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderChat } from '../../test-utils/render-chat';
import { DatabaseUsers } from './database-users';

const server = setupApiServer();

const renderUsers = () => renderChat(<DatabaseUsers projectId="project-1" />);

describe('DatabaseUsers', () => {
  it('says it is loading', () => {
    server.use(pendingHandler('getDatabaseUsers'));
    renderUsers();
    expect(screen.getByText('Loading the app’s users')).toBeInTheDocument();
  });

  it('lists the app’s users: e-mail, when they signed up and last signed in', async () => {
    renderUsers();
    const table = await screen.findByRole('table', { name: 'The app’s users' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'ada@example.com',
      'grace@example.com',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Never')).toBeInTheDocument();
  });

  it('says no one has signed up yet', async () => {
    server.use(mockEndpoint('getDatabaseUsers', { users: [] }));
    renderUsers();
    expect(
      await screen.findByRole('heading', { name: 'No one has signed up yet' }),
    ).toBeInTheDocument();
  });

  it('says why the users could not be loaded, and tries again', async () => {
    server.use(errorHandler('getDatabaseUsers', 500, {}, { once: true }));
    const view = renderUsers();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The app’s users could not be loaded');
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'The app’s users' })).toBeInTheDocument();
  });
});
