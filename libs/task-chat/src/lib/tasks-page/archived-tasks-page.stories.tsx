import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { aTask, errorHandler, mockEndpoint, pendingHandler } from '@mason/api-client/testing';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { ArchivedTasksPage } from './archived-tasks-page';

const meta = {
  title: 'Task chat/Archived tasks',
  component: ArchivedTasksPage,
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: [mockEndpoint('getTasks', { tasks: [aTask({ state: 'ARCHIVED' })] })] },
  },
  decorators: chatStoryDecorators({ route: '/archived', path: '/archived' }),
} satisfies Meta<typeof ArchivedTasksPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Unarchive “Build a todo app with due dates”' }),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getTasks', { tasks: [] })] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Nothing archived' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getTasks')] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [errorHandler('getTasks', 503)] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
