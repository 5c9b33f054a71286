import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  aDatabaseMigration,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { DatabaseMigrations } from './database-migrations';

const meta = {
  title: 'Task chat/Database view/Migrations',
  component: DatabaseMigrations,
  args: { projectId: 'project-1' },
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getDatabaseMigrations', {
          migrations: [aDatabaseMigration(), aDatabaseMigration({ name: '002_tags.sql' })],
        }),
      ],
    },
  },
  decorators: chatStoryDecorators(),
} satisfies Meta<typeof DatabaseMigrations>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('002_tags.sql')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getDatabaseMigrations')] } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getDatabaseMigrations', { migrations: [] })] } },
};

export const Error: Story = {
  parameters: { msw: { handlers: [errorHandler('getDatabaseMigrations', 500)] } },
};
