import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ErrorMessages } from '@mason/contract';
import { errorHandler, pendingHandler } from '@mason/api-client/testing';
import { type StoryProvidersOptions } from '@mason/web-testing';
import { LoginScreen } from '../login/login-screen';
import { authStoryDecorators } from '../test-utils/auth-story';
import { PasswordResetRequestScreen } from './password-reset-request-screen';
import { PasswordResetScreen } from './password-reset-screen';

const TOKEN = 'reset-token-0123456789abcdef';

/** The second step: the screen the e-mailed link opens (/password-reset/:token). */
const resetLink = (token = TOKEN): { providers: StoryProvidersOptions } => ({
  providers: {
    route: `/password-reset/${token}`,
    path: '/password-reset/:token',
    routes: { '/login': <LoginScreen /> },
  },
});

async function requestLink(canvasElement: HTMLElement, email = 'ada@example.com') {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Email'), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
}

async function setPassword(canvasElement: HTMLElement, password = 'new-secret-42') {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('New password', { selector: 'input' }), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Set new password' }));
}

const meta = {
  title: 'Auth/Password reset',
  component: PasswordResetRequestScreen,
  // Each story in its own frame on the docs page: its own store and its own MSW handlers.
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 700 } } },
  decorators: [...authStoryDecorators({ route: '/password-reset', path: '/password-reset' })],
} satisfies Meta<typeof PasswordResetRequestScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

// Step 1: /password-reset asks for a link.

export const Request: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to log in' })).toHaveAttribute(
      'href',
      '/login',
    );
  },
};

/** A malformed address is refused before anything is sent. */
export const RequestInvalidEmail: Story = {
  play: async ({ canvasElement, canvas }) => {
    await requestLink(canvasElement, 'not-an-address');
    await expect(await canvas.findByText('Enter a valid e-mail address.')).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const RequestLoading: Story = {
  parameters: { msw: { handlers: [pendingHandler('requestPasswordReset')] } },
  play: async ({ canvasElement, canvas }) => {
    await requestLink(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Sending…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** The same confirmation whether or not an account uses the address. */
export const RequestSent: Story = {
  play: async ({ canvasElement, canvas }) => {
    await requestLink(canvasElement);
    const confirmation = await canvas.findByRole('status');
    await expect(confirmation).toHaveTextContent('Check your inbox');
    await expect(confirmation).toHaveTextContent('If an account exists for ada@example.com');
    await expect(canvas.queryByRole('form', { name: 'Reset password' })).not.toBeInTheDocument();
  },
};

/** Too many links asked for: the server's 429 message. */
export const RequestRateLimited: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('requestPasswordReset', 429, {
          message: 'Too many reset requests. Try again in 15 minutes.',
          retryAfterSeconds: 900,
        }),
      ],
    },
  },
  play: async ({ canvasElement, canvas }) => {
    await requestLink(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Too many reset requests. Try again in 15 minutes.',
    );
  },
};

export const RequestServerError: Story = {
  parameters: { msw: { handlers: [errorHandler('requestPasswordReset', 500)] } },
  play: async ({ canvasElement, canvas }) => {
    await requestLink(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(ErrorMessages.unknownServer);
  },
};

// Step 2: /password-reset/:token sets the new password.

export const NewPassword: Story = {
  render: () => <PasswordResetScreen />,
  parameters: resetLink(),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Send a new link' })).toHaveAttribute(
      'href',
      '/password-reset',
    );
  },
};

/** The contract's password rules, checked before anything is sent. */
export const NewPasswordTooWeak: Story = {
  render: () => <PasswordResetScreen />,
  parameters: resetLink(),
  play: async ({ canvasElement, canvas }) => {
    await setPassword(canvasElement, 'onlyletters');
    await expect(await canvas.findByText('Use at least one digit.')).toBeVisible();
  },
};

export const NewPasswordSaving: Story = {
  render: () => <PasswordResetScreen />,
  parameters: { ...resetLink(), msw: { handlers: [pendingHandler('resetPassword')] } },
  play: async ({ canvasElement, canvas }) => {
    await setPassword(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Saving…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** Saved: every session ended, so the person logs in again, told why. */
export const NewPasswordSaved: Story = {
  render: () => <PasswordResetScreen />,
  parameters: resetLink(),
  play: async ({ canvasElement, canvas }) => {
    await setPassword(canvasElement);
    await expect(await canvas.findByRole('form', { name: 'Log in' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Your password has been changed. Log in with the new one.',
    );
  },
};

/** A used link: 400 on this page is 'Token has already been used.' (SPEC.md 8). */
export const NewPasswordTokenUsed: Story = {
  render: () => <PasswordResetScreen />,
  parameters: { ...resetLink(), msw: { handlers: [errorHandler('resetPassword', 400)] } },
  play: async ({ canvasElement, canvas }) => {
    await setPassword(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(ErrorMessages.tokenUsed);
  },
};

/** A link whose token cannot be one: refused without asking the server. */
export const NewPasswordBrokenLink: Story = {
  render: () => <PasswordResetScreen />,
  parameters: resetLink('short'),
  play: async ({ canvasElement, canvas }) => {
    await setPassword(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This link is not valid.');
  },
};
