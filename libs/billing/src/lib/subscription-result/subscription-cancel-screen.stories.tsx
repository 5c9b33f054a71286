import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { withStoryProviders } from '@mason/web-testing';
import { SubscriptionCancelScreen } from './subscription-cancel-screen';

const meta = {
  title: 'Billing/Subscription cancelled',
  component: SubscriptionCancelScreen,
  args: { billingHref: '/dashboard/billing', dashboardHref: '/dashboard/projects' },
  parameters: { layout: 'fullscreen' },
  decorators: [
    withStoryProviders({
      route: '/subscriptions/cancel',
      path: '/subscriptions/cancel',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof SubscriptionCancelScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing was charged; the ways on. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { name: 'Checkout cancelled, nothing was charged' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Go to billing' }));
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent(
      '/dashboard/billing',
    );
  },
};
