import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { errorHandler, mockEndpoint, pendingHandler } from '@mason/api-client/testing';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { DatabaseUsers } from './database-users';

const meta = {
  title: 'Task chat/Database view/Users',
  component: DatabaseUsers,
  args: { projectId: 'project-1' },
  decorators: chatStoryDecorators(),
} satisfies Meta<typeof DatabaseUsers>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ada@example.com')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getDatabaseUsers')] } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getDatabaseUsers', { users: [] })] } },
};

export const Error: Story = {
  parameters: { msw: { handlers: [errorHandler('getDatabaseUsers', 500)] } },
};
