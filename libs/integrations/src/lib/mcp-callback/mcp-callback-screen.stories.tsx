import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { anMcpServer, pendingHandler } from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import { MCP_BAD_STATE_MESSAGE, mcpFake } from '../test-utils/mcp-fake';
import { McpCallbackScreen } from './mcp-callback-screen';

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

/** A fake whose Authorize handed out the state the story's URL brings back (for notion). */
function issued(state: string) {
  const fake = mcpFake({ servers: [anMcpServer(), NOTION] });
  fake.issueState('mcp-2', state);
  return fake.handlers;
}

/**
 * The sign-in's redirect with a state of the story's own: the screen exchanges a state and code
 * once per page load, and the stories share one page.
 */
const redirect = (path: string, search: string) => ({
  providers: { route: `${path}${search}`, path },
});

const meta = {
  title: 'Integrations/MCP callback',
  component: McpCallbackScreen,
  args: {
    popup: false,
    signedIn: true,
    mcpServersHref: '/dashboard/mcp',
    loginHref: '/login',
    closeWindow: fn(),
  },
  parameters: { layout: 'fullscreen' },
  decorators: [
    withStoryProviders({
      route: '/mcp/callback?code=code-1&state=pending-state',
      path: '/mcp/callback',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof McpCallbackScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Mason is finishing the sign-in and listing the server's tools. */
export const Connecting: Story = {
  parameters: { msw: { handlers: [pendingHandler('completeMcpOauth')] } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Connecting the MCP server…' }),
    ).toBeVisible();
  },
};

/** Connected: the server's name, how many tools it lists, the way to MCP servers. */
export const Connected: Story = {
  parameters: {
    ...redirect('/mcp/callback', '?code=code-c&state=connected-state'),
    msw: { handlers: issued('connected-state') },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'notion is connected' }),
    ).toBeVisible();
    await expect(canvas.getByText(/found 3 tools/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to MCP servers' })).toBeVisible();
  },
};

/** Connected in a popup (/mcp/callback/close): it tells its opener and closes itself. */
export const ConnectedInPopup: Story = {
  args: { popup: true },
  parameters: {
    ...redirect('/mcp/callback/close', '?code=code-p&state=popup-state'),
    msw: { handlers: issued('popup-state') },
  },
  play: async ({ canvas, args }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'notion is connected' }),
    ).toBeVisible();
    await expect(args.closeWindow).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Close this window' }));
    await expect(args.closeWindow).toHaveBeenCalledTimes(2);
  },
};

/** The state was used or expired: the server's words and the way back. */
export const StateRefused: Story = {
  parameters: {
    ...redirect('/mcp/callback', '?code=code-r&state=spent-state'),
    msw: { handlers: mcpFake().handlers },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(MCP_BAD_STATE_MESSAGE);
    await expect(canvas.getByRole('link', { name: 'Back to MCP servers' })).toBeVisible();
  },
};

/** The person said no on the server's sign-in page. */
export const Declined: Story = {
  parameters: redirect('/mcp/callback', '?error=access_denied&state=declined-state'),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'You did not allow Mason to use this MCP server',
    );
  },
};

/** Opened by itself: nothing to do. */
export const NothingToDo: Story = {
  parameters: redirect('/mcp/callback', ''),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Nothing to connect' }),
    ).toBeVisible();
  },
};

/** Nobody is logged in on this browser. */
export const NotLoggedIn: Story = {
  args: { signedIn: false },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Log in to connect the MCP server' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Log in' })).toBeVisible();
  },
};
