import { screen } from '@testing-library/react';
import { aProject, errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderChat } from '../../test-utils/render-chat';
import { TaskPage } from './task-page';

const server = setupApiServer();

describe('TaskPage', () => {
  it('shows the task’s chat and the way to its project', async () => {
    server.use(mockEndpoint('getProject', aProject({ name: 'Chores' })));
    renderChat(<TaskPage taskId="task-1" />, { route: '/task/task-1' });

    expect(
      await screen.findByRole('heading', {
        name: 'Task: Build a todo app with due dates',
        level: 1,
      }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('log', { name: 'Conversation' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open “Chores”' })).toHaveAttribute(
      'href',
      '/projects/project-1?taskId=task-1',
    );
    expect(screen.getByRole('link', { name: 'All tasks' })).toHaveAttribute('href', '/tasks');
  });

  it('says a task that is not there, or not this person’s, does not exist', async () => {
    server.use(errorHandler('getTask', 404));
    renderChat(<TaskPage taskId="task-9" />, { route: '/task/task-9' });
    expect(
      await screen.findByRole('heading', { name: 'This task does not exist or is not yours' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your tasks' })).toHaveAttribute('href', '/tasks');
  });
});
