import { screen, waitFor, within } from '@testing-library/react';
import {
  aGithubIntegration,
  anMcpServer,
  errorHandler,
  mockEndpoint,
  networkErrorHandler,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { GITHUB_WINDOW_CHANNEL } from '../github-callback/github-window-messages';
import { githubFake } from '../test-utils/github-fake';
import { mcpFake } from '../test-utils/mcp-fake';
import { openRouterFake } from '../test-utils/open-router-fake';
import { renderIntegrations } from '../test-utils/render-integrations';
import { IntegrationsScreen } from './integrations-screen';

const server = setupApiServer();

function renderScreen(openExternalUrl = jest.fn(), route?: string) {
  const view = renderIntegrations(
    <IntegrationsScreen
      githubCallbackPath="/github/callback"
      supabaseRedirectPath="/integrations/supabase/redirect"
      mcpHref="/dashboard/mcp"
      openExternalUrl={openExternalUrl}
    />,
    { route },
  );
  return { ...view, openExternalUrl };
}

const githubCard = () => within(screen.getByRole('article', { name: /^GitHub/ }));

describe('IntegrationsScreen', () => {
  it('shows a GitHub card that says it is being checked, on a list of integrations', () => {
    server.use(pendingHandler('getGithubIntegration'));
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Integrations' });
    expect(within(list).getByRole('heading', { level: 2, name: 'GitHub' })).toBeInTheDocument();
    // The spinner is a status whose words are read out.
    expect(
      githubCard().getByText('Checking your GitHub connection').closest('[role="status"]'),
    ).not.toBeNull();
    expect(githubCard().queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a Database card beside code hosting: where an app’s data can live, chosen per project', async () => {
    server.use(pendingHandler('getGithubIntegration'));
    renderScreen();
    const card = within(screen.getByRole('article', { name: 'Database' }));
    expect(card.getByRole('heading', { level: 2, name: 'Database' })).toBeInTheDocument();
    expect(
      card.getByText(/Each project chooses its own, in its Settings under Database/),
    ).toBeInTheDocument();
    expect(card.getByText(/Any PostgreSQL database on a public address/)).toBeInTheDocument();
    expect(await card.findByRole('button', { name: 'Connect Supabase' })).toBeEnabled();
  });

  it('connects a Supabase account: asks for the authorize URL and sends the browser there', async () => {
    server.use(pendingHandler('getGithubIntegration'));
    const { user, openExternalUrl } = renderScreen();
    const card = within(screen.getByRole('article', { name: 'Database' }));
    await user.click(await card.findByRole('button', { name: 'Connect Supabase' }));
    await waitFor(() =>
      expect(openExternalUrl).toHaveBeenCalledWith(
        'https://api.supabase.com/v1/oauth/authorize?client_id=test&state=test-state',
      ),
    );
  });

  it('says what to set when the server has no Supabase OAuth app', async () => {
    server.use(
      pendingHandler('getGithubIntegration'),
      mockEndpoint('getSupabaseIntegration', () => ({ connection: null, configured: false })),
    );
    renderScreen();
    const card = within(screen.getByRole('article', { name: 'Database' }));
    const hint = (await card.findByText('SUPABASE_CLIENT_ID')).closest('p');
    expect(hint).toHaveTextContent(
      'create a Supabase OAuth app whose redirect URL is http://localhost/integrations/supabase/redirect',
    );
    expect(hint).toHaveTextContent('SUPABASE_CLIENT_SECRET');
    expect(card.getByText('Supabase not set up')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Connect Supabase' })).not.toBeInTheDocument();
  });

  it('shows a connected Supabase account, and disconnects it after a second confirmation', async () => {
    let connected = true;
    server.use(
      pendingHandler('getGithubIntegration'),
      mockEndpoint('getSupabaseIntegration', () => ({
        connection: connected ? { connectedAt: '2026-11-02T10:00:00.000Z' } : null,
        configured: true,
      })),
      mockEndpoint('disconnectSupabase', () => {
        connected = false;
        return { ok: true };
      }),
    );
    const { user } = renderScreen();
    const card = within(screen.getByRole('article', { name: 'Database' }));
    await user.click(await card.findByRole('button', { name: 'Disconnect Supabase' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Supabase?' });
    expect(dialog).toHaveTextContent('Projects already attached stay attached');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(card.getByRole('button', { name: 'Connect Supabase' })).toHaveFocus(),
    );
  });

  it('says what to set when the server has no GitHub OAuth App, with no way to connect', async () => {
    server.use(...githubFake({ configured: false }).handlers);
    renderScreen();
    expect(await screen.findByText('Not set up')).toBeInTheDocument();
    const hint = githubCard().getByText(/GitHub is not set up on this Mason server yet/);
    expect(hint).toHaveTextContent('GITHUB_CLIENT_ID');
    expect(hint).toHaveTextContent('GITHUB_CLIENT_SECRET');
    expect(hint).toHaveTextContent(`callback URL is ${window.location.origin}/github/callback`);
    expect(githubCard().queryByRole('button', { name: /connect/i })).not.toBeInTheDocument();
  });

  it('connects: asks for the authorize URL of the DEFAULT flow and sends the browser there', async () => {
    const fake = githubFake();
    server.use(...fake.handlers);
    const view = renderScreen();
    expect(await githubCard().findByText('Not connected')).toBeInTheDocument();

    await view.user.click(githubCard().getByRole('button', { name: 'Connect GitHub' }));

    await waitFor(() =>
      expect(view.openExternalUrl).toHaveBeenCalledWith(
        'https://github.com/login/oauth/authorize?client_id=test&state=state-1',
      ),
    );
    expect(fake.state.flows).toEqual(['DEFAULT']);
    // The page is on its way to GitHub: the button says so and takes no second click.
    expect(githubCard().getByRole('button', { name: /Opening GitHub/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('says why Connect failed beside the button, without a toast, and connects on a second try', async () => {
    const fake = githubFake();
    server.use(networkErrorHandler('getGithubAuthorizeUrl', { once: true }), ...fake.handlers);
    const view = renderScreen();
    await view.user.click(await githubCard().findByRole('button', { name: 'Connect GitHub' }));

    expect(await githubCard().findByRole('alert')).toHaveTextContent(/reach/i);
    expect(view.toasts).toEqual([]);

    await view.user.click(githubCard().getByRole('button', { name: 'Connect GitHub' }));
    await waitFor(() => expect(view.openExternalUrl).toHaveBeenCalledTimes(1));
  });

  it('shows the connected account and disconnects it after a confirmation', async () => {
    const fake = githubFake({
      integration: aGithubIntegration({
        accountLogin: 'octo-person',
        connectedAt: '2026-11-01T12:00:00.000Z',
      }),
    });
    server.use(...fake.handlers);
    const view = renderScreen();

    expect(await githubCard().findByText('Connected')).toBeInTheDocument();
    expect(githubCard().getByText('octo-person')).toBeInTheDocument();
    expect(githubCard().getByRole('img', { name: 'octo-person' })).toBeInTheDocument();
    expect(githubCard().getByText(/Connected since/)).toHaveTextContent(
      'Connected since November 1, 2026',
    );

    // Cancelling changes nothing.
    await view.user.click(githubCard().getByRole('button', { name: 'Disconnect' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Disconnect GitHub?' });
    expect(dialog).toHaveTextContent('octo-person');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.state.disconnects).toBe(0);

    await view.user.click(githubCard().getByRole('button', { name: 'Disconnect' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Disconnect GitHub?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    expect(await githubCard().findByText('Not connected')).toBeInTheDocument();
    expect(fake.state.disconnects).toBe(1);
    expect(githubCard().queryByText('octo-person')).not.toBeInTheDocument();
    expect(screen.getByText('GitHub is disconnected.')).toBeInTheDocument();
    await waitFor(() =>
      expect(githubCard().getByRole('button', { name: 'Connect GitHub' })).toHaveFocus(),
    );
  });

  it('keeps the account when disconnecting fails, and the toast says why', async () => {
    server.use(
      errorHandler('disconnectGithub', 500),
      ...githubFake({ integration: aGithubIntegration() }).handlers,
    );
    const view = renderScreen();
    await view.user.click(await githubCard().findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect GitHub?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    await waitFor(() =>
      expect(view.toasts).toEqual([expect.objectContaining({ message: 'Unknown server error' })]),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(githubCard().getByText('Connected')).toBeInTheDocument();
  });

  it('says the connection could not be checked, and tries again', async () => {
    const fake = githubFake({ integration: aGithubIntegration({ accountLogin: 'ada' }) });
    server.use(errorHandler('getGithubIntegration', 500, {}, { once: true }), ...fake.handlers);
    const view = renderScreen();

    const alert = await githubCard().findByRole('alert');
    expect(alert).toHaveTextContent('Your GitHub connection could not be checked');
    expect(alert).toHaveTextContent('Unknown server error');
    await view.user.click(githubCard().getByRole('button', { name: 'Try again' }));
    expect(await githubCard().findByText('ada')).toBeInTheDocument();
  });

  it('shows an account connected in a popup as soon as the popup says so', async () => {
    const fake = githubFake();
    server.use(...fake.handlers);
    renderScreen();
    expect(await githubCard().findByText('Not connected')).toBeInTheDocument();

    // The popup's exchange happened on the server; then it announces it on the channel.
    fake.state.integration = aGithubIntegration({ accountLogin: 'octo-popup' });
    const channel = new BroadcastChannel(GITHUB_WINDOW_CHANNEL);
    channel.postMessage({
      id: 'popup-1',
      type: 'mason:github-connected',
      integration: fake.state.integration,
    });
    channel.close();

    expect(await githubCard().findByText('octo-popup')).toBeInTheDocument();
  });

  it('shows a card per service: GitHub, Database, MCP servers and OpenRouter', async () => {
    renderScreen();
    const list = within(screen.getByRole('list', { name: 'Integrations' }));
    expect(
      list.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['GitHub', 'Database', 'MCP servers', 'OpenRouter']);
    await screen.findByRole('button', { name: 'Connect OpenRouter' });
  });

  it('MCP servers: what they are for, how many, and the way to manage them', async () => {
    server.use(
      ...mcpFake({
        servers: [
          anMcpServer(),
          anMcpServer({ id: 'mcp-2', name: 'docs', url: 'https://docs.example.com/mcp' }),
        ],
      }).handlers,
    );
    renderScreen();
    const card = within(screen.getByRole('article', { name: 'MCP servers' }));
    expect(
      card.getByText(/Tools from outside Mason that the assistant may call/),
    ).toBeInTheDocument();
    expect(await card.findByText('2 servers')).toBeInTheDocument();
    expect(
      within(card.getByRole('list', { name: 'Your MCP servers' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['linear', 'docs']);
    expect(card.getByRole('link', { name: 'Manage MCP servers' })).toHaveAttribute(
      'href',
      '/dashboard/mcp',
    );
  });

  it('MCP servers: none yet leads to adding one; a server that needs a look says so', async () => {
    server.use(...mcpFake({ servers: [] }).handlers);
    const first = renderScreen();
    let card = within(screen.getByRole('article', { name: 'MCP servers' }));
    expect(await card.findByText('None added')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Add an MCP server' })).toHaveAttribute(
      'href',
      '/dashboard/mcp',
    );
    first.unmount();

    server.use(
      ...mcpFake({ servers: [anMcpServer({ lastError: 'The server did not answer.' })] }).handlers,
    );
    renderScreen();
    card = within(screen.getByRole('article', { name: 'MCP servers' }));
    expect(await card.findByText('1 server needs a look')).toBeInTheDocument();
  });

  it('OpenRouter: connects by asking for the authorize URL and sending the browser there', async () => {
    const fake = openRouterFake();
    server.use(...fake.handlers);
    const { user, openExternalUrl } = renderScreen();
    const card = within(screen.getByRole('article', { name: 'OpenRouter' }));
    expect(await card.findByText('Not connected')).toBeInTheDocument();
    expect(card.getByText(/Mason charges no credits/)).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Connect OpenRouter' }));
    await waitFor(() => expect(openExternalUrl).toHaveBeenCalledTimes(1));
    expect(openExternalUrl.mock.calls[0]?.[0]).toMatch(
      /^https:\/\/openrouter\.ai\/auth\?callback_url=.*state%3Dor-state-1/,
    );
    expect(card.getByRole('button', { name: /Opening OpenRouter/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('OpenRouter: says why Connect failed beside the button, without a toast', async () => {
    server.use(
      networkErrorHandler('getOpenRouterAuthorizeUrl', { once: true }),
      ...openRouterFake().handlers,
    );
    const { user, toasts } = renderScreen();
    const card = within(screen.getByRole('article', { name: 'OpenRouter' }));
    await user.click(await card.findByRole('button', { name: 'Connect OpenRouter' }));
    expect(await card.findByRole('alert')).toHaveTextContent(/reach/i);
    expect(toasts).toEqual([]);
  });

  it('OpenRouter: shows the connection and disconnects it after a confirmation', async () => {
    const fake = openRouterFake({ connection: { connectedAt: '2026-11-02T10:00:00.000Z' } });
    server.use(...fake.handlers);
    const { user } = renderScreen();
    const card = within(screen.getByRole('article', { name: 'OpenRouter' }));
    expect(await card.findByText(/Connected since/)).toHaveTextContent(
      'Connected since November 2, 2026. Your turns run on your OpenRouter key and are not charged Mason credits',
    );

    await user.click(card.getByRole('button', { name: 'Disconnect OpenRouter' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Disconnect OpenRouter?' });
    expect(dialog).toHaveTextContent('charged Mason credits again');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.state.disconnects).toBe(0);

    await user.click(card.getByRole('button', { name: 'Disconnect OpenRouter' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Disconnect OpenRouter?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(card.getByRole('button', { name: 'Connect OpenRouter' })).toHaveFocus(),
    );
    expect(fake.state.disconnects).toBe(1);
    expect(
      screen.getByText('OpenRouter is disconnected. Your turns are charged Mason credits again.'),
    ).toBeInTheDocument();
  });

  it('OpenRouter: says the connection could not be checked, and tries again', async () => {
    server.use(
      errorHandler('getOpenRouterIntegration', 500, {}, { once: true }),
      ...openRouterFake({ connection: { connectedAt: '2026-11-02T10:00:00.000Z' } }).handlers,
    );
    const { user } = renderScreen();
    const card = within(screen.getByRole('article', { name: 'OpenRouter' }));
    expect(await card.findByRole('alert')).toHaveTextContent(
      'Your OpenRouter connection could not be checked',
    );
    await user.click(card.getByRole('button', { name: 'Try again' }));
    expect(await card.findByText(/Connected since/)).toBeInTheDocument();
  });
});
