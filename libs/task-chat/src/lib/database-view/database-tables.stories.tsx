import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  aDatabaseTable,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { DatabaseTables } from './database-tables';

const meta = {
  title: 'Task chat/Database view/Tables',
  component: DatabaseTables,
  args: { projectId: 'project-1' },
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getDatabaseTables', {
          tables: [
            aDatabaseTable(),
            aDatabaseTable({ name: 'audit', primaryKey: [], rowLevelSecurity: false, rowCount: 0 }),
          ],
        }),
      ],
    },
  },
  decorators: chatStoryDecorators(),
} satisfies Meta<typeof DatabaseTables>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'notes 3 rows' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getDatabaseTables')] } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getDatabaseTables', { tables: [] })] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No tables yet' })).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [errorHandler('getDatabaseTables', 500)] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Try again');
  },
};
