import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ErrorMessages } from '@mason/contract';
import {
  aClientConfig,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { getStoryHarness } from '@mason/web-testing';
import { sessionSlice } from '../session/session-slice';
import {
  googleScriptBlocked,
  installFakeGoogleIdentity,
} from '../test-utils/google-identity-fakes';
import { authStoryDecorators } from '../test-utils/auth-story';
import { LoginScreen } from './login-screen';

/** Types a valid e-mail and password and presses "Log in". */
async function logIn(canvasElement: HTMLElement, password = 'secret-pass-1') {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(canvas.getByLabelText('Password', { selector: 'input' }), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
}

const meta = {
  title: 'Auth/Login',
  component: LoginScreen,
  // Each story in its own frame on the docs page: its own store and its own MSW handlers.
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 760 } } },
  decorators: [
    ...authStoryDecorators({ route: '/login', path: '/login', openExternalUrl: () => undefined }),
  ],
} satisfies Meta<typeof LoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The form as a visitor first sees it. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Log in to Mason' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/password-reset',
    );
    await expect(canvas.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
  },
};

/** Pressing "Log in" on an empty form: the contract's messages, and nothing is sent. */
export const EmptyForm: Story = {
  play: async ({ canvasElement, canvas, id }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await expect(await canvas.findByText('Enter your e-mail address.')).toBeVisible();
    await expect(canvas.getByText('Enter your password.')).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(getStoryHarness({ id, canvasElement }).store.getState().api.mutations).toEqual({});
  },
};

/** Valid details: the session starts and the person lands on the dashboard. */
export const LogsIn: Story = {
  play: async ({ canvasElement, canvas, id }) => {
    await logIn(canvasElement);
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent(
      '/dashboard/projects',
    );
    await expect(
      getStoryHarness<{ session: typeof sessionSlice.reducer }>({
        id,
        canvasElement,
      }).store.getState().session.status,
    ).toBe('authenticated');
  },
};

/** The server is still answering: the button says so and ignores clicks. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('login')] } },
  play: async ({ canvasElement, canvas }) => {
    await logIn(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Logging in…' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
  },
};

/** A wrong password: 403, and the catalogue's message. */
export const InvalidCredentials: Story = {
  parameters: {
    msw: { handlers: [errorHandler('login', 403, { message: ErrorMessages.invalidCredentials })] },
  },
  play: async ({ canvasElement, canvas }) => {
    await logIn(canvasElement, 'wrong-password-1');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      ErrorMessages.invalidCredentials,
    );
    await expect(canvas.getByRole('button', { name: 'Log in' })).not.toHaveAttribute('aria-busy');
  },
};

/** The server fails: 'Unknown server error'. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [errorHandler('login', 503)] } },
  play: async ({ canvasElement, canvas }) => {
    await logIn(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(ErrorMessages.unknownServer);
  },
};

/** Google sign-in is configured but Google's script cannot load: the redirect button, above the form. */
export const WithGoogle: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getClientConfig', aClientConfig({ googleClientId: 'google-client' })),
        googleScriptBlocked,
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(canvas.getByText('or')).toBeVisible();
  },
};

/** Back from a password reset: the confirmation above the form. */
export const AfterPasswordReset: Story = {
  parameters: { providers: { route: '/login?reset=done' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Your password has been changed. Log in with the new one.',
    );
  },
};

/** A plan was chosen on /pricing: login continues to checkout. */
export const WithChosenPlan: Story = {
  parameters: { providers: { route: '/login?plan=pro' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Log in to continue to checkout.')).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
        'href',
        '/signup?plan=PRO',
      ),
    );
  },
};

/** Google sign-in is configured and Google Identity Services loads: its own button, above the form. */
export const WithGoogleIdentityServices: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getClientConfig', aClientConfig({ googleClientId: 'google-client' })),
      ],
    },
  },
  beforeEach: () => {
    installFakeGoogleIdentity();
    return () => {
      delete window.google;
    };
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: 'Continue with Google' }),
    ).not.toBeInTheDocument();
  },
};
