import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  aProject,
  aTask,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { TasksPage } from './tasks-page';

const meta = {
  title: 'Task chat/Tasks',
  component: TasksPage,
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: [
        mockEndpoint('getProjects', {
          projects: [aProject(), aProject({ id: 'project-2', name: 'Mug shop' })],
        }),
        mockEndpoint('getTasks', {
          tasks: [
            aTask(),
            aTask({
              id: 'task-2',
              projectId: 'project-2',
              description: 'Sell hand-made mugs',
              state: 'IN_PROGRESS',
            }),
            aTask({
              id: 'task-3',
              projectId: 'project-2',
              description: 'Add a cart and a checkout',
              state: 'FAILED',
            }),
            aTask({
              id: 'task-4',
              projectId: 'project-2',
              description: 'Ask for the Stripe key',
              state: 'IN_PROGRESS',
              pauseReason: 'ENV_VARIABLE',
            }),
          ],
        }),
      ],
    },
  },
  decorators: chatStoryDecorators({ route: '/tasks', path: '/tasks' }),
} satisfies Meta<typeof TasksPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const shop = await canvas.findByRole('region', { name: 'Mug shop' });
    await expect(within(shop).getAllByRole('listitem')).toHaveLength(3);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getTasks', { tasks: [] })] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No tasks yet' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getTasks')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading your tasks')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [errorHandler('getTasks', 503)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Your tasks could not be loaded' }),
    ).toBeVisible();
  },
};
