import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { ErrorMessages } from '@mason/contract';
import { errorHandler, pendingHandler } from '@mason/api-client/testing';
import { LoginScreen } from '../login/login-screen';
import { authStoryDecorators } from '../test-utils/auth-story';
import { GoogleCallbackScreen } from './google-callback-screen';
import { startGoogleSignIn } from './google-oauth';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * Starts a Google sign-in in this browser and puts Google's answer in the URL fragment, as
 * Google's redirect does. The screen takes the fragment out of the address bar; the cleanup puts
 * the story's own URL back.
 */
function arriveFromGoogle({ parameters }: { parameters: { forgedState?: boolean } }) {
  const url = new URL(
    startGoogleSignIn({
      clientId: 'google-client',
      redirectUri: `${location.origin}/auth/callback/google`,
      plan: null,
      projectId: null,
    }),
  );
  const idToken = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url({
    iss: 'https://accounts.google.com',
    email: 'ada@example.com',
    nonce: url.searchParams.get('nonce'),
  })}.signature`;
  const state = parameters.forgedState ? 'forged-state' : url.searchParams.get('state');
  const storyUrl = window.location.href;
  window.history.replaceState(
    window.history.state,
    '',
    `${location.pathname}${location.search}#id_token=${idToken}&state=${state}`,
  );
  return () => window.history.replaceState(window.history.state, '', storyUrl);
}

const meta = {
  title: 'Auth/Google callback',
  component: GoogleCallbackScreen,
  // Each story in its own frame on the docs page: its own store and its own MSW handlers.
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 600 } } },
  beforeEach: arriveFromGoogle,
  decorators: [
    ...authStoryDecorators({
      route: '/auth/callback/google',
      path: '/auth/callback/google',
      routes: { '/login': <LoginScreen /> },
    }),
  ],
} satisfies Meta<typeof GoogleCallbackScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Mason's server is checking the Google ID token. */
export const SigningIn: Story = {
  parameters: { msw: { handlers: [pendingHandler('loginWithGoogle')] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Signing you in…' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking your Google account');
  },
};

/** The server accepted the token: the session starts and the dashboard opens. */
export const SignedIn: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent(
      '/dashboard/projects',
    );
  },
};

/** A new person while sign-ups are closed: 403, the catalogue's toast, and back to log in. */
export const SignupsClosed: Story = {
  parameters: {
    msw: { handlers: [errorHandler('loginWithGoogle', 403, { message: 'Sign-ups are closed.' })] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Log in to Mason' })).toBeVisible();
    await expect(await screen.findByText(ErrorMessages.googleSignupsClosed)).toBeVisible();
  },
};

/** Any other failure: 'Failed to login with Google', and the way back. */
export const Failed: Story = {
  parameters: { msw: { handlers: [errorHandler('loginWithGoogle', 500)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Google sign-in failed' }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(ErrorMessages.googleLoginFailed);
    await expect(canvas.getByRole('link', { name: 'Back to log in' })).toHaveAttribute(
      'href',
      '/login',
    );
  },
};

/** The answer does not belong to a sign-in started in this browser: nothing is sent. */
export const ForeignSignIn: Story = {
  parameters: { forgedState: true },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Google sign-in failed' }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'This sign-in did not start in this browser. Please try again.',
    );
  },
};
