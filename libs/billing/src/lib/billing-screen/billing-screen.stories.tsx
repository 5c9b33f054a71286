import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  aBillingSummary,
  aModelsResponse,
  aSubscription,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import {
  aProSummary,
  aUsageSummary,
  billingServerFake,
  someTransactions,
} from '../test-utils/billing-fakes';
import { BillingScreen } from './billing-screen';

const subscriber = (summary = aProSummary()) => [
  ...billingServerFake(summary).handlers,
  mockEndpoint('getTransactions', someTransactions()),
];

const meta = {
  title: 'Billing/Billing screen',
  component: BillingScreen,
  args: {
    pricingHref: '/pricing',
    projectHref: (projectId: string) => `/projects/${projectId}`,
    openExternalUrl: fn(),
  },
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, iframeHeight: 1400 } },
  },
  decorators: [
    withStoryProviders({
      route: '/dashboard/billing',
      path: '/dashboard/billing',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof BillingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A free person: this month's usage, the balance, plans to choose, one past payment. */
export const Free: Story = {
  play: async ({ canvas }) => {
    const meter = await canvas.findByRole('progressbar', { name: 'Plan credits used this month' });
    await expect(meter).toHaveAttribute('aria-valuetext', '43 of 100 credits used');
    await expect(canvas.getByRole('button', { name: 'Choose Pro' })).toBeVisible();
  },
};

/** A Pro subscriber: renewal date, credits left, buying credits, payments with receipts. */
export const ProSubscriber: Story = {
  parameters: { msw: { handlers: subscriber() } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Renews on February 15, 2025')).toBeVisible();
    await expect(canvas.getByRole('spinbutton', { name: 'Credits to buy' })).toBeVisible();
    await expect(
      await canvas.findByRole('table', { name: 'Payments, newest first' }),
    ).toBeVisible();
  },
};

/** A plan set to end: the end date and the way to keep it. */
export const Ending: Story = {
  parameters: {
    msw: {
      handlers: subscriber(
        aProSummary({ subscription: aSubscription({ cancelAtPeriodEnd: true }) }),
      ),
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Ends on February 15, 2025')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Keep Pro' })).toBeVisible();
  },
};

/** The last payment failed. */
export const PaymentFailed: Story = {
  parameters: {
    msw: {
      handlers: subscriber(aProSummary({ subscription: aSubscription({ status: 'past_due' }) })),
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Payment failed: update your payment')).toBeVisible();
  },
};

/** Usage-based, the month's free credits used up: the balance pays for the rest. */
export const UsageBased: Story = {
  parameters: { msw: { handlers: subscriber(aUsageSummary()) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('$12.50')).toBeVisible();
    await expect(canvas.getByRole('spinbutton', { name: 'Amount in US dollars' })).toBeVisible();
  },
};

/** Nothing used or paid yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(
          'getBillingSummary',
          aBillingSummary({
            usage: { usedCredits: 0, monthlyCredits: 100, resetsAt: '2025-02-01T00:00:00.000Z' },
            projects: [],
            waived: { steps: 0, costCredits: 0 },
          }),
        ),
        mockEndpoint('getTransactions', { transactions: [], credits: 0, balanceCents: 0 }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No payments yet' })).toBeVisible();
    await expect(canvas.getByText('No charged AI use this month yet.')).toBeVisible();
  },
};

/** The operator's own model has no price set (LLM_PRICE_*_PER_MTOK): its use is not charged, and said so. */
export const UnpricedModel: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getModels', aModelsResponse({ available: [], endpoint: 'qwen2.5-coder' })),
        mockEndpoint(
          'getBillingSummary',
          aBillingSummary({
            usage: { usedCredits: 0, monthlyCredits: 100, resetsAt: '2025-02-01T00:00:00.000Z' },
            projects: [
              { projectId: 'project-1', name: 'Todo app', costCredits: 0, turns: 2, steps: 4 },
            ],
            waived: { steps: 0, costCredits: 0 },
            unpriced: [{ model: 'ENDPOINT', inputTokens: 120_000, outputTokens: 8_000 }],
          }),
        ),
        mockEndpoint('getTransactions', { transactions: [], credits: 0, balanceCents: 0 }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        'Not charged: no price set for qwen2.5-coder (your endpoint). 128,000 tokens this month.',
      ),
    ).toBeVisible();
  },
};

/** The summary is on its way. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getBillingSummary')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading your billing…');
  },
};

/** The summary could not be loaded. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [errorHandler('getBillingSummary', 500)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Your billing could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Cancelling asks first, and says until when the plan is kept. */
export const CancelPlan: Story = {
  parameters: { msw: { handlers: subscriber() } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your Pro plan?' });
    await expect(dialog).toHaveAccessibleDescription(/You keep Pro until February 15, 2025/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    await expect(await canvas.findByText('Ends on February 15, 2025')).toBeVisible();
  },
};

/** A subscriber switching plan is told proration applies. */
export const SwitchPlan: Story = {
  parameters: { msw: { handlers: subscriber() } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Switch to Lite' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch to Lite?' });
    await expect(dialog).toHaveAccessibleDescription(/Proration applies/);
  },
};

/** A free person coming from the pricing page with a plan chosen (?plan=pro) goes on to pay. */
export const ChosenOnPricing: Story = {
  parameters: { providers: { route: '/dashboard/billing?plan=pro' } },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Subscribe to Pro?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() =>
      expect(args.openExternalUrl).toHaveBeenCalledWith(
        'https://pay.example.com/checkout/test-session',
      ),
    );
  },
};
