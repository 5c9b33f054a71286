import { StrictMode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import type { GithubCallbackFlow } from '@mason/contract';
import { networkErrorHandler, pendingHandler } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { IntegrationsScreen } from '../integrations-screen/integrations-screen';
import { BAD_STATE_MESSAGE, githubFake } from '../test-utils/github-fake';
import { renderIntegrations } from '../test-utils/render-integrations';
import { GithubCallbackScreen } from './github-callback-screen';
import {
  GITHUB_WINDOW_CHANNEL,
  listenForGithubWindowResult,
  type GithubWindowResult,
} from './github-window-messages';

const server = setupApiServer();

const PATHS: Record<GithubCallbackFlow, string> = {
  DEFAULT: '/github/callback',
  EXISTING: '/github/callback/existing',
  WINDOW: '/github/callback/window',
};

let stateCount = 0;
/** A fake whose authorize URL was asked for: a fresh state each test (exchanges are per page load). */
function connectingFake() {
  const fake = githubFake();
  server.use(...fake.handlers);
  stateCount += 1;
  return { fake, state: fake.issueState(`issued-${stateCount}`) };
}

function renderCallback(
  flow: GithubCallbackFlow,
  search: string,
  { signedIn = true, closeWindow = jest.fn(), strict = false } = {},
) {
  const screenUi = (
    <GithubCallbackScreen
      flow={flow}
      signedIn={signedIn}
      integrationsHref="/dashboard/integrations"
      importProjectHref="/dashboard/projects/existing"
      loginHref="/login"
      closeWindow={closeWindow}
    />
  );
  const view = renderIntegrations(strict ? <StrictMode>{screenUi}</StrictMode> : screenUi, {
    route: `${PATHS[flow]}${search}`,
    path: PATHS[flow],
    routes: {
      '/dashboard/integrations': (
        <IntegrationsScreen
          githubCallbackPath="/github/callback"
          supabaseRedirectPath="/integrations/supabase/redirect"
          mcpHref="/dashboard/mcp"
          openExternalUrl={jest.fn()}
        />
      ),
      '/dashboard/projects/existing': <h1>Import a project</h1>,
      '/login': <h1>Log in</h1>,
    },
  });
  return { ...view, closeWindow };
}

describe('GithubCallbackScreen', () => {
  it('shows progress while the code is exchanged', async () => {
    server.use(pendingHandler('connectGithub'));
    renderCallback('DEFAULT', '?code=abc&state=pending-state');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Connecting GitHub…' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Connecting your GitHub account').closest('[role="status"]'),
    ).not.toBeNull();
  });

  it('DEFAULT: posts code and state once, even when React runs the effect twice, then lands on Integrations saying so', async () => {
    const { fake, state } = connectingFake();
    const view = renderCallback('DEFAULT', `?code=code-1&state=${state}`, { strict: true });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Integrations' }),
    ).toBeInTheDocument();
    expect(view.location.pathname).toBe('/dashboard/integrations');
    expect(fake.state.exchanges).toEqual([{ state, code: 'code-1' }]);
    expect(await screen.findByText('GitHub is connected as octo-person.')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    // Said once: the history entry no longer carries it.
    await waitFor(() => expect(view.location.search).toBe(''));
  });

  it('EXISTING: goes back to the import screen once connected', async () => {
    const { fake, state } = connectingFake();
    const view = renderCallback('EXISTING', `?code=code-2&state=${state}`);
    expect(await screen.findByRole('heading', { name: 'Import a project' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/dashboard/projects/existing');
    expect(fake.state.integration?.accountLogin).toBe('octo-person');
  });

  it('WINDOW: tells the opener through the channel and closes itself, with a fallback if the browser keeps it open', async () => {
    const { state } = connectingFake();
    const heard: GithubWindowResult[] = [];
    const stop = listenForGithubWindowResult((result) => heard.push(result));
    try {
      const view = renderCallback('WINDOW', `?code=code-3&state=${state}`, { strict: true });

      expect(
        await screen.findByRole('heading', { level: 1, name: 'GitHub is connected' }),
      ).toBeInTheDocument();
      expect(view.closeWindow).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('status')).toHaveTextContent(
        'Mason is connected to the GitHub account octo-person.',
      );
      await waitFor(() => expect(heard).toHaveLength(1));
      expect(heard[0]).toMatchObject({
        type: 'mason:github-connected',
        integration: { accountLogin: 'octo-person' },
      });

      await view.user.click(screen.getByRole('button', { name: 'Close this window' }));
      expect(view.closeWindow).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('link', { name: 'Go to integrations' })).toHaveAttribute(
        'href',
        '/dashboard/integrations',
      );
    } finally {
      stop();
    }
  });

  it('WINDOW: tells the opener by postMessage to its own origin', async () => {
    const { state } = connectingFake();
    const postMessage = jest.fn();
    const opener = { postMessage } as unknown as Window;
    const original = Object.getOwnPropertyDescriptor(window, 'opener');
    Object.defineProperty(window, 'opener', { value: opener, configurable: true });
    try {
      renderCallback('WINDOW', `?code=code-4&state=${state}`);
      await screen.findByRole('heading', { level: 1, name: 'GitHub is connected' });
      expect(postMessage).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'mason:github-connected' }),
        window.location.origin,
      );
    } finally {
      if (original) Object.defineProperty(window, 'opener', original);
    }
  });

  it('shows the server’s message for a wrong or used state, and the way back', async () => {
    const { fake } = connectingFake();
    renderCallback('DEFAULT', '?code=code-5&state=not-issued');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'GitHub was not connected' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(BAD_STATE_MESSAGE);
    expect(screen.getByRole('link', { name: 'Back to integrations' })).toHaveAttribute(
      'href',
      '/dashboard/integrations',
    );
    // Nothing to try again with: the state is spent.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(fake.state.exchanges).toHaveLength(1);
  });

  it('says the person refused access on GitHub, and posts nothing', async () => {
    const { fake } = connectingFake();
    renderCallback(
      'EXISTING',
      '?error=access_denied&error_description=The+user+has+denied+your+application+access.&state=s',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You did not allow Mason to use your GitHub account, so nothing was connected.',
    );
    expect(screen.getByRole('link', { name: 'Back to importing a project' })).toHaveAttribute(
      'href',
      '/dashboard/projects/existing',
    );
    expect(fake.state.exchanges).toEqual([]);
  });

  it('WINDOW: a refusal is told to the opener too, and the window offers to close', async () => {
    const heard: GithubWindowResult[] = [];
    const stop = listenForGithubWindowResult((result) => heard.push(result));
    try {
      const view = renderCallback('WINDOW', '?error=access_denied&state=s');
      await waitFor(() =>
        expect(heard).toEqual([expect.objectContaining({ type: 'mason:github-failed' })]),
      );
      await view.user.click(screen.getByRole('button', { name: 'Close this window' }));
      expect(view.closeWindow).toHaveBeenCalled();
    } finally {
      stop();
    }
  });

  it('says GitHub’s answer is missing when the page is opened without code and state', () => {
    renderCallback('DEFAULT', '');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This page did not receive an answer from GitHub.',
    );
  });

  it('asks a visitor who is not logged in to log in first, and posts nothing', async () => {
    const { fake, state } = connectingFake();
    renderCallback('DEFAULT', `?code=code-6&state=${state}`, { signedIn: false });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Log in to connect GitHub' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(fake.state.exchanges).toEqual([]);
  });

  it('offers to try again when Mason could not be reached, and then connects', async () => {
    const { fake, state } = connectingFake();
    server.use(networkErrorHandler('connectGithub', { once: true }));
    const view = renderCallback('DEFAULT', `?code=code-7&state=${state}`);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/reach/i)).toBeInTheDocument();
    expect(view.toasts).toEqual([]);
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Integrations' }),
    ).toBeInTheDocument();
    expect(fake.state.exchanges).toEqual([{ state, code: 'code-7' }]);
  });
});

describe('listenForGithubWindowResult', () => {
  it('hears a result once when it comes both from the opener and from the channel', async () => {
    const heard: GithubWindowResult[] = [];
    const stop = listenForGithubWindowResult((result) => heard.push(result));
    const result: GithubWindowResult = { id: 'r1', type: 'mason:github-failed', message: 'No.' };
    try {
      window.dispatchEvent(
        new MessageEvent('message', { data: result, origin: window.location.origin }),
      );
      // Another origin is not listened to.
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { ...result, id: 'r2' },
          origin: 'https://elsewhere.example',
        }),
      );
      const channel = new BroadcastChannel(GITHUB_WINDOW_CHANNEL);
      channel.postMessage(result);
      channel.postMessage({ type: 'something-else', id: 'r3' });
      // Messages on a channel arrive in order: once this one is heard, the ones before it were.
      const last: GithubWindowResult = { id: 'r4', type: 'mason:github-failed', message: 'Last.' };
      channel.postMessage(last);
      channel.close();
      await waitFor(() => expect(heard).toEqual([result, last]));
    } finally {
      stop();
    }
  });
});
