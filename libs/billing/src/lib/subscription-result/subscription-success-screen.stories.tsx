import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  anActiveSubscriptionResponse,
  aSubscription,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import { SubscriptionSuccessScreen } from './subscription-success-screen';

const pro = mockEndpoint('getActiveSubscription', anActiveSubscriptionResponse(aSubscription()));

const meta = {
  title: 'Billing/Subscription success',
  component: SubscriptionSuccessScreen,
  args: {
    billingHref: '/dashboard/billing',
    dashboardHref: '/dashboard/projects',
    timing: { pollIntervalMs: 300, maxAttempts: 3, slowPollIntervalMs: 60_000 },
  },
  parameters: { layout: 'fullscreen', msw: { handlers: [pro] } },
  decorators: [
    withStoryProviders({
      route: '/subscriptions/success',
      path: '/subscriptions/success',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof SubscriptionSuccessScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The server knows the new plan. */
export const Confirmed: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'You’re on Pro' })).toBeVisible();
  },
};

/** Waiting for the payment provider's word. */
export const Confirming: Story = {
  parameters: { msw: { handlers: [pendingHandler('getActiveSubscription')] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Confirming your payment…' }),
    ).toBeVisible();
  },
};

/** Still no paid plan after a few tries: the page says it updates by itself. */
export const StillConfirming: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint('getActiveSubscription', anActiveSubscriptionResponse())] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Almost there' })).toBeVisible();
    await expect(
      canvas.getByText('Your payment is being confirmed; this page updates when it is.'),
    ).toBeVisible();
  },
};

/** Back from buying credits. */
export const CreditsBought: Story = {
  parameters: { providers: { route: '/subscriptions/success?kind=CREDITS' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Payment received' })).toBeVisible();
  },
};
