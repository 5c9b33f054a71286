import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ErrorMessages, type TaskLogsQuery, type TaskStreamEvent } from '@mason/contract';
import {
  aModelsResponse,
  aTask,
  aTaskLog,
  errorHandler,
  mockEndpoint,
  pendingHandler,
  taskEventsHandler,
} from '@mason/api-client/testing';
import { getStoryHarness } from '@mason/web-testing';
import { aLogPage, aLongHistory, aTurn } from '../../test-utils/chat-fixtures';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { TaskChat } from './task-chat';

const meta = {
  title: 'Task chat/Chat',
  component: TaskChat,
  args: { taskId: 'task-1' },
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 720 } } },
  decorators: [
    ...chatStoryDecorators(),
    (Story) => (
      <div
        style={{
          display: 'flex',
          flex: 1,
          minHeight: 0,
          maxWidth: 560,
          borderRight: '1px solid #27272a',
        }}
      >
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TaskChat>;

export default meta;
type Story = StoryObj<typeof meta>;

const running = aTask({ state: 'IN_PROGRESS' });

/** The words of an answer, one delta per word, as the model streams them. */
function wordsOf(
  draftId: string,
  text: string,
  delayMs = 90,
): { event: TaskStreamEvent; delayMs: number }[] {
  return text
    .split(/(?<= )/)
    .map((word) => ({ event: { type: 'delta', draftId, text: word }, delayMs }));
}

/** A short conversation: the description, the version made and the answer. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const log = await canvas.findByRole('log', { name: 'Conversation' });
    await expect(await within(log).findByText('Version 1')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Good answer' })).toBeVisible();
  },
};

/** A task with no entry yet. */
export const EmptyTask: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getTaskLogs', aLogPage([]))] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('No messages yet. Describe what to build or change below.'),
    ).toBeVisible();
  },
};

/** The assistant writes its answer: the words appear as they are produced. */
export const StreamingDraft: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getTask', running),
        mockEndpoint(
          'getTaskLogs',
          aLogPage([aTaskLog('USER_MESSAGE', { id: '1', content: 'Add a footer with the year' })]),
        ),
        taskEventsHandler(
          wordsOf(
            'draft-1',
            'I will add a **footer** to `src/App.tsx` that shows the current year, then check that the project still builds. ',
          ),
          { loop: true },
        ),
      ],
    },
  },
  play: async ({ canvas }) => {
    const draft = await canvas.findByRole('article', {
      name: 'Assistant’s message, being written',
    });
    await waitFor(() => expect(draft).toHaveTextContent(/footer/));
    await expect(canvas.getByRole('status')).toHaveTextContent('The assistant is writing…');
  },
};

/** The assistant at work before its first word: the typing indicator. */
export const Thinking: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getTask', running)] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Working…')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Pause' })).toBeVisible();
  },
};

/** What the assistant did, one line per tool, the details a click away. */
export const ToolRows: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getTaskLogs', aLogPage(aTurn(1)))] } },
  play: async ({ canvas }) => {
    const edited = await canvas.findByRole('button', { name: 'Edited src/App.tsx' });
    await userEvent.click(edited);
    await expect(edited).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('button', { name: 'Checked the build: 2 errors' })).toBeVisible();
  },
};

/** A turn that ended in an error. */
export const ErrorEntry: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getTask', aTask({ state: 'FAILED' })),
        mockEndpoint(
          'getTaskLogs',
          aLogPage([
            aTaskLog('USER_MESSAGE', { id: '1' }),
            aTaskLog('ERROR', {
              id: '2',
              content: 'The model provider did not answer (HTTP 500). Try again in a moment.',
            }),
          ]),
        ),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/The model provider did not answer/)).toBeVisible();
  },
};

/** Paused by the person: resume, or send a message. */
export const Paused: Story = {
  parameters: {
    msw: {
      handlers: [mockEndpoint('getTask', aTask({ state: 'IN_PROGRESS', pauseReason: 'MANUAL' }))],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Resume' })).toBeVisible();
    // The conversation may still be loading (its spinner is a status too): find the task's own.
    await expect(
      await canvas.findByText('Paused. Resume the task, or send a message to steer it.'),
    ).toHaveAttribute('role', 'status');
  },
};

/** A task that stopped before it finished. */
export const Failed: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getTask', aTask({ state: 'FAILED' }))] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A turn that changed no file: "No changes made" (a label on COMPLETED), with what to try. */
export const NoChangesMade: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getTask', aTask({ state: 'COMPLETED', noChanges: true })),
        mockEndpoint(
          'getTaskLogs',
          aLogPage([
            aTaskLog('USER_MESSAGE', { id: '1', content: 'Make it pop' }),
            aTaskLog('AI_MESSAGE', {
              id: '2',
              content: 'The page already has a bold heading and a bright button.',
            }),
            aTaskLog('STATUS', {
              id: '3',
              content: 'No changes made',
              payload: { state: 'COMPLETED', pauseReason: null, noChanges: true },
            }),
          ]),
        ),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(/^No changes made\. Try saying it another way/),
    ).toHaveAttribute('role', 'status');
    const log = await canvas.findByRole('log', { name: 'Conversation' });
    await expect(await within(log).findByText('No changes made')).toBeVisible();
  },
};

/** Archived: no messages until it is unarchived. */
export const Archived: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getTask', aTask({ state: 'ARCHIVED' }))] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Unarchive' })).toBeVisible();
  },
};

const HISTORY = aLongHistory(10_000);

/** 10 000 entries: only the rows in view are in the page; older pages load when scrolling up. */
export const LongHistory: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getTaskLogs', ({ query }) => {
          const { beforeLogId, afterLogId, limit = 50 } = query as TaskLogsQuery;
          if (afterLogId) return aLogPage([], true);
          const end = beforeLogId ? Number(beforeLogId) - 1 : HISTORY.length;
          const start = Math.max(0, end - limit);
          return aLogPage(HISTORY.slice(start, end), start > 0);
        }),
      ],
    },
  },
  play: async ({ canvas, canvasElement }) => {
    const log = await canvas.findByRole('log', { name: 'Conversation' });
    await expect(await within(log).findByText(/^Answer 10000:/)).toBeVisible();
    await expect(canvasElement.querySelectorAll('[data-index]').length).toBeLessThan(60);
  },
};

/** The assistant is working: a message can be typed but not sent, and the reason is given. */
export const SendBlocked: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getTask', running)] } },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByLabelText('Message'), 'Also add a footer');
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(
      canvas.getByText('The assistant is working. Wait for it, or pause it.'),
    ).toBeInTheDocument();
  },
};

/** The send fails: 'Error sending message', and the text stays for another try. */
export const SendError: Story = {
  parameters: { msw: { handlers: [errorHandler('sendTaskMessage', 500)] } },
  play: async (context) => {
    const { canvas } = context;
    const message = await canvas.findByLabelText('Message');
    await canvas.findByText('Done');
    await userEvent.type(message, 'Add a footer{Enter}');
    await waitFor(() =>
      expect(getStoryHarness(context).toasts.map(({ message: text }) => text)).toContain(
        ErrorMessages.sendMessageFailed,
      ),
    );
    await expect(message).toHaveValue('Add a footer');
  },
};

/** No AI provider is configured on the server: the picker offers nothing and says what to set. */
export const NoModels: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint('getModels', aModelsResponse({ available: [] }))] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('note')).toHaveTextContent(/No AI model is configured/);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getTaskLogs')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading the conversation')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [errorHandler('getTaskLogs', 503)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'The conversation could not be loaded' }),
    ).toBeVisible();
  },
};
