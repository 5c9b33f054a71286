import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { errorHandler, mockEndpoint, pendingHandler } from '@mason/api-client/testing';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { DatabaseView } from './database-view';

const meta = {
  title: 'Task chat/Database view',
  component: DatabaseView,
  args: { projectId: 'project-1' },
  parameters: { layout: 'fullscreen' },
  decorators: chatStoryDecorators(),
} satisfies Meta<typeof DatabaseView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A notes app: one table, two app users, one migration (the default fakes). */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Rows of notes' })).toBeVisible();
    await expect(
      within(canvas.getByRole('tablist', { name: 'Database' })).getAllByRole('tab'),
    ).toHaveLength(4);
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        pendingHandler('getDatabaseTables'),
        pendingHandler('getDatabaseUsers'),
        pendingHandler('getDatabaseMigrations'),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading the tables')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getDatabaseTables', { tables: [] }),
        mockEndpoint('getDatabaseUsers', { users: [] }),
        mockEndpoint('getDatabaseMigrations', { migrations: [] }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No tables yet' })).toBeVisible();
  },
};

export const Error: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('getDatabaseTables', 500),
        errorHandler('getDatabaseUsers', 500),
        errorHandler('getDatabaseMigrations', 500),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The tables could not be loaded',
    );
  },
};
