import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { aClientConfig, errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderAuth } from '../test-utils/render-auth';
import { SignupScreen } from './signup-screen';

const server = setupApiServer();

/** The dashboard as the shell renders it: what the login hands over in the history state. */
function DashboardWithState() {
  const state = useLocation().state as {
    failedCheckout?: { plan: string; message: string };
  } | null;
  return (
    <>
      <h1>Dashboard</h1>
      <p data-testid="failed-checkout">
        {state?.failedCheckout && `${state.failedCheckout.plan}: ${state.failedCheckout.message}`}
      </p>
    </>
  );
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'referral_code=; max-age=0';
});

async function fillSignup(user: ReturnType<typeof renderAuth>['user']) {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'analytical-engine-1');
}

describe('SignupScreen', () => {
  it('creates the account, logs the person in at once and opens the dashboard', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      mockEndpoint('signup', ({ body: sent }) => {
        body = sent as Record<string, unknown>;
        return { token: 'new-token' };
      }),
    );
    const view = renderAuth(<SignupScreen />, {
      route: '/signup?ref=FRIEND1',
      path: '/signup',
      routes: { '/dashboard/projects': <h1>Dashboard</h1> },
    });
    await fillSignup(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine-1',
      referralCode: 'FRIEND1',
    });
    expect(localStorage.getItem('mason.session.token')).toBe('new-token');
  });

  it('keeps the new account signed in when the chosen plan’s checkout cannot start, and tells the dashboard why', async () => {
    server.use(
      mockEndpoint('signup', () => ({ token: 'new-token' })),
      errorHandler('createCheckout', 409, { message: 'You are already on this plan.' }),
    );
    const openExternalUrl = jest.fn();
    const view = renderAuth(<SignupScreen />, {
      route: '/signup?plan=pro',
      path: '/signup',
      openExternalUrl,
      routes: { '/dashboard/projects': <DashboardWithState /> },
    });
    await fillSignup(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('failed-checkout')).toHaveTextContent(
      'PRO: You are already on this plan.',
    );
    expect(localStorage.getItem('mason.session.token')).toBe('new-token');
    expect(openExternalUrl).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('reads the referral code from the referral_code cookie', async () => {
    document.cookie = 'referral_code=COOKIE42';
    renderAuth(<SignupScreen />, { route: '/signup', path: '/signup' });
    expect(await screen.findByLabelText(/Referral code/)).toHaveValue('COOKIE42');
  });

  it('shows "Email already in use." for a taken address, next to the field too', async () => {
    server.use(
      errorHandler('signup', 400, {
        message: 'Email already in use.',
        fieldErrors: { email: 'Email already in use.' },
      }),
    );
    const view = renderAuth(<SignupScreen />, { route: '/signup', path: '/signup' });
    await fillSignup(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('Email already in use.')).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(view.location.pathname).toBe('/signup');
  });

  it('applies the password rules before sending', async () => {
    const sent = jest.fn(() => ({ token: 'x' }));
    server.use(mockEndpoint('signup', sent));
    const view = renderAuth(<SignupScreen />, { route: '/signup', path: '/signup' });
    await view.user.type(screen.getByLabelText('First name'), 'Ada');
    await view.user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await view.user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await view.user.type(screen.getByLabelText('Password', { selector: 'input' }), 'short');
    await view.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends people to the waitlist while sign-ups are closed', async () => {
    server.use(
      mockEndpoint('getClientConfig', aClientConfig({ signupsOpen: false, banner: null })),
    );
    renderAuth(<SignupScreen />, { route: '/signup', path: '/signup' });
    expect(await screen.findByRole('heading', { name: 'Sign-ups are paused' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute(
      'href',
      '/waitlist',
    );
  });
});
