import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { CheckoutPlan } from '@mason/contract';
import { withStoryProviders } from '@mason/web-testing';
import { DEFAULT_PRICING } from '@mason/contract/billing';
import { PricingPage } from './pricing-page';

const planCard = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('listitem', { name }));

const meta = {
  title: 'Marketing/Pricing page',
  component: PricingPage,
  parameters: { layout: 'fullscreen' },
  args: {
    freeHref: '/signup',
    planHref: (plan: CheckoutPlan) => `/signup?plan=${plan}`,
    pricingHref: '/pricing',
    privacyHref: '/privacy_policy',
    termsHref: '/terms_of_service',
    pricing: DEFAULT_PRICING,
  },
  decorators: [withStoryProviders({ route: '/pricing', path: '/pricing' })],
} satisfies Meta<typeof PricingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The four plans of SPEC.md 1, Pro marked as the most popular. */
export const Default: Story = {
  play: async ({ canvasElement, canvas }) => {
    await expect(
      canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Free', 'Lite', 'Pro', 'Usage-based']);
    await expect(planCard(canvasElement, 'Pro').getByText('Most popular')).toBeVisible();
    await expect(
      planCard(canvasElement, 'Free').getByRole('link', { name: 'Start for free' }),
    ).toHaveAttribute('href', '/signup');
  },
};

/** Choosing a paid plan goes to sign-up with the plan remembered in the URL. */
export const ChoosesPlan: Story = {
  play: async ({ canvasElement, canvas }) => {
    await userEvent.click(planCard(canvasElement, 'Pro').getByRole('link', { name: 'Choose Pro' }));
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent(
      '/signup?plan=PRO',
    );
  },
};

/** A signed-in person on Pro: their card is marked and leads to billing. */
export const SignedInOnPro: Story = {
  args: { currentPlan: 'PRO', currentPlanHref: '/dashboard/billing' },
  play: async ({ canvasElement }) => {
    const pro = planCard(canvasElement, 'Pro');
    await expect(pro.getByText('Your plan')).toBeVisible();
    await expect(pro.getByRole('link', { name: 'Manage your plan' })).toHaveAttribute(
      'href',
      '/dashboard/billing',
    );
  },
};
