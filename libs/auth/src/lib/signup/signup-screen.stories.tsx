import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ErrorMessages } from '@mason/contract';
import {
  aClientConfig,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import {
  googleScriptBlocked,
  installFakeGoogleIdentity,
} from '../test-utils/google-identity-fakes';
import { authStoryDecorators } from '../test-utils/auth-story';
import { SignupScreen } from './signup-screen';

/** Fills the form with a new person's details and presses "Create account". */
async function signUp(canvasElement: HTMLElement, password = 'analytical-engine-1') {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('First name'), 'Ada');
  await userEvent.type(canvas.getByLabelText('Last name'), 'Lovelace');
  await userEvent.type(canvas.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(canvas.getByLabelText('Password', { selector: 'input' }), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
}

const meta = {
  title: 'Auth/Signup',
  component: SignupScreen,
  // Each story in its own frame on the docs page: its own store and its own MSW handlers.
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 900 } } },
  decorators: [
    ...authStoryDecorators({ route: '/signup', path: '/signup', openExternalUrl: () => undefined }),
  ],
} satisfies Meta<typeof SignupScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The form as a visitor first sees it. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Create your Mason account' })).toBeVisible();
    await expect(
      canvas.getByText('At least 8 characters, with a letter and a digit.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'terms of service' })).toHaveAttribute(
      'href',
      '/terms_of_service',
    );
  },
};

/** A friend's link (`?ref=`): the referral code is filled in. */
export const WithReferralCode: Story = {
  parameters: { providers: { route: '/signup?ref=FRIEND7' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/Referral code/)).toHaveValue('FRIEND7');
  },
};

/** The contract's password rules, checked before anything is sent. */
export const WeakPassword: Story = {
  play: async ({ canvasElement, canvas }) => {
    await signUp(canvasElement, 'short');
    await expect(await canvas.findByText('Use at least 8 characters.')).toBeVisible();
    await expect(canvas.getByLabelText('Password', { selector: 'input' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** The account is created; the person is logged in at once and lands on the dashboard. */
export const SignsUp: Story = {
  play: async ({ canvasElement, canvas }) => {
    await signUp(canvasElement);
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent(
      '/dashboard/projects',
    );
  },
};

/** The server is creating the account. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('signup')] } },
  play: async ({ canvasElement, canvas }) => {
    await signUp(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: 'Creating your account…' }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

/** A taken address: 400 'Email already in use.', above the form and next to the field. */
export const EmailInUse: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('signup', 400, {
          message: ErrorMessages.emailInUse,
          fieldErrors: { email: ErrorMessages.emailInUse },
        }),
      ],
    },
  },
  play: async ({ canvasElement, canvas }) => {
    await signUp(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(ErrorMessages.emailInUse);
    await expect(canvas.getAllByText(ErrorMessages.emailInUse)).toHaveLength(2);
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Sign-ups are closed by configuration: the way to the waitlist instead of the form. */
export const SignupsClosed: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint('getClientConfig', aClientConfig({ signupsOpen: false }))] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Sign-ups are paused' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute(
      'href',
      '/waitlist',
    );
    await expect(canvas.queryByRole('form', { name: 'Create account' })).not.toBeInTheDocument();
  },
};

/** Google sign-in is configured: "Continue with Google" above the form. */
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
