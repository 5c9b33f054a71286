import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { PauseReason, TaskActionKind } from '@mason/contract';
import { aProject, aTask, aTaskLog, mockEndpoint } from '@mason/api-client/testing';
import { aLogPage, aNeedsAttention } from '../../test-utils/chat-fixtures';
import { chatStoryDecorators } from '../../test-utils/chat-story';
import { ProjectSettingsOpenerProvider } from './project-settings-opener';
import { ProjectHeader } from '../project-workspace/project-header';
import { TaskChat } from '../task-chat/task-chat';

/** A chat whose log ends with what the assistant needs, the task paused for that reason. */
function asking(reason: PauseReason, resolved = false, answer?: TaskActionKind) {
  return {
    msw: {
      handlers: [
        mockEndpoint(
          'getTask',
          aTask({ state: 'IN_PROGRESS', pauseReason: resolved ? null : reason }),
        ),
        mockEndpoint(
          'getTaskLogs',
          aLogPage([
            aTaskLog('USER_MESSAGE', { id: '1', content: 'Take payments with Stripe' }),
            aNeedsAttention(reason, { id: '2', resolved, answer }),
          ]),
        ),
      ],
    },
  };
}

const meta = {
  title: 'Task chat/Needs attention',
  render: () => <TaskChat taskId="task-1" />,
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 640 } } },
  decorators: [
    ...chatStoryDecorators(),
    (Story) => (
      <div style={{ display: 'flex', flex: 1, minHeight: 0, maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The agent asks for a secret: one hidden field per value. */
export const EnvVariable: Story = {
  parameters: asking('ENV_VARIABLE'),
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'The app needs a secret' });
    const field = within(card).getByLabelText('Stripe secret key');
    await expect(field).toHaveAttribute('type', 'password');
    await userEvent.type(field, 'sk_test_123');
    await userEvent.click(within(card).getByRole('button', { name: 'Save the key' }));
    await waitFor(() => expect(field).toHaveValue(''));
  },
};

export const ApprovalThreshold: Story = {
  parameters: asking('APPROVAL_THRESHOLD'),
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'Keep going?' });
    await expect(within(card).getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(within(card).getByRole('button', { name: 'Stop' })).toBeVisible();
  },
};

/** OpenRouter refused the key (the person's own, or the server's): reconnect, then retry. */
export const OpenRouterInvalidKey: Story = {
  parameters: asking('OPEN_ROUTER_INVALID_KEY'),
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'OpenRouter refused the API key' });
    await expect(within(card).getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(within(card).getByRole('link', { name: 'Reconnect OpenRouter' })).toHaveAttribute(
      'href',
      '/dashboard/integrations',
    );
  },
};

/** OpenRouter answered 402: top up there (a new tab), then retry. */
export const OpenRouterNoCredits: Story = {
  parameters: asking('OPEN_ROUTER_NO_CREDITS'),
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'OpenRouter is out of credits' });
    const topUp = within(card).getByRole('link', { name: 'Top up at OpenRouter' });
    await expect(topUp).toHaveAttribute('href', 'https://openrouter.ai/settings/credits');
    await expect(topUp).toHaveAttribute('target', '_blank');
  },
};

/** The assistant asks to call an MCP tool: the server, the tool, its arguments as text. */
export const McpApproval: Story = {
  parameters: asking('MCP_SERVER_USAGE_APPROVAL'),
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'The assistant asks to use a tool' });
    await expect(
      within(card).getByRole('region', { name: 'Arguments of create_issue' }),
    ).toHaveTextContent('"description": "<img src=x onerror=');
    await expect(card.querySelector('img')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Always allow' }));
  },
};

/** An approval answered "Always allow": the answer in words, the call it was about. */
export const McpApprovalAnswered: Story = {
  parameters: asking('MCP_SERVER_USAGE_APPROVAL', true, 'APPROVE_ALWAYS'),
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'The assistant asks to use a tool' });
    await expect(
      within(card).getByText('Always allowed: this tool now runs without asking.'),
    ).toBeVisible();
    await expect(within(card).queryByRole('button')).toBeNull();
  },
};

/** An MCP server did not answer: Retry, and the way to the MCP settings. */
export const McpConnectionIssues: Story = {
  parameters: asking('MCP_SERVER_CONNECTION_ISSUES'),
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', {
      name: 'The MCP server linear cannot be reached',
    });
    await expect(within(card).getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(within(card).getByRole('link', { name: 'MCP settings' })).toHaveAttribute(
      'href',
      '/dashboard/mcp',
    );
  },
};

export const NoCredits: Story = {
  parameters: asking('NO_CREDITS'),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('region', { name: 'Your plan’s AI budget is used up' }),
    ).toBeVisible();
  },
};

export const Manual: Story = {
  parameters: asking('MANUAL'),
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'Paused' });
    await expect(within(card).getByRole('button', { name: 'Resume' })).toBeVisible();
  },
};

/** A publish of the task's version failed to build: the errors, and "Fix with AI". */
export const FailedDeployment: Story = {
  parameters: asking('FAILED_DEPLOYMENT'),
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'The published build failed' });
    await expect(within(card).getByText(/Could not resolve/)).toBeVisible();
    await expect(within(card).getByRole('button', { name: 'Fix with AI' })).toBeVisible();
  },
};

/** Commits made outside Mason, on their own (no workspace bar): Continue only. */
export const UserCommit: Story = {
  parameters: asking('USER_COMMIT'),
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'Your commit needs a look' });
    await expect(within(card).getByText(/choose which to keep/)).toBeVisible();
    await expect(within(card).getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(within(card).queryByRole('button', { name: 'Open code hosting' })).toBeNull();
  },
};

/** Commits made outside Mason, in the workspace: "Open code hosting" opens the project Settings. */
export const UserCommitInWorkspace: Story = {
  parameters: asking('USER_COMMIT'),
  // The workspace's bar and chat, with the opener the workspace gives them.
  render: () => (
    <ProjectSettingsOpenerProvider>
      <div style={{ display: 'flex', flex: 1, flexDirection: 'column', minHeight: 0 }}>
        <ProjectHeader project={aProject()} />
        <TaskChat taskId="task-1" />
      </div>
    </ProjectSettingsOpenerProvider>
  ),
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'Your commit needs a look' });
    await userEvent.click(within(card).getByRole('button', { name: 'Open code hosting' }));
    const settings = await screen.findByRole('dialog', { name: 'Project settings' });
    await waitFor(() => expect(settings).toBeVisible());
  },
};

/** Answered: what was provided, no buttons. */
export const Resolved: Story = {
  parameters: asking('ENV_VARIABLE', true),
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'The app needs a secret' });
    await expect(within(card).getByText('Answered')).toBeVisible();
    await expect(within(card).queryByRole('button')).toBeNull();
  },
};
