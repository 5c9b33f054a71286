import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { anMcpServer, errorHandler, pendingHandler } from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import { mcpFake } from '../test-utils/mcp-fake';
import { McpServersScreen } from './mcp-servers-screen';

const meta = {
  title: 'Integrations/MCP servers',
  component: McpServersScreen,
  args: { openExternalUrl: fn() },
  parameters: { layout: 'fullscreen' },
  decorators: [
    withStoryProviders({
      route: '/dashboard/mcp',
      path: '/dashboard/mcp',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof McpServersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const NOTION = anMcpServer({
  id: 'mcp-2',
  name: 'notion',
  url: 'https://mcp.notion.com/mcp',
  authKind: 'OAUTH',
  headerNames: [],
  authorized: false,
  tools: [],
  toolsListedAt: null,
});

/** A server with three tools: Always, Ask, Never each; a click sets one. */
export const Default: Story = {
  parameters: { msw: { handlers: mcpFake().handlers } },
  play: async ({ canvas }) => {
    const linear = within(await canvas.findByRole('article', { name: 'linear' }));
    const group = within(
      linear.getByRole('group', { name: 'What the assistant may do with Create issue' }),
    );
    await userEvent.click(group.getByRole('radio', { name: 'Always' }));
    await waitFor(() => expect(group.getByRole('radio', { name: 'Always' })).toBeChecked());
  },
};

/** No servers yet: what they are for, and "Add a server". */
export const Empty: Story = {
  parameters: { msw: { handlers: mcpFake({ servers: [] }).handlers } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No MCP servers yet')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add a server' })).toBeVisible();
  },
};

/** The servers are being asked for. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getMcpServers')] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading your MCP servers')).toBeInTheDocument();
  },
};

/** They could not be loaded: why, and "Try again". */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [errorHandler('getMcpServers', 500)] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Your MCP servers could not be loaded')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Adding a server with an API key header: it lists its tools at once. */
export const AddServer: Story = {
  parameters: { msw: { handlers: mcpFake({ servers: [] }).handlers } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a server' }));
    const form = within(await canvas.findByRole('form', { name: 'Add an MCP server' }));
    await userEvent.type(form.getByLabelText('Name'), 'docs');
    await userEvent.type(form.getByLabelText('Address'), 'https://docs.example.com/mcp');
    await userEvent.click(form.getByRole('button', { name: 'Add a header' }));
    await userEvent.type(form.getByLabelText('Name of header 1'), 'X-Api-Key');
    await userEvent.type(form.getByLabelText('Value of header 1'), 'secret');
    await userEvent.click(form.getByRole('button', { name: 'Add the server' }));
    await expect(await canvas.findByRole('article', { name: 'docs' })).toBeVisible();
  },
};

/** The server refused a field: the reason at that field. */
export const FieldRefused: Story = {
  parameters: { msw: { handlers: mcpFake().handlers } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a server' }));
    const form = within(await canvas.findByRole('form', { name: 'Add an MCP server' }));
    await userEvent.type(form.getByLabelText('Name'), 'intranet');
    await userEvent.type(form.getByLabelText('Address'), 'http://10.0.0.5/mcp');
    await userEvent.click(form.getByRole('button', { name: 'Add the server' }));
    await expect(
      await form.findByText('That address is on a private network, which Mason does not reach.'),
    ).toBeVisible();
  },
};

/** An OAuth server Mason holds no token for, and one whose tools could not be listed. */
export const NeedsAttention: Story = {
  parameters: {
    msw: {
      handlers: mcpFake({
        servers: [
          NOTION,
          anMcpServer({ tools: [], lastError: 'The server did not answer within 10 seconds.' }),
        ],
      }).handlers,
    },
  },
  play: async ({ canvas, args }) => {
    const notion = within(await canvas.findByRole('article', { name: 'notion' }));
    await userEvent.click(notion.getByRole('button', { name: 'Authorize' }));
    await waitFor(() => expect(args.openExternalUrl).toHaveBeenCalled());
    const linear = within(canvas.getByRole('article', { name: 'linear' }));
    await expect(linear.getByRole('alert')).toHaveTextContent(
      'The server did not answer within 10 seconds.',
    );
  },
};
