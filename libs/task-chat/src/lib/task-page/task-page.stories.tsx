import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { errorHandler, mockEndpoint, pendingHandler } from '@mason/api-client/testing';
import { aLogPage, aTurn } from '../../test-utils/chat-fixtures';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { TaskPage } from './task-page';

const meta = {
  title: 'Task chat/Task page',
  component: TaskPage,
  args: { taskId: 'task-1' },
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, iframeHeight: 720 } },
    msw: { handlers: [mockEndpoint('getTaskLogs', aLogPage(aTurn(1)))] },
  },
  decorators: chatStoryDecorators({ route: '/task/task-1', path: '/task/:id' }),
} satisfies Meta<typeof TaskPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Open “Todo app”' })).toBeVisible();
  },
};

export const NotFound: Story = {
  parameters: { msw: { handlers: [errorHandler('getTask', 404)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'This task does not exist or is not yours' }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getTask')] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [errorHandler('getTask', 503)] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
