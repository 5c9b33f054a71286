import { screen, waitFor } from '@testing-library/react';
import { aUser, errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderAuth } from '../test-utils/render-auth';
import { GoogleCallbackScreen } from './google-callback-screen';
import { startGoogleSignIn } from './google-oauth';

const server = setupApiServer();

function idTokenWith(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iss: 'https://accounts.google.com', ...claims })}.signature`;
}

/** Starts a Google sign-in in this browser and puts Google's answer in the URL, as the redirect does. */
function arriveFromGoogle({
  plan = null,
  state: stateOverride,
}: { plan?: 'PRO' | null; state?: string } = {}) {
  const url = new URL(
    startGoogleSignIn({
      clientId: 'google-client',
      redirectUri: `${location.origin}/auth/callback/google`,
      plan,
      projectId: null,
    }),
  );
  const state = stateOverride ?? url.searchParams.get('state') ?? '';
  const idToken = idTokenWith({ nonce: url.searchParams.get('nonce'), email: 'ada@example.com' });
  window.history.replaceState(null, '', `/auth/callback/google#id_token=${idToken}&state=${state}`);
  return idToken;
}

function renderCallback(openExternalUrl?: (url: string) => void) {
  return renderAuth(<GoogleCallbackScreen />, {
    route: '/auth/callback/google',
    path: '/auth/callback/google',
    routes: { '/dashboard/projects': <h1>Dashboard</h1>, '/login': <h1>Login</h1> },
    openExternalUrl,
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'referral_code=; max-age=0';
});

afterEach(() => window.history.replaceState(null, '', '/'));

describe('GoogleCallbackScreen', () => {
  it('posts the Google token and the referral_code cookie, logs in and opens the dashboard', async () => {
    document.cookie = 'referral_code=FRIEND7';
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('loginWithGoogle', ({ body }) => {
        sent.push(body);
        return { token: 'google-session' };
      }),
      mockEndpoint('getCurrentUser', aUser({ email: 'ada@example.com' })),
    );
    const idToken = arriveFromGoogle();
    const view = renderCallback();

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/dashboard/projects');
    expect(sent).toEqual([{ token: idToken, referralCode: 'FRIEND7' }]);
    expect(localStorage.getItem('mason.session.token')).toBe('google-session');
    expect(localStorage.getItem('mason.session.email')).toBe('ada@example.com');
    expect(view.store.getState().session.status).toBe('authenticated');
    // The ID token does not stay in the address bar or the history.
    expect(window.location.hash).toBe('');
  });

  it('sends no referral code when there is no cookie', async () => {
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('loginWithGoogle', ({ body }) => {
        sent.push(body);
        return { token: 'google-session' };
      }),
    );
    const idToken = arriveFromGoogle();
    renderCallback();
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(sent).toEqual([{ token: idToken }]);
  });

  it('goes to checkout when a plan was chosen before going to Google', async () => {
    const checkouts: unknown[] = [];
    server.use(
      mockEndpoint('createCheckout', ({ body }) => {
        checkouts.push(body);
        return { checkoutUrl: 'https://checkout.example.com/session/g1' };
      }),
    );
    const openExternalUrl = jest.fn();
    arriveFromGoogle({ plan: 'PRO' });
    renderCallback(openExternalUrl);
    await waitFor(() =>
      expect(openExternalUrl).toHaveBeenCalledWith('https://checkout.example.com/session/g1'),
    );
    expect(checkouts).toEqual([expect.objectContaining({ type: 'PRO' })]);
  });

  it('shows an error and sends nothing when the state does not match', async () => {
    const sent = jest.fn(() => ({ token: 'x' }));
    server.use(mockEndpoint('loginWithGoogle', sent));
    arriveFromGoogle({ state: 'forged-state' });
    renderCallback();
    expect(
      await screen.findByRole('heading', { name: 'Google sign-in failed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This sign-in did not start in this browser. Please try again.',
    );
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    expect(sent).not.toHaveBeenCalled();
    expect(localStorage.getItem('mason.session.token')).toBeNull();
  });

  it('goes to /login with the "not accepting new users" toast on a 403', async () => {
    server.use(errorHandler('loginWithGoogle', 403, { message: 'Sign-ups are closed.' }));
    arriveFromGoogle();
    const view = renderCallback();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/login');
    expect(view.toasts.map((toast) => toast.message)).toEqual([
      'We are not accepting new users at the moment. Please try again later.',
    ]);
    expect(localStorage.getItem('mason.session.token')).toBeNull();
  });

  it('shows "Failed to login with Google" on any other failure', async () => {
    server.use(errorHandler('loginWithGoogle', 500));
    arriveFromGoogle();
    const view = renderCallback();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to login with Google');
    expect(screen.getByRole('heading', { name: 'Google sign-in failed' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/auth/callback/google');
    expect(view.toasts).toEqual([]);
  });
});
