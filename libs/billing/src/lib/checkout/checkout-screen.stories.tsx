import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import {
  aCheckoutSession,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import { CheckoutScreen } from './checkout-screen';

const session = (overrides: Parameters<typeof aCheckoutSession>[0]) => ({
  msw: { handlers: [mockEndpoint('getCheckoutSession', aCheckoutSession(overrides))] },
});

const meta = {
  title: 'Billing/Checkout',
  component: CheckoutScreen,
  args: { billingHref: '/dashboard/billing', openExternalUrl: fn() },
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 720 } } },
  decorators: [
    withStoryProviders({
      route: '/billing/checkout/checkout-1',
      path: '/billing/checkout/:id',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof CheckoutScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An open checkout of the Pro plan. */
export const Plan: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('$40.00 a month')).toBeVisible();
    await expect(canvas.getByText('Test mode')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Pay $40.00' })).toBeVisible();
  },
};

/** Credits, paid once. */
export const Credits: Story = {
  parameters: session({
    kind: 'CREDITS',
    plan: null,
    credits: 1200,
    amountCents: 1200,
    description: '1,200 credits',
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('$12.00 once')).toBeVisible();
  },
};

/** Money for the balance, paid once. */
export const Balance: Story = {
  parameters: session({
    kind: 'BALANCE',
    plan: null,
    amountCents: 2500,
    description: 'Balance top-up',
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('$25.00 once')).toBeVisible();
  },
};

/** Pay: the server says where to go next (this app's success page). */
export const Pay: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $40.00' }));
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent(
      '/subscriptions/success',
    );
  },
};

/** Paying failed: the catalogue's message and a way to try again. */
export const PayFailed: Story = {
  parameters: { msw: { handlers: [errorHandler('confirmCheckout', 500)] } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $40.00' }));
    await expect(await canvas.findByText('Unknown server error')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getCheckoutSession')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading the checkout…');
  },
};

/** Unknown, or someone else's. */
export const NotFound: Story = {
  parameters: { msw: { handlers: [errorHandler('getCheckoutSession', 404)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'This checkout does not exist or is not yours' }),
    ).toBeVisible();
  },
};

export const AlreadyPaid: Story = {
  parameters: session({ status: 'complete' }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'This checkout is already paid' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to billing' })).toBeVisible();
  },
};

export const Cancelled: Story = {
  parameters: session({ status: 'canceled' }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'This checkout was cancelled' }),
    ).toBeVisible();
  },
};
