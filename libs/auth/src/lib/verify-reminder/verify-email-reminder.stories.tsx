import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { ErrorMessages } from '@mason/contract';
import { aUser, errorHandler, mockEndpoint, pendingHandler } from '@mason/api-client/testing';
import { getStoryHarness, withStoryProviders } from '@mason/web-testing';
import { sessionSlice } from '../session/session-slice';
import { signedIn } from '../test-utils/render-auth';
import { VerifyEmailReminder } from './verify-email-reminder';

const unverified = mockEndpoint('getCurrentUser', aUser({ emailVerified: false }));

const meta = {
  title: 'Auth/Verify email reminder',
  component: VerifyEmailReminder,
  // Each story in its own frame on the docs page: its own store and its own MSW handlers.
  parameters: {
    msw: { handlers: [unverified] },
    docs: { story: { inline: false, iframeHeight: 140 } },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '48rem' }}>
        <Story />
      </div>
    ),
    withStoryProviders({
      route: '/dashboard/projects',
      reducers: { session: sessionSlice.reducer },
      preloadedState: { session: { ...sessionSlice.getInitialState(), ...signedIn } },
      getToken: (state) => state.session.token,
    }),
  ],
} satisfies Meta<typeof VerifyEmailReminder>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in, address not verified yet. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Verify your e-mail address')).toBeVisible();
    await expect(canvas.getByText(/We sent a link to ada@example.com/)).toBeVisible();
  },
};

/** Verified: the reminder is gone (nothing renders). */
export const Verified: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint('getCurrentUser', aUser({ emailVerified: true }))] },
  },
  play: async ({ canvas, canvasElement, id }) => {
    const { store } = getStoryHarness({ id, canvasElement });
    await waitFor(() =>
      expect(store.getState().api.queries['getCurrentUser(undefined)']?.status).toBe('fulfilled'),
    );
    await expect(canvas.queryByText('Verify your e-mail address')).not.toBeInTheDocument();
  },
};

export const Resent: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Resend e-mail' }));
    await expect(await canvas.findByText('Sent. Check ada@example.com.')).toBeVisible();
  },
};

export const Resending: Story = {
  parameters: { msw: { handlers: [unverified, pendingHandler('resendVerificationEmail')] } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Resend e-mail' }));
    await expect(canvas.getByRole('button', { name: 'Resend e-mail' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const ResendFailed: Story = {
  parameters: { msw: { handlers: [unverified, errorHandler('resendVerificationEmail', 503)] } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Resend e-mail' }));
    // The note beside the button (the api listener's toast says the same above the page).
    await expect(
      await canvas.findByText(ErrorMessages.unknownServer, { selector: 'strong' }),
    ).toBeVisible();
  },
};
