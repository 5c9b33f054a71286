import { StrictMode } from 'react';
import { screen, within } from '@testing-library/react';
import { networkErrorHandler, pendingHandler } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { IntegrationsScreen } from '../integrations-screen/integrations-screen';
import { OPEN_ROUTER_BAD_STATE_MESSAGE, openRouterFake } from '../test-utils/open-router-fake';
import { renderIntegrations } from '../test-utils/render-integrations';
import { OpenRouterCallbackScreen } from './open-router-callback-screen';

const server = setupApiServer();
const PATH = '/open-router/callback';

let stateCount = 0;
/** A fake whose authorize URL was asked for: a fresh state each test (exchanges are per page load). */
function connectingFake() {
  const fake = openRouterFake();
  server.use(...fake.handlers);
  stateCount += 1;
  return { fake, state: fake.issueState(`issued-${stateCount}`) };
}

function renderCallback(search: string, { signedIn = true, strict = false } = {}) {
  const ui = (
    <OpenRouterCallbackScreen
      signedIn={signedIn}
      integrationsHref="/dashboard/integrations"
      loginHref="/login"
    />
  );
  return renderIntegrations(strict ? <StrictMode>{ui}</StrictMode> : ui, {
    route: `${PATH}${search}`,
    path: PATH,
    routes: {
      '/dashboard/integrations': (
        <IntegrationsScreen
          githubCallbackPath="/github/callback"
          supabaseRedirectPath="/integrations/supabase/redirect"
          mcpHref="/dashboard/mcp"
          openExternalUrl={jest.fn()}
        />
      ),
    },
  });
}

describe('OpenRouterCallbackScreen', () => {
  it('shows progress while the code is exchanged', () => {
    server.use(pendingHandler('connectOpenRouter'));
    renderCallback('?code=abc&state=pending');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Connecting OpenRouter…' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Connecting your OpenRouter account').closest('[role="status"]'),
    ).not.toBeNull();
  });

  it('posts the code and state once, says the turns run on the person’s key, and leads back to Integrations', async () => {
    const { fake, state } = connectingFake();
    const view = renderCallback(`?code=code-1&state=${state}`, { strict: true });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'OpenRouter is connected' }),
    ).toBeInTheDocument();
    expect(fake.state.exchanges).toEqual([{ state, code: 'code-1' }]);
    expect(
      screen.getByText(
        /Your turns now run on your OpenRouter key and are not charged Mason credits/,
      ),
    ).toBeInTheDocument();

    await view.user.click(screen.getByRole('link', { name: 'Back to integrations' }));
    const card = within(await screen.findByRole('article', { name: 'OpenRouter' }));
    expect(await card.findByText(/Connected since/)).toBeInTheDocument();
    expect(card.getByText('Connected')).toBeInTheDocument();
  });

  it('says a used or unknown state in the server’s words, with no retry', async () => {
    connectingFake();
    renderCallback('?code=code-2&state=used');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'OpenRouter was not connected' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(OPEN_ROUTER_BAD_STATE_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to integrations' })).toHaveAttribute(
      'href',
      '/dashboard/integrations',
    );
  });

  it('says the person did not allow Mason, when OpenRouter sends them back with access_denied', () => {
    const { fake } = connectingFake();
    renderCallback('?error=access_denied');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You did not allow Mason to use your OpenRouter account, so nothing was connected.',
    );
    expect(fake.state.exchanges).toEqual([]);
  });

  it('opened by itself: says there is nothing to do', () => {
    renderCallback('');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Nothing to connect' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to integrations' })).toBeInTheDocument();
  });

  it('tries the same code again after a failure worth retrying', async () => {
    const { state } = connectingFake();
    server.use(networkErrorHandler('connectOpenRouter', { once: true }));
    const view = renderCallback(`?code=code-3&state=${state}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(/reach/i);
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'OpenRouter is connected' }),
    ).toBeInTheDocument();
  });

  it('asks a visitor who is not logged in to log in, and posts nothing', () => {
    const { fake } = connectingFake();
    renderCallback('?code=code-4&state=s', { signedIn: false });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Log in to connect OpenRouter' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(fake.state.exchanges).toEqual([]);
  });
});
