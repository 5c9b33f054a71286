import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  aTask,
  aTaskLog,
  aVersion,
  errorHandler,
  FIXTURE_TIME,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { aLogPage, aTurn } from '../../test-utils/chat-fixtures';
import { PHONE_QUERY } from '@mason/ui-kit';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { CHAT_WIDTH_STORAGE_KEY } from '../chat-width/use-chat-width';
import { ProjectWorkspace } from './project-workspace';

function PreviewPlaceholder() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', flex: 1, padding: 24, color: '#a1a1aa' }}>
      The project’s files (the live preview comes next)
    </div>
  );
}

const meta = {
  title: 'Task chat/Project workspace',
  component: ProjectWorkspace,
  args: { projectId: 'project-1', preview: <PreviewPlaceholder /> },
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, iframeHeight: 760 } },
    msw: {
      handlers: [
        mockEndpoint('getTaskLogs', aLogPage(aTurn(1))),
        mockEndpoint('getTaskVersions', {
          versions: [
            aVersion({ index: 1 }),
            aVersion({ index: 9, summary: 'Added a dark mode toggle' }),
          ],
        }),
        mockEndpoint('getTasks', {
          tasks: [
            aTask(),
            aTask({
              id: 'task-2',
              description: 'Add reminders by e-mail',
              state: 'IN_PROGRESS',
              createdAt: '2025-01-16T10:00:00.000Z',
            }),
          ],
        }),
      ],
    },
  },
  decorators: chatStoryDecorators({
    route: '/projects/project-1',
    path: '/projects/:projectId',
  }),
} satisfies Meta<typeof ProjectWorkspace>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The chat of the first task, the history open, the preview beside them. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Todo app', level: 1 })).toBeVisible();
    const history = await canvas.findByRole('complementary', { name: 'History' });
    await expect(await within(history).findByText('Version 9')).toBeVisible();
    await expect(canvas.getByRole('separator', { name: 'Resize the chat' })).toHaveAttribute(
      'aria-valuenow',
      '500',
    );
  },
};

/** The chat collapsed (stored as width 0); "Show the chat" opens it at 520 px. */
export const ChatCollapsed: Story = {
  beforeEach: () => {
    localStorage.setItem(CHAT_WIDTH_STORAGE_KEY, '0');
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Show the chat' }));
    await expect(canvas.getByRole('separator', { name: 'Resize the chat' })).toHaveAttribute(
      'aria-valuenow',
      '520',
    );
  },
};

/** The history hidden from the bar's toggle, which brings it back. */
export const HistoryHidden: Story = {
  play: async ({ canvas }) => {
    const toggle = await canvas.findByRole('button', { name: 'History' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.queryByRole('complementary', { name: 'History' })).toBeNull();
  },
};

/** A phone (the page answers the phone media query): Chat, Preview and History as tabs. */
export const Phone: Story = {
  beforeEach: () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => {
      const list = original.call(window, query);
      return query === PHONE_QUERY
        ? ({
            ...list,
            media: query,
            matches: true,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
          } as MediaQueryList)
        : list;
    };
    return () => {
      window.matchMedia = original;
    };
  },
  play: async ({ canvas }) => {
    const tabs = await canvas.findByRole('tablist', { name: 'Workspace' });
    await expect(within(tabs).getByRole('tab', { name: 'Chat' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(within(tabs).getByRole('tab', { name: 'History' }));
    await expect(await canvas.findByRole('complementary', { name: 'History' })).toBeVisible();
  },
};

/** The project's settings (name and description), from the bar. */
export const Settings: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Project settings' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Project settings' });
    await expect(within(dialog).getByRole('textbox', { name: 'Project description' })).toHaveValue(
      'A todo app with due dates and reminders',
    );
  },
};

/** "New task": what it should do, and the files the assistant reads first. */
export const NewTask: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'New task' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'New task' });
    const file = await within(dialog).findByRole('checkbox', { name: 'src/App.tsx' });
    // The dialog fades in: wait until it is shown.
    await waitFor(() => expect(file).toBeVisible());
    await expect(within(dialog).getByRole('button', { name: 'Start the task' })).toBeEnabled();
  },
};

/** Renaming in place. */
export const Renaming: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Rename the project' }));
    await expect(canvas.getByRole('textbox', { name: 'Project name' })).toHaveValue('Todo app');
  },
};

/** A turn builds: the preview keeps the last good version, with the version and step over it. */
export const Building: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getTask', aTask({ state: 'IN_PROGRESS' })),
        mockEndpoint(
          'getTaskLogs',
          aLogPage([
            aTaskLog('USER_MESSAGE', { id: '1', content: 'Add a dark mode toggle' }),
            aTaskLog('TOOL_CALL', {
              id: '2',
              payload: {
                toolCallId: 'call-1',
                toolName: 'edit_file',
                input: { path: 'src/App.tsx' },
              },
            }),
          ]),
        ),
      ],
    },
  },
  play: async ({ canvas }) => {
    const preview = await canvas.findByRole('region', { name: 'Preview' });
    await expect(await within(preview).findByRole('status')).toHaveTextContent(
      'Building version 2… Editing src/App.tsx',
    );
  },
};

/** A new project before version 1: the preview says it shows the starter page. */
export const StarterPage: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getTask', aTask({ state: 'FAILED' })),
        mockEndpoint('getProjectPreview', ({ params }) => ({
          url: `http://p-${params['id']}.localhost:4200/?mason_preview=test`,
          origin: `http://p-${params['id']}.localhost:4200`,
          versionIndex: 0,
          versionId: 'version-0',
          expiresAt: FIXTURE_TIME,
          tailwind: true,
        })),
      ],
    },
  },
  play: async ({ canvas }) => {
    const preview = await canvas.findByRole('region', { name: 'Preview' });
    await expect(await within(preview).findByRole('status')).toHaveTextContent(
      'This is the starter page',
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getProject')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading the project')).toBeInTheDocument();
  },
};

/** Another person's project, or none: 404/403. */
export const NotFound: Story = {
  parameters: {
    msw: { handlers: [errorHandler('getProject', 404, { message: 'Project not found.' })] },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'This project does not exist or is not yours' }),
    ).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [errorHandler('getProject', 500)] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
