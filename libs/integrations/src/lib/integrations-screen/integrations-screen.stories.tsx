import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { aGithubIntegration, errorHandler, pendingHandler } from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import { githubFake } from '../test-utils/github-fake';
import { mcpFake } from '../test-utils/mcp-fake';
import { openRouterFake } from '../test-utils/open-router-fake';
import { IntegrationsScreen } from './integrations-screen';

const meta = {
  title: 'Integrations/Integrations screen',
  component: IntegrationsScreen,
  args: {
    githubCallbackPath: '/github/callback',
    supabaseRedirectPath: '/integrations/supabase/redirect',
    mcpHref: '/dashboard/mcp',
    openExternalUrl: fn(),
  },
  parameters: { layout: 'fullscreen' },
  decorators: [
    withStoryProviders({
      route: '/dashboard/integrations',
      path: '/dashboard/integrations',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof IntegrationsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const githubCard = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('article', { name: /^GitHub/ }));

/** Nobody connected yet: Connect asks for GitHub's authorize page and goes there. */
export const NotConnected: Story = {
  parameters: { msw: { handlers: githubFake().handlers } },
  play: async ({ canvasElement, args }) => {
    await expect(await githubCard(canvasElement).findByText('Not connected')).toBeVisible();
    await userEvent.click(
      githubCard(canvasElement).getByRole('button', { name: 'Connect GitHub' }),
    );
    await waitFor(() =>
      expect(args.openExternalUrl).toHaveBeenCalledWith(
        'https://github.com/login/oauth/authorize?client_id=test&state=state-1',
      ),
    );
  },
};

/** A connected account: avatar, login, since when, and Disconnect behind a confirmation. */
export const Connected: Story = {
  parameters: {
    msw: {
      handlers: githubFake({
        integration: aGithubIntegration({ accountLogin: 'octo-person', avatarUrl: null }),
      }).handlers,
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('octo-person')).toBeVisible();
    await expect(canvas.getByText(/Connected since/)).toHaveTextContent(
      'Connected since January 15, 2025',
    );
    await userEvent.click(githubCard(canvasElement).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect GitHub?' });
    await expect(dialog).toHaveTextContent('octo-person');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/** The server has no GitHub OAuth App: the card says what to set. */
export const NotSetUp: Story = {
  parameters: { msw: { handlers: githubFake({ configured: false }).handlers } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('Not set up')).toBeVisible();
    await expect(githubCard(canvasElement).getByText('GITHUB_CLIENT_ID')).toBeVisible();
    await expect(githubCard(canvasElement).getByText('GITHUB_CLIENT_SECRET')).toBeVisible();
    await expect(
      githubCard(canvasElement).queryByRole('button', { name: 'Connect GitHub' }),
    ).not.toBeInTheDocument();
  },
};

/** The connection is being checked. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getGithubIntegration')] } },
  play: async ({ canvasElement }) => {
    await expect(
      githubCard(canvasElement).getByText('Checking your GitHub connection'),
    ).toBeInTheDocument();
  },
};

/** The check failed: the reason and a way to try again. */
export const CheckFailed: Story = {
  parameters: { msw: { handlers: [errorHandler('getGithubIntegration', 500)] } },
  play: async ({ canvasElement }) => {
    const card = githubCard(canvasElement);
    await expect(await card.findByRole('alert')).toHaveTextContent(
      'Your GitHub connection could not be checked',
    );
    await expect(card.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

const card = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('article', { name }));

/** OpenRouter connected: since when, turns not charged Mason credits, Disconnect confirmed. */
export const OpenRouterConnected: Story = {
  parameters: {
    msw: {
      handlers: openRouterFake({ connection: { connectedAt: '2025-01-10T09:00:00.000Z' } })
        .handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const openRouter = card(canvasElement, 'OpenRouter');
    await expect(await openRouter.findByText(/Connected since/)).toHaveTextContent(
      'Connected since January 10, 2025',
    );
    await userEvent.click(openRouter.getByRole('button', { name: 'Disconnect OpenRouter' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect OpenRouter?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/** OpenRouter not connected: Connect asks for its authorize page and goes there. */
export const OpenRouterNotConnected: Story = {
  parameters: { msw: { handlers: openRouterFake().handlers } },
  play: async ({ canvasElement, args }) => {
    const openRouter = card(canvasElement, 'OpenRouter');
    await userEvent.click(await openRouter.findByRole('button', { name: 'Connect OpenRouter' }));
    await waitFor(() => expect(args.openExternalUrl).toHaveBeenCalled());
  },
};

/** No MCP servers yet: the card leads to adding one. */
export const NoMcpServers: Story = {
  parameters: { msw: { handlers: mcpFake({ servers: [] }).handlers } },
  play: async ({ canvasElement }) => {
    const mcp = card(canvasElement, 'MCP servers');
    await expect(await mcp.findByText('None added')).toBeVisible();
    await expect(mcp.getByRole('link', { name: 'Add an MCP server' })).toHaveAttribute(
      'href',
      '/dashboard/mcp',
    );
  },
};
