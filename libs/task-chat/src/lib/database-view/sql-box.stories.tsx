import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import {
  aDatabaseSqlResponse,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { SqlBox } from './sql-box';

const meta = {
  title: 'Task chat/Database view/SQL box',
  component: SqlBox,
  args: { projectId: 'project-1' },
  decorators: chatStoryDecorators(),
} satisfies Meta<typeof SqlBox>;

export default meta;
type Story = StoryObj<typeof meta>;

const runQuery = async (canvas: { getByRole: (role: string, options: object) => HTMLElement }) => {
  await userEvent.type(canvas.getByRole('textbox', { name: 'SQL' }), 'select id, body from notes');
  await userEvent.click(canvas.getByRole('button', { name: 'Run' }));
};

export const Default: Story = {};

export const Result: Story = {
  play: async ({ canvas }) => {
    await runQuery(canvas);
    await expect(await canvas.findByRole('table', { name: 'Result' })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [mockEndpoint('runDatabaseSql', aDatabaseSqlResponse({ columns: [], rows: [] }))],
    },
  },
  play: async ({ canvas }) => {
    await runQuery(canvas);
    await expect(await canvas.findByText('The statement returned no rows.')).toBeVisible();
  },
};

export const Running: Story = {
  parameters: { msw: { handlers: [pendingHandler('runDatabaseSql')] } },
  play: async ({ canvas }) => {
    await runQuery(canvas);
  },
};

export const Refused: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('runDatabaseSql', 400, {
          message: 'cannot execute INSERT in a read-only transaction',
        }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await runQuery(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('read-only transaction');
  },
};
