import { screen, waitFor, within } from '@testing-library/react';
import type { TasksQuery } from '@mason/contract';
import { aProject, aTask, errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderChat } from '../../test-utils/render-chat';
import { ArchivedTasksPage } from './archived-tasks-page';
import { TasksPage } from './tasks-page';

const server = setupApiServer();

const projects = {
  projects: [aProject(), aProject({ id: 'project-2', name: 'Mug shop' })],
};

describe('TasksPage', () => {
  it('lists the active tasks by project, each linked to its page', async () => {
    const queries: TasksQuery[] = [];
    server.use(
      mockEndpoint('getProjects', projects),
      mockEndpoint('getTasks', ({ query }) => {
        queries.push(query as TasksQuery);
        return {
          tasks: [
            aTask(),
            aTask({
              id: 'task-2',
              projectId: 'project-2',
              description: 'Sell mugs',
              state: 'IN_PROGRESS',
            }),
            aTask({
              id: 'task-3',
              projectId: 'project-2',
              description: 'Add a cart',
              state: 'FAILED',
            }),
          ],
        };
      }),
    );
    renderChat(<TasksPage />, { route: '/tasks' });

    const shop = await screen.findByRole('region', { name: 'Mug shop' });
    expect(within(shop).getByRole('link', { name: 'Mug shop' })).toHaveAttribute(
      'href',
      '/projects/project-2',
    );
    expect(within(shop).getByRole('link', { name: 'Sell mugs' })).toHaveAttribute(
      'href',
      '/task/task-2',
    );
    expect(within(shop).getByText('Working')).toBeInTheDocument();
    expect(within(shop).getByText('Failed')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Todo app' })).toBeInTheDocument();
    expect(queries).toEqual([{ states: ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED'] }]);
    expect(screen.getByRole('link', { name: 'Active' })).toHaveAttribute('aria-current', 'page');
  });

  it('archives a finished task', async () => {
    const archived = jest.fn(() => ({ task: aTask({ state: 'ARCHIVED' }) }));
    server.use(mockEndpoint('archiveTask', archived));
    const { user } = renderChat(<TasksPage />, { route: '/tasks' });

    await user.click(
      await screen.findByRole('button', { name: 'Archive “Build a todo app with due dates”' }),
    );
    await waitFor(() => expect(archived).toHaveBeenCalled());
  });

  it('says when there is no task yet, with the way to start one', async () => {
    server.use(mockEndpoint('getTasks', { tasks: [] }));
    renderChat(<TasksPage />, { route: '/tasks' });
    expect(await screen.findByRole('heading', { name: 'No tasks yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New project' })).toHaveAttribute(
      'href',
      '/dashboard/projects/new',
    );
  });

  it('offers a retry when the tasks cannot be loaded', async () => {
    server.use(errorHandler('getTasks', 503, {}, { once: true }));
    const { user } = renderChat(<TasksPage />, { route: '/tasks' });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('link', { name: 'Build a todo app with due dates' }),
    ).toBeInTheDocument();
  });
});

describe('ArchivedTasksPage', () => {
  it('lists the archived tasks and brings one back', async () => {
    const unarchived = jest.fn(() => ({ task: aTask({ state: 'COMPLETED' }) }));
    server.use(
      mockEndpoint('getTasks', ({ query }) => ({
        tasks: (query as TasksQuery).states?.includes('ARCHIVED')
          ? [aTask({ state: 'ARCHIVED' })]
          : [],
      })),
      mockEndpoint('unarchiveTask', unarchived),
    );
    const { user } = renderChat(<ArchivedTasksPage />, { route: '/archived' });

    expect(await screen.findByText('Archived', { selector: 'span' })).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Unarchive “Build a todo app with due dates”' }),
    );
    await waitFor(() => expect(unarchived).toHaveBeenCalled());
  });

  it('says when nothing is archived', async () => {
    server.use(mockEndpoint('getTasks', { tasks: [] }));
    renderChat(<ArchivedTasksPage />, { route: '/archived' });
    expect(await screen.findByRole('heading', { name: 'Nothing archived' })).toBeInTheDocument();
  });
});
