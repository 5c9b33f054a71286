import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ErrorMessages } from '@mason/contract';
import { errorHandler, pendingHandler } from '@mason/api-client/testing';
import { sessionSlice } from '../session/session-slice';
import { authStoryDecorators } from '../test-utils/auth-story';
import { signedIn } from '../test-utils/render-auth';
import { VerifyEmailScreen } from './verify-email-screen';

const meta = {
  title: 'Auth/Verify email',
  component: VerifyEmailScreen,
  // Each story in its own frame on the docs page: its own store and its own MSW handlers.
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 560 } } },
  decorators: [
    ...authStoryDecorators({
      route: '/verify-email/verify-token-0123456789abcdef',
      path: '/verify-email/:token',
    }),
  ],
} satisfies Meta<typeof VerifyEmailScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The link was opened by someone who is not logged in on this device. */
export const Verified: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'E-mail verified' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  },
};

/** Opened while logged in: the way back into Mason. */
export const VerifiedWhileSignedIn: Story = {
  parameters: {
    providers: { preloadedState: { session: { ...sessionSlice.getInitialState(), ...signedIn } } },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'E-mail verified' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Continue to Mason' })).toHaveAttribute(
      'href',
      '/dashboard/projects',
    );
  },
};

export const Verifying: Story = {
  parameters: { msw: { handlers: [pendingHandler('verifyEmail')] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Verifying your e-mail…' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Verifying your e-mail');
  },
};

/** A used link: 400 on /verify-email is 'Token has already been used.' (SPEC.md 8). */
export const LinkAlreadyUsed: Story = {
  parameters: { msw: { handlers: [errorHandler('verifyEmail', 400)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'This link cannot be used' }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(ErrorMessages.tokenUsed);
  },
};
