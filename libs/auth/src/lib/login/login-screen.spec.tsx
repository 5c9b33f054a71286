import { screen, waitFor } from '@testing-library/react';
import { aClientConfig, errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderAuth } from '../test-utils/render-auth';
import { LoginScreen } from './login-screen';

const server = setupApiServer();

async function logIn(
  user: ReturnType<typeof renderAuth>['user'],
  email = 'ada@example.com',
  password = 'secret-pass-1',
) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => localStorage.clear());

describe('LoginScreen', () => {
  it('logs in, keeps the token and e-mail in storage, and lands on /dashboard/projects', async () => {
    const view = renderAuth(<LoginScreen />, {
      route: '/login',
      path: '/login',
      routes: { '/dashboard/projects': <h1>Dashboard</h1> },
    });
    await logIn(view.user);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/dashboard/projects');
    expect(localStorage.getItem('mason.session.token')).toBe('test-token');
    expect(localStorage.getItem('mason.session.email')).toBe('ada@example.com');
    expect(view.store.getState().session.status).toBe('authenticated');
  });

  it('sends the bearer token when it fetches the user after login', async () => {
    let authorization: string | null = null;
    server.use(
      mockEndpoint('getCurrentUser', ({ request }) => {
        authorization = request.headers.get('authorization');
        return {
          id: 'u1',
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'L',
          emailVerified: false,
          hasPassword: true,
          signupSource: null,
          createdAt: '2025-01-01T00:00:00.000Z',
        };
      }),
    );
    const view = renderAuth(<LoginScreen />, {
      route: '/login',
      path: '/login',
      routes: { '/dashboard/projects': <h1>Dashboard</h1> },
    });
    await logIn(view.user);
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(authorization).toBe('Bearer test-token');
  });

  it('goes to the project when a project id was given to login', async () => {
    const view = renderAuth(<LoginScreen />, {
      route: '/login?projectId=p42',
      path: '/login',
      routes: { '/projects/:projectId': <h1>Project</h1> },
    });
    await logIn(view.user);
    expect(await screen.findByRole('heading', { name: 'Project' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/projects/p42');
  });

  it('goes to the checkout URL from the server when a plan was chosen', async () => {
    let checkoutType: unknown;
    server.use(
      mockEndpoint('createCheckout', ({ body }) => {
        checkoutType = (body as { type: string }).type;
        return { checkoutUrl: 'https://checkout.example.com/session/1' };
      }),
    );
    const openExternalUrl = jest.fn();
    const view = renderAuth(<LoginScreen />, {
      route: '/login?plan=pro',
      path: '/login',
      openExternalUrl,
    });
    await logIn(view.user);
    await waitFor(() =>
      expect(openExternalUrl).toHaveBeenCalledWith('https://checkout.example.com/session/1'),
    );
    expect(checkoutType).toBe('PRO');
  });

  it('sends the referral_code cookie with the chosen plan’s checkout (SPEC.md 7)', async () => {
    document.cookie = 'referral_code=FRIEND7';
    let sent: unknown;
    server.use(
      mockEndpoint('createCheckout', ({ body }) => {
        sent = body;
        return { checkoutUrl: 'https://checkout.example.com/session/2' };
      }),
    );
    const openExternalUrl = jest.fn();
    const view = renderAuth(<LoginScreen />, {
      route: '/login?plan=plus',
      path: '/login',
      openExternalUrl,
    });
    try {
      await logIn(view.user);
      await waitFor(() =>
        expect(openExternalUrl).toHaveBeenCalledWith('https://checkout.example.com/session/2'),
      );
      expect(sent).toEqual({ type: 'USAGE', referral: 'FRIEND7' });
    } finally {
      document.cookie = 'referral_code=; max-age=0';
    }
  });

  it('shows "Invalid email or password" on a 403 and stays logged out', async () => {
    server.use(errorHandler('login', 403, { message: 'Invalid email or password' }));
    const view = renderAuth(<LoginScreen />, { route: '/login', path: '/login' });
    await logIn(view.user, 'ada@example.com', 'wrong-password-1');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(view.location.pathname).toBe('/login');
    expect(localStorage.getItem('mason.session.token')).toBeNull();
    expect(view.toasts).toEqual([]);
  });

  it('checks the form with the contract before sending anything', async () => {
    const sent = jest.fn(() => ({ token: 'x' }));
    server.use(mockEndpoint('login', sent));
    const view = renderAuth(<LoginScreen />, { route: '/login', path: '/login' });
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await view.user.type(screen.getByLabelText('Email'), 'not-an-address');
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('says plainly when the server cannot be reached', async () => {
    server.use(errorHandler('login', 503));
    const view = renderAuth(<LoginScreen />, { route: '/login', path: '/login' });
    await logIn(view.user);
    expect(await screen.findByText('Unknown server error')).toBeInTheDocument();
  });

  it('offers no Google sign-in when the server has no Google client id', async () => {
    renderAuth(<LoginScreen />, { route: '/login', path: '/login' });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  describe('with Google sign-in configured', () => {
    const googleConfig = aClientConfig({ googleClientId: 'google-client', banner: null });
    afterEach(() => {
      delete window.google;
      jest.restoreAllMocks();
      document.cookie = 'referral_code=; max-age=0';
    });

    function fakeGoogleIdentity() {
      const identity = { initialize: jest.fn(), renderButton: jest.fn() };
      window.google = { accounts: { id: identity } };
      return identity;
    }

    it("renders Google Identity Services' button; its credential logs the person in with the referral code", async () => {
      let sent: unknown;
      server.use(
        mockEndpoint('getClientConfig', googleConfig),
        mockEndpoint('loginWithGoogle', ({ body }) => {
          sent = body;
          return { token: 'google-session' };
        }),
      );
      document.cookie = 'referral_code=FRIEND7';
      const identity = fakeGoogleIdentity();
      const view = renderAuth(<LoginScreen />, {
        route: '/login',
        path: '/login',
        routes: { '/dashboard/projects': <h1>Dashboard</h1> },
      });
      await waitFor(() => expect(identity.renderButton).toHaveBeenCalled());
      expect(identity.initialize).toHaveBeenCalledWith(
        expect.objectContaining({ client_id: 'google-client', ux_mode: 'popup' }),
      );
      const { callback } = identity.initialize.mock.calls[0][0] as {
        callback: (response: { credential: string }) => void;
      };
      callback({ credential: 'google-id-token' });
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(sent).toEqual({ token: 'google-id-token', referralCode: 'FRIEND7' });
      expect(view.store.getState().session).toMatchObject({
        status: 'authenticated',
        email: 'ada@example.com',
      });
    });

    it('says "Failed to login with Google" when the server refuses the credential', async () => {
      server.use(
        mockEndpoint('getClientConfig', googleConfig),
        errorHandler('loginWithGoogle', 400, { message: 'Google could not confirm this sign-in.' }),
      );
      const identity = fakeGoogleIdentity();
      renderAuth(<LoginScreen />, { route: '/login', path: '/login' });
      await waitFor(() => expect(identity.initialize).toHaveBeenCalled());
      (
        identity.initialize.mock.calls[0][0] as {
          callback: (response: { credential: string }) => void;
        }
      ).callback({ credential: 'bad' });
      expect(await screen.findByText('Failed to login with Google')).toBeInTheDocument();
    });

    it("falls back to Google's sign-in page when the Google script cannot load", async () => {
      server.use(mockEndpoint('getClientConfig', googleConfig));
      const append = document.head.appendChild.bind(document.head);
      jest.spyOn(document.head, 'appendChild').mockImplementation((node) => {
        if (node instanceof HTMLScriptElement)
          queueMicrotask(() => node.onerror?.(new Event('error')));
        return append(node);
      });
      const openExternalUrl = jest.fn();
      const view = renderAuth(<LoginScreen />, {
        route: '/login',
        path: '/login',
        openExternalUrl,
      });
      await view.user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
      const url = new URL(openExternalUrl.mock.calls[0][0] as string);
      expect(url.origin).toBe('https://accounts.google.com');
      expect(url.searchParams.get('client_id')).toBe('google-client');
      expect(url.searchParams.get('response_type')).toBe('id_token');
      expect(url.searchParams.get('redirect_uri')).toBe(
        `${window.location.origin}/auth/callback/google`,
      );
    });
  });
});
