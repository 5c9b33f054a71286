import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import {
  aDatabaseTable,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { TableRows } from './table-rows';

const meta = {
  title: 'Task chat/Database view/Table rows',
  component: TableRows,
  args: { projectId: 'project-1', table: aDatabaseTable() },
  decorators: chatStoryDecorators(),
} satisfies Meta<typeof TableRows>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Rows of notes' })).toBeVisible();
  },
};

export const Editing: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Edit body of row 1$/ }));
    await expect(canvas.getByRole('textbox', { name: 'New body' })).toHaveFocus();
  },
};

export const RefusedValue: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('updateDatabaseRow', 400, {
          message: 'invalid input syntax for type boolean: "maybe"',
        }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Edit done of row 1$/ }));
    const editor = canvas.getByRole('textbox', { name: 'New done' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'maybe{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('invalid input syntax');
  },
};

export const WithoutPrimaryKey: Story = {
  args: { table: aDatabaseTable({ name: 'audit', primaryKey: [] }) },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getDatabaseRows')] } },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getDatabaseRows', {
          columns: aDatabaseTable().columns.map(({ name, type }) => ({ name, type })),
          rows: [],
          total: 0,
        }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This table has no rows yet.')).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [errorHandler('getDatabaseRows', 500)] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The rows of notes could not be loaded',
    );
  },
};
