import { act, screen, waitFor, within } from '@testing-library/react';
import {
  aTask,
  aTaskLog,
  createTaskEventStream,
  errorHandler,
  mockEndpoint,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { aLogPage, aNeedsAttention, aTurn } from '../../test-utils/chat-fixtures';
import { renderChat } from '../../test-utils/render-chat';
import { TaskChat } from './task-chat';

const server = setupApiServer();

beforeEach(() => localStorage.clear());

const conversation = () => screen.getByRole('log', { name: 'Conversation' });

describe('TaskChat', () => {
  it('shows the conversation: the person’s message, the version made and the answer as markdown', async () => {
    renderChat(<TaskChat taskId="task-1" />);

    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Build a todo app with due dates')).toBeInTheDocument();
    expect(within(log).getByText('Version 1')).toBeInTheDocument();
    expect(within(log).getByText(/I built a todo list with due dates/)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Build a todo app with due dates' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
  });

  it('folds each tool call and its result into one line, with the details a click away', async () => {
    server.use(mockEndpoint('getTaskLogs', aLogPage(aTurn(1))));
    const { user } = renderChat(<TaskChat taskId="task-1" />);

    const edited = await screen.findByRole('button', { name: 'Edited src/App.tsx' });
    expect(screen.getByRole('button', { name: 'Read src/App.tsx' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checked the build: 2 errors' })).toBeInTheDocument();
    expect(screen.getByText('12 lines added, 2 lines removed')).toBeInTheDocument();
    expect(edited).toHaveAttribute('aria-expanded', 'false');

    await user.click(edited);
    expect(edited).toHaveAttribute('aria-expanded', 'true');
    expect(
      screen.getByText('Edited src/App.tsx: replaced 1 line with 1 line.'),
    ).toBeInTheDocument();
  });

  it('shows the answer word by word while it is written, then the stored message in its place', async () => {
    const stream = createTaskEventStream();
    server.use(stream.handler, mockEndpoint('getTask', aTask({ state: 'IN_PROGRESS' })));
    renderChat(<TaskChat taskId="task-1" />);
    await stream.connected();
    await screen.findByText('Working…');

    act(() => stream.delta('draft-1', 'I am adding '));
    act(() => stream.delta('draft-1', 'a footer.'));
    const draft = await screen.findByRole('article', {
      name: 'Assistant’s message, being written',
    });
    await waitFor(() => expect(draft).toHaveTextContent('I am adding a footer.'));
    expect(draft).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('status')).toHaveTextContent('The assistant is writing…');
    expect(screen.queryByText('Working…')).not.toBeInTheDocument();

    act(() =>
      stream.log(
        aTaskLog('AI_MESSAGE', {
          id: '4',
          content: 'I am adding a footer. Done!',
          payload: { model: 'CLAUDE_SONNET_4_5', draftId: 'draft-1' },
        }),
      ),
    );
    act(() => stream.task(aTask({ state: 'COMPLETED', updatedAt: '2025-01-16T09:30:00.000Z' })));
    expect(
      await within(conversation()).findByText('I am adding a footer. Done!'),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('article', { name: 'Assistant’s message, being written' }),
    ).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Done')).toBeInTheDocument());
  });

  it('pauses a running task, and resumes a paused one', async () => {
    const calls: string[] = [];
    server.use(
      mockEndpoint('getTask', aTask({ state: 'IN_PROGRESS' }), { once: true }),
      mockEndpoint('pauseTask', ({ params }) => {
        calls.push(`pause ${params['id']}`);
        return { task: aTask({ state: 'IN_PROGRESS', pauseReason: 'MANUAL' }) };
      }),
      mockEndpoint('getTask', aTask({ state: 'IN_PROGRESS', pauseReason: 'MANUAL' })),
      mockEndpoint('resumeTask', ({ params }) => {
        calls.push(`resume ${params['id']}`);
        return { task: aTask({ state: 'IN_PROGRESS' }) };
      }),
    );
    const { user } = renderChat(<TaskChat taskId="task-1" />);

    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Paused. Resume the task, or send a message to steer it.',
    );
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(calls).toEqual(['pause task-1', 'resume task-1']));
  });

  it('offers to try a failed task again', async () => {
    const resumed = jest.fn(() => ({ task: aTask({ state: 'IN_PROGRESS' }) }));
    server.use(
      mockEndpoint('getTask', aTask({ state: 'FAILED' })),
      mockEndpoint('resumeTask', resumed),
    );
    const { user } = renderChat(<TaskChat taskId="task-1" />);

    expect(await screen.findByText('Failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(resumed).toHaveBeenCalled());
  });

  it('takes no message for an archived task, and brings it back', async () => {
    const unarchived = jest.fn(() => ({ task: aTask({ state: 'COMPLETED' }) }));
    server.use(
      mockEndpoint('getTask', aTask({ state: 'ARCHIVED' })),
      mockEndpoint('unarchiveTask', unarchived),
    );
    const { user } = renderChat(<TaskChat taskId="task-1" />);

    expect(await screen.findByText('Archived')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'Hello');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByText('Unarchive this task to send messages.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unarchive' }));
    await waitFor(() => expect(unarchived).toHaveBeenCalled());
  });

  it('archives a finished task from its menu', async () => {
    const archived = jest.fn(() => ({ task: aTask({ state: 'ARCHIVED' }) }));
    server.use(mockEndpoint('archiveTask', archived));
    const { user } = renderChat(<TaskChat taskId="task-1" />);

    await user.click(await screen.findByRole('button', { name: 'Task actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Archive task' }));
    await waitFor(() => expect(archived).toHaveBeenCalled());
  });

  it('reverts to a version after asking, and says it is done', async () => {
    const reverted: unknown[] = [];
    server.use(
      mockEndpoint('getTask', aTask({ latestVersionId: 'version-9' })),
      mockEndpoint('revertTask', ({ body }) => {
        reverted.push(body);
        return {
          task: aTask({ latestVersionId: 'version-10' }),
          version: {
            versionId: 'version-10',
            projectId: 'project-1',
            taskId: 'task-1',
            logId: '11',
            index: 10,
            previewUrl: 'http://project-1.localhost:4200/?version=10',
            summary: 'Reverted to version 1',
            origin: 'PERSON',
            createdAt: '2025-01-15T09:30:00.000Z',
          },
        };
      }),
    );
    const { user } = renderChat(<TaskChat taskId="task-1" />);

    await user.click(await screen.findByRole('button', { name: 'Revert to version 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revert to version 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));

    expect(
      await screen.findByText('Reverted to version 1. It is saved as version 10.'),
    ).toBeInTheDocument();
    expect(reverted).toEqual([{ versionId: 'version-1' }]);
  });

  it('marks the current version instead of offering a revert to it', async () => {
    renderChat(<TaskChat taskId="task-1" currentVersionId="version-1" />);
    expect(await screen.findByText('Current')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revert to version 1' })).not.toBeInTheDocument();
  });

  it('rates the newest answer and thanks the person', async () => {
    const rated: unknown[] = [];
    server.use(
      mockEndpoint('rateTask', ({ body }) => {
        rated.push(body);
        return { ok: true };
      }),
    );
    const { user } = renderChat(<TaskChat taskId="task-1" />);

    await user.click(await screen.findByRole('button', { name: 'Good answer' }));
    expect(await screen.findByText('Thanks for the feedback.')).toBeInTheDocument();
    expect(rated).toEqual([{ rating: 'POSITIVE', logId: '3' }]);
  });

  it('shows what the assistant needs, and blocks messages until it is answered', async () => {
    server.use(
      mockEndpoint('getTask', aTask({ state: 'IN_PROGRESS', pauseReason: 'ENV_VARIABLE' })),
      mockEndpoint(
        'getTaskLogs',
        aLogPage([
          aTaskLog('USER_MESSAGE', { id: '1' }),
          aNeedsAttention('ENV_VARIABLE', { id: '2' }),
        ]),
      ),
    );
    const { user } = renderChat(<TaskChat taskId="task-1" />);

    expect(
      await screen.findByRole('region', { name: 'The app needs a secret' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'Skip payments for now');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByText('Answer the request above first.')).toBeInTheDocument();
  });

  it('says plainly when the task is not there', async () => {
    server.use(errorHandler('getTask', 404, { message: 'Task not found.' }));
    renderChat(<TaskChat taskId="task-9" />);
    expect(
      await screen.findByRole('heading', { name: 'This task does not exist or is not yours' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the conversation cannot be loaded', async () => {
    server.use(errorHandler('getTaskLogs', 503));
    const { user } = renderChat(<TaskChat taskId="task-1" />);

    expect(
      await screen.findByRole('heading', { name: 'The conversation could not be loaded' }),
    ).toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    // The conversation comes back once the retry answers.
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Version 1')).toBeInTheDocument();
  });
});
