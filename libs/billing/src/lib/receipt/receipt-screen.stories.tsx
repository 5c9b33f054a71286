import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { mockEndpoint, pendingHandler } from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import { someTransactions } from '../test-utils/billing-fakes';
import { ReceiptScreen } from './receipt-screen';

const meta = {
  title: 'Billing/Receipt',
  component: ReceiptScreen,
  args: { billingHref: '/dashboard/billing' },
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, iframeHeight: 640 } },
    msw: { handlers: [mockEndpoint('getTransactions', someTransactions())] },
  },
  decorators: [
    withStoryProviders({
      route: '/billing/receipts/transaction-1',
      path: '/billing/receipts/:id',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof ReceiptScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A paid plan's receipt: what, when, to whom, the total, and Print. */
export const Paid: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('region', { name: 'Receipt for Pro plan, January 2025' }),
    ).toBeVisible();
    await expect(canvas.getByText('$40.00')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Print' })).toBeVisible();
  },
};

/** A receipt that is not among the person's payments. */
export const NotFound: Story = {
  parameters: { providers: { route: '/billing/receipts/unknown' } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'This receipt is not among your payments' }),
    ).toBeVisible();
  },
};

/** While the payments load. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getTransactions')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading the receipt…');
  },
};
