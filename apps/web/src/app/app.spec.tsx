import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { api } from '@mason/api-client';
import {
  aClientConfig,
  aGithubIntegration,
  anMcpServer,
  aUser,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { restoreSession } from '@mason/auth';
import { showToast } from '@mason/ui-kit';
import { setupApiServer } from '@mason/web-testing';
import { App } from './app';
import { currentLocation } from './location';
import { makeStore } from './store';

// posthog-js is the analytics SDK behind the one adapter; the test stands in for it at the
// package boundary and records what Mason asks of it.
const mockPosthog = { init: jest.fn(), capture: jest.fn(), identify: jest.fn(), reset: jest.fn() };
jest.mock('posthog-js', () => ({ __esModule: true, default: mockPosthog }));

const server = setupApiServer();

// The toast host loads notistack on the first toast, and every screen is a lazy chunk: load them
// once up front (however long a busy machine takes to compile them), so that cost does not land
// inside whichever test opens a screen first, within its wait for what a person would see.
beforeAll(async () => {
  const routes = readdirSync(path.join(__dirname, 'routes')).filter(
    (file) => /\.tsx?$/.test(file) && !/\.(spec|stories)\./.test(file),
  );
  await Promise.all([
    import('notistack'),
    ...routes.map((file) => import(`./routes/${file.replace(/\.tsx?$/, '')}`)),
  ]);
}, 600_000);

const SESSION_TOKEN = 'mason.session.token';
const SESSION_EMAIL = 'mason.session.email';

/** Where the router is now, as a person would read it in the address bar. */
const address = { pathname: '', search: '' };
function AddressBar() {
  const location = useLocation();
  address.pathname = location.pathname;
  address.search = location.search;
  return null;
}

/** Starts Mason as main.tsx does (a fresh store, toasts through ui-kit, the session restored), at `route`. */
function startMason(route: string) {
  const store = makeStore({
    getPathname: () => currentLocation.pathname,
    baseUrl: `${location.origin}/api`,
    notify: (message, options) => void showToast(message, options),
  });
  void store.dispatch(restoreSession());
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[route]}>
      <App store={store} />
      <AddressBar />
    </MemoryRouter>,
  );
  return { ...view, store, user };
}

/** Fills a field as a paste: typing key by key re-renders the whole shell per key, which is slow in jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Fills in the sign-up screen that is open and sends it. */
async function signUpOnScreen(
  user: ReturnType<typeof userEvent.setup>,
  firstName: string,
  lastName: string,
  email: string,
) {
  await fill(user, screen.getByLabelText('First name'), firstName);
  await fill(user, screen.getByLabelText('Last name'), lastName);
  await fill(user, screen.getByLabelText('Email'), email);
  await fill(user, screen.getByLabelText('Password', { selector: 'input' }), 'analytical-engine-1');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

function storeSession(token = 'stored-token', email = 'ada@example.com') {
  localStorage.setItem(SESSION_TOKEN, token);
  localStorage.setItem(SESSION_EMAIL, email);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  currentLocation.pathname = '/';
  for (const fn of Object.values(mockPosthog)) fn.mockClear();
});

describe('the Mason shell', () => {
  it('shows the loading screen with the logo while the session is restored', async () => {
    storeSession();
    server.use(pendingHandler('getCurrentUser'));
    startMason('/settings');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading Mason');
    expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('sends an anonymous visit to /settings to /login', async () => {
    const askedWhoAmI = jest.fn(() => aUser());
    server.use(mockEndpoint('getCurrentUser', askedWhoAmI));
    startMason('/settings');
    expect(await screen.findByRole('heading', { name: 'Log in to Mason' })).toBeInTheDocument();
    expect(address.pathname).toBe('/login');
    expect(askedWhoAmI).not.toHaveBeenCalled();
  });

  it('remembers the plan a visitor chose on /pricing through sign-up, then opens the checkout the server returns', async () => {
    // jsdom can only follow a change of the fragment, so the fake checkout page is this page's #checkout.
    const checkoutUrl = `${window.location.href.split('#')[0]}#checkout-session-1`;
    const checkouts: unknown[] = [];
    server.use(
      mockEndpoint('createCheckout', ({ body }) => {
        checkouts.push(body);
        return { checkoutUrl };
      }),
    );
    const mason = startMason('/pricing');
    await mason.user.click(await screen.findByRole('link', { name: 'Choose Pro' }));
    expect(
      await screen.findByRole('heading', { name: 'Create your Mason account' }),
    ).toBeInTheDocument();
    expect(address).toEqual({ pathname: '/signup', search: '?plan=PRO' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?plan=PRO');

    await signUpOnScreen(mason.user, 'Ada', 'Lovelace', 'ada@example.com');
    await waitFor(() => expect(window.location.href).toBe(checkoutUrl));
    expect(checkouts).toEqual([expect.objectContaining({ type: 'PRO' })]);
    window.location.hash = '';
  });

  it('keeps the code of a referral link to any page and sends it with the sign-up', async () => {
    document.cookie = 'referral_code=; max-age=0; path=/';
    const signups: unknown[] = [];
    // The plan chosen leads to its checkout after sign-up: this page's #checkout (see above).
    const checkoutUrl = `${window.location.href.split('#')[0]}#checkout-session-2`;
    server.use(
      mockEndpoint('signup', ({ body }) => {
        signups.push(body);
        return { token: 'new-token' };
      }),
      mockEndpoint('createCheckout', { checkoutUrl }),
    );
    const mason = startMason('/pricing?ref=ADA7K2M9QX');
    await mason.user.click(await screen.findByRole('link', { name: 'Choose Pro' }));
    expect(
      await screen.findByRole('heading', { name: 'Create your Mason account' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Referral code/)).toHaveValue('ADA7K2M9QX');
    await signUpOnScreen(mason.user, 'Grace', 'Hopper', 'grace@example.com');
    await waitFor(() => expect(window.location.href).toBe(checkoutUrl));
    expect(signups).toEqual([expect.objectContaining({ referralCode: 'ADA7K2M9QX' })]);
    document.cookie = 'referral_code=; max-age=0; path=/';
    window.location.hash = '';
  });

  it('opens the rewards screen at /dashboard/rewards', async () => {
    storeSession();
    startMason('/dashboard/rewards');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rewards' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Your referral link' })).toBeInTheDocument();
  });

  it('opens the integrations screen at /integrations and at /dashboard/integrations', async () => {
    storeSession();
    const first = startMason('/integrations');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Integrations' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Connect GitHub' })).toBeInTheDocument();
    first.unmount();

    startMason('/dashboard/integrations');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Integrations' }),
    ).toBeInTheDocument();
    expect(address.pathname).toBe('/dashboard/integrations');
  });

  it('finishes connecting GitHub on /github/callback with the restored session, then shows the account', async () => {
    storeSession();
    const exchanges: unknown[] = [];
    const authorizations: (string | null)[] = [];
    server.use(
      mockEndpoint('connectGithub', ({ body, request }) => {
        exchanges.push(body);
        authorizations.push(request.headers.get('authorization'));
        return { integration: aGithubIntegration({ accountLogin: 'ada-codes' }), configured: true };
      }),
      mockEndpoint('getGithubIntegration', () => ({
        integration: exchanges.length ? aGithubIntegration({ accountLogin: 'ada-codes' }) : null,
        configured: true,
      })),
    );
    startMason('/github/callback?code=the-code&state=the-state');
    expect(await screen.findByText('GitHub is connected as ada-codes.')).toBeInTheDocument();
    expect(address.pathname).toBe('/dashboard/integrations');
    expect(exchanges).toEqual([{ state: 'the-state', code: 'the-code' }]);
    expect(authorizations).toEqual(['Bearer stored-token']);
  });

  it('asks a visitor on /github/callback to log in instead of posting the code', async () => {
    startMason('/github/callback/window?code=the-code&state=the-state');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to connect GitHub' }),
    ).toBeInTheDocument();
    expect(address.pathname).toBe('/github/callback/window');
  });

  it('opens the MCP servers screen at /dashboard/mcp, not a “coming soon” page', async () => {
    storeSession();
    startMason('/dashboard/mcp');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'MCP servers' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'linear' })).toBeInTheDocument();
    expect(screen.queryByText(/upcoming release/)).not.toBeInTheDocument();
  });

  it('finishes an MCP server’s sign-in on /mcp/callback with the restored session', async () => {
    storeSession();
    const exchanges: unknown[] = [];
    server.use(
      mockEndpoint('completeMcpOauth', ({ body }) => {
        exchanges.push(body);
        return {
          server: anMcpServer({ authKind: 'OAUTH', headerNames: [], authorized: true }),
          authorizeUrl: null,
        };
      }),
    );
    startMason('/mcp/callback?code=the-code&state=the-state');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'linear is connected' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to MCP servers' })).toHaveAttribute(
      'href',
      '/dashboard/mcp',
    );
    expect(exchanges).toEqual([{ state: 'the-state', code: 'the-code' }]);
    expect(address.pathname).toBe('/mcp/callback');
  });

  it('asks a visitor on /mcp/callback/close to log in instead of posting the code', async () => {
    startMason('/mcp/callback/close?code=the-code&state=the-state');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to connect the MCP server' }),
    ).toBeInTheDocument();
    expect(address.pathname).toBe('/mcp/callback/close');
  });

  it('connects OpenRouter on /open-router/callback, with the way back to integrations', async () => {
    storeSession();
    startMason('/open-router/callback?code=the-code&state=the-state');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'OpenRouter is connected' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to integrations' })).toHaveAttribute(
      'href',
      '/dashboard/integrations',
    );
  });

  it('lists in the main menu only screens that exist', async () => {
    storeSession();
    startMason('/dashboard/rewards');
    await screen.findByRole('heading', { level: 1, name: 'Rewards' });
    // Below the desktop width the menu hides behind a button (a media query jsdom does not
    // apply), so the menu is found by its label rather than as visible navigation.
    const menu = document.querySelector('nav[aria-label="Main"]');
    if (!(menu instanceof HTMLElement)) throw new Error('There is no main menu.');
    expect([...menu.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Projects',
      'Integrations',
      'Billing',
      'Rewards',
      'Settings',
    ]);
  });

  it('starts a signed-in person on the landing page from the prompt box, a visitor from sign-up', async () => {
    startMason('/');
    expect(
      await screen.findByRole('link', { name: 'Start building for free' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'What do you want to build?' }),
    ).not.toBeInTheDocument();
    cleanup();

    storeSession();
    startMason('/');
    expect(
      await screen.findByRole('heading', { name: 'What do you want to build?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Describe the app you want' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Start building for free' })).not.toBeInTheDocument();
    expect(address.pathname).toBe('/');
  });

  it('lets an anonymous visitor open a public page', async () => {
    startMason('/pricing');
    expect(
      await screen.findByRole('heading', { name: 'Start free. Pay as Mason does more.' }),
    ).toBeInTheDocument();
    expect(address.pathname).toBe('/pricing');
  });

  it('restores a stored session on start, and sends an unknown route to /dashboard/projects', async () => {
    storeSession();
    const authorizations: (string | null)[] = [];
    server.use(
      mockEndpoint('getCurrentUser', ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return aUser();
      }),
    );
    const mason = startMason('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Your projects' })).toBeInTheDocument();
    expect(address.pathname).toBe('/dashboard/projects');
    expect(authorizations[0]).toBe('Bearer stored-token');
    expect(mason.store.getState().session).toMatchObject({
      status: 'authenticated',
      token: 'stored-token',
      email: 'ada@example.com',
    });
  });

  it('opens the settings of a restored session at /settings and at /dashboard/settings', async () => {
    storeSession();
    const first = startMason('/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    first.unmount();

    startMason('/dashboard/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(address.pathname).toBe('/dashboard/settings');
  });

  it('logs in and lands on /dashboard/projects, reminding an unverified person to verify', async () => {
    server.use(mockEndpoint('getCurrentUser', aUser({ emailVerified: false })));
    const mason = startMason('/login');
    await fill(mason.user, await screen.findByLabelText('Email'), 'ada@example.com');
    await fill(
      mason.user,
      screen.getByLabelText('Password', { selector: 'input' }),
      'secret-pass-1',
    );
    await mason.user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Your projects' })).toBeInTheDocument();
    expect(address.pathname).toBe('/dashboard/projects');
    expect(await screen.findByText('Verify your e-mail address')).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_TOKEN)).toBe('test-token');
  });

  it('ends the session on a 401 from any call and shows the login screen', async () => {
    storeSession();
    const mason = startMason('/settings');
    await screen.findByLabelText('First name');
    server.use(errorHandler('updateCurrentUser', 401));
    await mason.user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByRole('heading', { name: 'Log in to Mason' })).toBeInTheDocument();
    expect(address.pathname).toBe('/login');
    expect(localStorage.getItem(SESSION_TOKEN)).toBeNull();
    expect(localStorage.getItem(SESSION_EMAIL)).toBeNull();
    expect(mason.store.getState().session.token).toBeNull();
  });

  it('on a /projects path, a 401 shows "Cannot find project. Please login and try again." and goes to /login', async () => {
    storeSession();
    server.use(errorHandler('getProject', 401));
    const mason = startMason('/projects/project-1');

    expect(await screen.findByRole('heading', { name: 'Log in to Mason' })).toBeInTheDocument();
    expect(address).toEqual({ pathname: '/login', search: '?projectId=project-1' });
    const toast = await screen.findByText('Cannot find project. Please login and try again.');
    expect(toast.closest('[role="alert"]')).not.toBeNull();
    expect(localStorage.getItem(SESSION_TOKEN)).toBeNull();
    expect(mason.store.getState().session.token).toBeNull();
  });

  it('sends an anonymous visitor of a project (401) to /login with the same message', async () => {
    server.use(errorHandler('getProject', 401));
    startMason('/projects/project-1');

    expect(await screen.findByRole('heading', { name: 'Log in to Mason' })).toBeInTheDocument();
    expect(address.pathname).toBe('/login');
    expect(
      await screen.findByText('Cannot find project. Please login and try again.'),
    ).toBeInTheDocument();
  });

  it('asks once for a project a visitor opens, says so once, and opens the project after login', async () => {
    const projectCalls: string[] = [];
    const count = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/api/projects/project-1')
        projectCalls.push(request.method);
    };
    server.events.on('request:start', count);
    server.use(errorHandler('getProject', 401, {}, { once: true }));
    const mason = startMason('/projects/project-1');

    expect(await screen.findByRole('heading', { name: 'Log in to Mason' })).toBeInTheDocument();
    expect(address).toEqual({ pathname: '/login', search: '?projectId=project-1' });
    expect(
      await screen.findAllByText('Cannot find project. Please login and try again.'),
    ).toHaveLength(1);
    expect(projectCalls).toEqual(['GET']);

    await fill(mason.user, screen.getByLabelText('Email'), 'ada@example.com');
    await fill(
      mason.user,
      screen.getByLabelText('Password', { selector: 'input' }),
      'secret-pass-1',
    );
    await mason.user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Todo app', level: 1 })).toBeInTheDocument();
    expect(address.pathname).toBe('/projects/project-1');
    server.events.removeListener('request:start', count);
  });

  it('opens the project workspace: the project, the chat of its first task, the history', async () => {
    storeSession();
    startMason('/projects/project-1');

    expect(await screen.findByRole('heading', { name: 'Todo app', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('log', { name: 'Conversation' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'History' })).toBeInTheDocument();
  });

  it('"Log out" in the account menu ends the session and shows the login screen', async () => {
    storeSession();
    const mason = startMason('/dashboard/projects');
    await mason.user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await mason.user.click(screen.getByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Log in to Mason' })).toBeInTheDocument();
    expect(address.pathname).toBe('/login');
    expect(localStorage.getItem(SESSION_TOKEN)).toBeNull();
  });

  it('shows the announcement banner; dismissed, it stays hidden after a reload', async () => {
    const first = startMason('/');
    const banner = await screen.findByRole('region', { name: 'Announcement' });
    expect(banner).toHaveTextContent('Mason will shut down at the end of October 2025.');
    expect(within(banner).getByRole('link', { name: 'Read the migration guide' })).toHaveAttribute(
      'href',
      'https://example.com/migration-guide',
    );
    await first.user.click(within(banner).getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    first.unmount();

    const second = startMason('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Mason builds it while you watch.',
    );
    await waitFor(() =>
      expect(second.store.getState().api.queries['getClientConfig(undefined)']?.status).toBe(
        'fulfilled',
      ),
    );
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
  });

  it('opens the usage-limit modal when a call answers "Usage limit reached", and "See plans" leads to pricing', async () => {
    storeSession();
    const mason = startMason('/dashboard/projects');
    await screen.findByRole('heading', { name: 'Your projects' });
    server.use(
      errorHandler('createProject', 403, {
        message: 'Usage limit reached',
        limitResetDate: '2025-11-01T12:00:00.000Z',
      }),
    );
    await act(async () => {
      await mason.store.dispatch(
        api.endpoints.createProject.initiate({ description: 'A todo app with due dates' }),
      );
    });

    const dialog = await screen.findByRole('dialog', { name: 'You have reached your usage limit' });
    expect(dialog).toHaveAccessibleDescription(/November 1, 2025/);
    expect(await screen.findByText('User cannot perform requested action')).toBeInTheDocument();
    await mason.user.click(within(dialog).getByRole('link', { name: 'See plans' }));
    expect(
      await screen.findByRole('heading', { name: 'Start free. Pay as Mason does more.' }),
    ).toBeInTheDocument();
    expect(address.pathname).toBe('/pricing');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('records a page view on every route change, and identifies a restored session', async () => {
    server.use(
      mockEndpoint(
        'getClientConfig',
        aClientConfig({ analytics: { key: 'phc_test', host: 'https://ph.example' } }),
      ),
    );
    storeSession();
    const mason = startMason('/pricing');
    await screen.findByRole('heading', { name: 'Start free. Pay as Mason does more.' });
    await waitFor(() =>
      expect(mockPosthog.capture).toHaveBeenCalledWith('$pageview', { $current_url: '/pricing' }),
    );

    await mason.user.click(
      within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', {
        name: 'Privacy policy',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy policy' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(mockPosthog.capture).toHaveBeenLastCalledWith('$pageview', {
        $current_url: '/privacy_policy',
      }),
    );
    expect(
      mockPosthog.capture.mock.calls
        .filter(([event]) => event === '$pageview')
        .map(([, props]) => props),
    ).toEqual([{ $current_url: '/pricing' }, { $current_url: '/privacy_policy' }]);
    expect(mockPosthog.init).toHaveBeenCalledWith(
      'phc_test',
      expect.objectContaining({ api_host: 'https://ph.example', mask_all_text: true }),
    );
    await waitFor(() =>
      expect(mockPosthog.identify).toHaveBeenCalledWith('user-1', {
        email: 'ada@example.com',
        name: 'Ada Lovelace',
      }),
    );
  });

  it('tells analytics to forget the person after logging out', async () => {
    server.use(
      mockEndpoint(
        'getClientConfig',
        aClientConfig({ analytics: { key: 'phc_test', host: 'https://ph.example' } }),
      ),
    );
    storeSession();
    const mason = startMason('/dashboard/projects');
    await screen.findByRole('heading', { name: 'Your projects' });
    await waitFor(() => expect(mockPosthog.identify).toHaveBeenCalledTimes(1));
    const resetsBefore = mockPosthog.reset.mock.calls.length;
    await mason.user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await mason.user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Log in to Mason' });
    await waitFor(() => expect(mockPosthog.reset.mock.calls.length).toBeGreaterThan(resetsBefore));
    expect(Math.max(...mockPosthog.reset.mock.invocationCallOrder)).toBeGreaterThan(
      mockPosthog.identify.mock.invocationCallOrder[0],
    );
    await waitFor(() =>
      expect(mockPosthog.capture).toHaveBeenLastCalledWith('$pageview', { $current_url: '/login' }),
    );
  });

  it('sends nothing to analytics when no key is configured', async () => {
    const mason = startMason('/');
    await screen.findByRole('heading', { level: 1 });
    await mason.user.click(screen.getByRole('link', { name: 'See pricing' }));
    await screen.findByRole('heading', { name: 'Start free. Pay as Mason does more.' });
    expect(mockPosthog.init).not.toHaveBeenCalled();
    expect(mockPosthog.capture).not.toHaveBeenCalled();
  });
});

describe('the page', () => {
  it('is titled with the product name and described as SPEC.md says', () => {
    const page = new DOMParser().parseFromString(
      readFileSync(path.join(__dirname, '../../index.html'), 'utf8'),
      'text/html',
    );
    expect(page.title).toBe('Mason');
    expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Build Scalable MVPs and Internal Tools with AI',
    );
  });
});
