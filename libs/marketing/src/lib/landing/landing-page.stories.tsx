import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { withStoryProviders } from '@mason/web-testing';
import { LandingPage } from './landing-page';

const meta = {
  title: 'Marketing/Landing page',
  component: LandingPage,
  parameters: { layout: 'fullscreen' },
  args: {
    signupHref: '/signup',
    pricingHref: '/pricing',
    privacyHref: '/privacy_policy',
    termsHref: '/terms_of_service',
  },
  decorators: [withStoryProviders({ route: '/', path: '/' })],
} satisfies Meta<typeof LandingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What Mason is, and the way to start. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Describe the software.Mason builds it while you watch.',
    );
    await expect(canvas.getByRole('link', { name: 'See pricing' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(4);
  },
};

/** "Start building for free" leads to sign-up. */
export const StartsSignup: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Start building for free' }));
    await expect(await canvas.findByTestId('story-destination')).toHaveTextContent('/signup');
  },
};
