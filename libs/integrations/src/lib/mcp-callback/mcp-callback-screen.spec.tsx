import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import {
  anMcpServer,
  mockEndpoint,
  networkErrorHandler,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { MCP_BAD_STATE_MESSAGE, mcpFake } from '../test-utils/mcp-fake';
import { renderIntegrations } from '../test-utils/render-integrations';
import { McpCallbackScreen } from './mcp-callback-screen';
import { listenForMcpWindowResult, type McpWindowResult } from './mcp-window-messages';

const server = setupApiServer();

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

let stateCount = 0;
/** A fake whose Authorize was pressed for notion: a fresh state each test (exchanges are per page load). */
function authorizingFake() {
  const fake = mcpFake({ servers: [anMcpServer(), NOTION] });
  server.use(...fake.handlers);
  stateCount += 1;
  return { fake, state: fake.issueState('mcp-2', `issued-${stateCount}`) };
}

function renderCallback(
  search: string,
  { popup = false, signedIn = true, strict = false, closeWindow = jest.fn() } = {},
) {
  const path = popup ? '/mcp/callback/close' : '/mcp/callback';
  const ui = (
    <McpCallbackScreen
      popup={popup}
      signedIn={signedIn}
      mcpServersHref="/dashboard/mcp"
      loginHref="/login"
      closeWindow={closeWindow}
    />
  );
  const view = renderIntegrations(strict ? <StrictMode>{ui}</StrictMode> : ui, {
    route: `${path}${search}`,
    path,
  });
  return { ...view, closeWindow };
}

describe('McpCallbackScreen', () => {
  it('shows progress while the code is exchanged', () => {
    server.use(pendingHandler('completeMcpOauth'));
    renderCallback('?code=abc&state=pending-state');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Connecting the MCP server…' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Signing in to the MCP server').closest('[role="status"]'),
    ).not.toBeNull();
  });

  it('posts the code and state once, even when React runs the effect twice, and says what the server lists', async () => {
    const { fake, state } = authorizingFake();
    renderCallback(`?code=code-1&state=${state}`, { strict: true });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'notion is connected' }),
    ).toBeInTheDocument();
    expect(fake.state.exchanges).toEqual([{ state, code: 'code-1' }]);
    expect(
      screen.getByText(
        'Mason signed in to notion and found 3 tools. Choose what the assistant may do with each in MCP servers.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to MCP servers' })).toHaveAttribute(
      'href',
      '/dashboard/mcp',
    );
    expect(fake.state.servers.find(({ id }) => id === 'mcp-2')?.authorized).toBe(true);
  });

  it('says a used or unknown state in the server’s words, with no retry', async () => {
    const { fake } = authorizingFake();
    renderCallback('?code=code-2&state=used-state');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The MCP server was not connected' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MCP_BAD_STATE_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to MCP servers' })).toHaveAttribute(
      'href',
      '/dashboard/mcp',
    );
    expect(fake.state.exchanges).toHaveLength(1);
  });

  it('says the person did not allow Mason, when the sign-in sends them back with access_denied', () => {
    const fake = mcpFake();
    server.use(...fake.handlers);
    renderCallback('?error=access_denied&state=state-3');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You did not allow Mason to use this MCP server, so nothing was connected.',
    );
    expect(fake.state.exchanges).toEqual([]);
  });

  it('says the sign-in’s own reason for another error', () => {
    renderCallback('?error=invalid_scope&error_description=The+scope+is+not+known&state=s');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The MCP server’s sign-in did not finish: The scope is not known. Authorize it again from MCP servers.',
    );
  });

  it('opened by itself: says there is nothing to do, with the way to MCP servers', () => {
    renderCallback('');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Nothing to connect' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Nothing was changed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to MCP servers' })).toBeInTheDocument();
  });

  it('tries the same code again after a failure worth retrying', async () => {
    const { state } = authorizingFake();
    server.use(networkErrorHandler('completeMcpOauth', { once: true }));
    const view = renderCallback(`?code=code-4&state=${state}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(/reach/i);

    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'notion is connected' }),
    ).toBeInTheDocument();
  });

  it('says when signing in worked but the tools could not be listed', async () => {
    server.use(
      mockEndpoint('completeMcpOauth', {
        server: { ...NOTION, authorized: true, lastError: 'The server closed the connection.' },
        authorizeUrl: null,
      }),
    );
    renderCallback('?code=code-5&state=state-5');
    expect(
      await screen.findByText(
        'Mason signed in to notion, but its tools could not be listed: The server closed the connection. List them again from MCP servers.',
      ),
    ).toBeInTheDocument();
  });

  it('asks a visitor who is not logged in to log in, and posts nothing', () => {
    const fake = mcpFake();
    server.use(...fake.handlers);
    renderCallback('?code=code-6&state=state-6', { signedIn: false });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Log in to connect the MCP server' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(fake.state.exchanges).toEqual([]);
  });

  it('in a popup: tells the page that opened it and closes itself, with a fallback if the browser keeps it open', async () => {
    const { state } = authorizingFake();
    const heard: McpWindowResult[] = [];
    const stop = listenForMcpWindowResult((result) => heard.push(result));
    try {
      const view = renderCallback(`?code=code-7&state=${state}`, { popup: true, strict: true });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'notion is connected' }),
      ).toBeInTheDocument();
      expect(view.closeWindow).toHaveBeenCalledTimes(1);
      expect(screen.getByText(/You can close this window/)).toBeInTheDocument();
      await waitFor(() => expect(heard).toHaveLength(1));
      expect(heard[0]).toMatchObject({
        type: 'mason:mcp-connected',
        server: { id: 'mcp-2', authorized: true },
      });

      await view.user.click(screen.getByRole('button', { name: 'Close this window' }));
      expect(view.closeWindow).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });

  it('in a popup: tells the opener by postMessage to its own origin when it failed, and stays open', async () => {
    authorizingFake();
    const postMessage = jest.fn();
    const original = Object.getOwnPropertyDescriptor(window, 'opener');
    Object.defineProperty(window, 'opener', {
      value: { postMessage } as unknown as Window,
      configurable: true,
    });
    try {
      const view = renderCallback('?code=code-8&state=unknown-state', { popup: true });
      expect(await screen.findByRole('alert')).toHaveTextContent(MCP_BAD_STATE_MESSAGE);
      expect(postMessage).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'mason:mcp-failed', message: MCP_BAD_STATE_MESSAGE }),
        window.location.origin,
      );
      expect(view.closeWindow).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Close this window' })).toBeInTheDocument();
    } finally {
      if (original) Object.defineProperty(window, 'opener', original);
    }
  });
});
