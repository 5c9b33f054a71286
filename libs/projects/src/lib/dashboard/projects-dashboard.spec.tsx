import { screen, waitFor, within } from '@testing-library/react';
import {
  aProject,
  errorHandler,
  FIXTURE_TIME,
  fixtureTimeAgo,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderProjects } from '../test-utils/render-projects';
import { ProjectsDashboard } from './projects-dashboard';
import { excerpt } from './project-card';

const server = setupApiServer();

function renderDashboard() {
  return renderProjects(<ProjectsDashboard notice={<p>Verify your e-mail address</p>} />, {
    route: '/dashboard/projects',
    path: '/dashboard/projects',
  });
}

const cards = () =>
  within(screen.getByRole('list', { name: 'Projects' }))
    .getAllByRole('listitem')
    .map((item) => within(item));

describe('ProjectsDashboard', () => {
  it('lists the projects newest first, with status, description and when each was made', async () => {
    server.use(
      mockEndpoint('getProjects', {
        projects: [
          aProject({ id: 'p-old', name: 'Todo app', createdAt: fixtureTimeAgo({ days: 3 }) }),
          aProject({
            id: 'p-new',
            name: 'Mug shop',
            description: 'A shop that sells mugs',
            status: 'CREATING',
            createdAt: fixtureTimeAgo({ minutes: 5 }),
          }),
          aProject({
            id: 'p-quiet',
            name: 'Quiet app',
            noChanges: true,
            lastChange: {
              summary: 'Added a dark mode toggle',
              at: fixtureTimeAgo({ minutes: 20 }),
            },
            createdAt: fixtureTimeAgo({ minutes: 60 }),
          }),
          aProject({
            id: 'p-mid',
            name: 'Habit tracker',
            status: 'FAILED',
            createdAt: fixtureTimeAgo({ minutes: 90 }),
          }),
        ],
      }),
    );
    renderDashboard();

    expect(await screen.findByRole('list', { name: 'Projects' })).toBeInTheDocument();
    expect(cards().map((card) => card.getByRole('heading').textContent)).toEqual([
      'Mug shop',
      'Quiet app',
      'Habit tracker',
      'Todo app',
    ]);
    const [mugs, quiet, habits, todos] = cards();
    expect(quiet?.getByText('No changes made')).toBeInTheDocument();
    expect(quiet?.getByText(/^Last change/)).toHaveTextContent(
      'Last change 20 minutes ago: Added a dark mode toggle',
    );
    expect(mugs?.queryByText(/^Last change/)).not.toBeInTheDocument();
    expect(mugs?.getByText('Creating')).toBeInTheDocument();
    expect(habits?.getByText('Failed')).toBeInTheDocument();
    expect(todos?.getByText('Ready')).toBeInTheDocument();
    // Screen readers hear what the badge is.
    expect(todos?.getByText('Status:')).toBeInTheDocument();
    expect(mugs?.getByText('A shop that sells mugs')).toBeInTheDocument();
    expect(mugs?.getByText('5 minutes ago')).toHaveAttribute('dateTime', expect.any(String));
    expect(todos?.getByText('3 days ago').tagName).toBe('TIME');
    expect(mugs?.getByRole('link', { name: 'Mug shop' })).toHaveAttribute(
      'href',
      '/projects/p-new',
    );
    expect(mugs?.getByRole('link', { name: 'Open Mug shop' })).toHaveAttribute(
      'href',
      '/projects/p-new',
    );
    expect(mugs?.getByRole('link', { name: 'Files of Mug shop' })).toHaveAttribute(
      'href',
      '/files?projectId=p-new',
    );
    expect(screen.getByText('Verify your e-mail address')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New project' })).toHaveAttribute(
      'href',
      '/dashboard/projects/new',
    );
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute(
      'href',
      '/dashboard/projects/existing',
    );
  });

  it('shows the live address of a published project, opening in a new tab', async () => {
    server.use(
      mockEndpoint('getProjects', {
        projects: [
          aProject({
            id: 'p-live',
            name: 'Mug shop',
            liveUrl: 'https://mug-shop.apps.example.com/',
          }),
          aProject({
            id: 'p-draft',
            name: 'Todo app',
            liveUrl: null,
            createdAt: fixtureTimeAgo({ days: 2 }),
          }),
        ],
      }),
    );
    renderDashboard();

    await screen.findByRole('list', { name: 'Projects' });
    const [live, draft] = cards();
    expect(live?.getByText(/Live at/)).toBeInTheDocument();
    const link = live?.getByRole('link', { name: /mug-shop\.apps\.example\.com/ });
    expect(link).toHaveAttribute('href', 'https://mug-shop.apps.example.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('mug-shop.apps.example.com (opens in a new tab)');
    expect(draft?.queryByText(/Live at/)).not.toBeInTheDocument();
  });

  it('gives the exact creation time in the time element', async () => {
    renderDashboard();
    const [card] = within(await screen.findByRole('list', { name: 'Projects' })).getAllByRole(
      'listitem',
    );
    const time = card?.querySelector('time');
    expect(time).toHaveAttribute('dateTime', FIXTURE_TIME);
    expect(time?.getAttribute('title')).toMatch(/^Jan 15, 2025, /);
  });

  it('cuts a long description at a word', () => {
    const long = `${'A very detailed description of the app '.repeat(10)}end`;
    const cut = excerpt(long);
    expect(cut.length).toBeLessThanOrEqual(161);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(excerpt('Short one')).toBe('Short one');
  });

  it('says it is loading while the list is on its way', async () => {
    server.use(pendingHandler('getProjects'));
    renderDashboard();
    const label = await screen.findByText('Loading your projects');
    expect(label.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('list', { name: 'Projects' })).not.toBeInTheDocument();
  });

  it('invites the person to describe a first app, or import one, when there is none', async () => {
    server.use(mockEndpoint('getProjects', { projects: [] }));
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Describe your first app' })).toHaveAttribute(
      'href',
      '/dashboard/projects/new',
    );
    expect(screen.getByRole('link', { name: 'Import a repository' })).toHaveAttribute(
      'href',
      '/dashboard/projects/existing',
    );
  });

  it('offers to try again when the list cannot be loaded', async () => {
    server.use(errorHandler('getProjects', 500, {}, { once: true }));
    const view = renderDashboard();
    expect(
      await screen.findByRole('heading', { name: 'Your projects could not be loaded' }),
    ).toBeInTheDocument();
    expect(view.toasts.map(({ message }) => message)).toEqual(['Unknown server error']);

    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Todo app' })).toBeInTheDocument();
  });

  it('deletes a project after the person confirms, and says so', async () => {
    const deleted: string[] = [];
    let projects = [aProject(), aProject({ id: 'project-2', name: 'Mug shop' })];
    server.use(
      mockEndpoint('getProjects', () => ({ projects })),
      mockEndpoint('deleteProject', ({ params }) => {
        deleted.push(params['id'] as string);
        projects = projects.filter(({ id }) => id !== params['id']);
        return { ok: true };
      }),
    );
    const view = renderDashboard();

    await view.user.click(await screen.findByRole('button', { name: 'Delete Todo app' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Todo app”?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    // Focus starts on Cancel, so Enter does not delete by accident.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete project' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleted).toEqual(['project-1']);
    expect(screen.queryByRole('link', { name: 'Todo app' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mug shop' })).toBeInTheDocument();
    expect(screen.getByText('Deleted Todo app.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Your projects' })).toHaveFocus(),
    );
    expect(view.toasts).toEqual([]);
  });

  it('keeps the project when the person cancels', async () => {
    const deleteProject = jest.fn(() => ({ ok: true as const }));
    server.use(mockEndpoint('deleteProject', deleteProject));
    const view = renderDashboard();

    await view.user.click(await screen.findByRole('button', { name: 'Delete Todo app' }));
    await view.user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleteProject).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Todo app' })).toBeInTheDocument();
  });

  it('keeps the project and shows the catalogue message once when deleting fails', async () => {
    server.use(errorHandler('deleteProject', 500));
    const view = renderDashboard();

    await view.user.click(await screen.findByRole('button', { name: 'Delete Todo app' }));
    await view.user.click(screen.getByRole('button', { name: 'Delete project' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Todo app' })).toBeInTheDocument();
    expect(view.toasts.map(({ message }) => message)).toEqual(['Unknown server error']);
    expect(screen.queryByText('Deleted Todo app.')).not.toBeInTheDocument();
  });
});
