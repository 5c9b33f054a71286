import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import {
  aTask,
  aVersion,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { HistoryPanel } from './history-panel';

const meta = {
  title: 'Task chat/History panel',
  component: HistoryPanel,
  args: {
    projectId: 'project-1',
    selectedTaskId: 'task-1',
    currentVersionId: 'version-3',
    onSelectTask: fn(),
    onClose: fn(),
  },
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getTaskVersions', {
          versions: [
            aVersion({ index: 1, summary: 'Made the todo list' }),
            aVersion({ index: 2, summary: 'Added due dates' }),
            aVersion({ index: 3, summary: 'Fixed the crash in the reminders', origin: 'REPAIR' }),
          ],
        }),
        mockEndpoint('getTasks', {
          tasks: [
            aTask(),
            aTask({ id: 'task-2', description: 'Add a calendar view', state: 'FAILED' }),
          ],
        }),
      ],
    },
  },
  decorators: [
    ...chatStoryDecorators(),
    (Story) => (
      <div style={{ width: 288, height: 640, display: 'flex', borderLeft: '1px solid #27272a' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof HistoryPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const versions = await canvas.findByRole('region', { name: 'Versions' });
    await expect(await within(versions).findByText('Version 3')).toBeVisible();
    await expect(within(versions).getByText('Current')).toBeVisible();
    // The assistant's repair of its own error says so.
    await expect(within(versions).getByText('Repair')).toBeVisible();
    // Revert waits for the task (it may still be loading when the versions show).
    const revert = within(versions).getByRole('button', { name: 'Revert to version 1' });
    await waitFor(() => expect(revert).toBeEnabled());
  },
};

/** While the task runs, reverts wait. */
export const TaskRunning: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getTask', aTask({ state: 'IN_PROGRESS' }))] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Revert to version 1' })).toBeDisabled();
  },
};

export const NoVersions: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getTaskVersions', { versions: [] })] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This task has made no version yet.')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [pendingHandler('getTasks'), pendingHandler('getTaskVersions')] },
  },
};

export const LoadError: Story = {
  parameters: {
    msw: { handlers: [errorHandler('getTasks', 503), errorHandler('getTaskVersions', 503)] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/The tasks could not be loaded/)).toBeVisible();
  },
};
