import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  aRewardsResponse,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import { RewardsScreen } from './rewards-screen';

const meta = {
  title: 'Billing/Rewards screen',
  component: RewardsScreen,
  parameters: { layout: 'fullscreen' },
  decorators: [
    withStoryProviders({
      route: '/dashboard/rewards',
      path: '/dashboard/rewards',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof RewardsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three friends joined; two paid, so the link earned twice the referrer's credits. */
export const Default: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(
          'getRewards',
          aRewardsResponse({
            referrals: [
              { firstName: 'Grace', joinedAt: '2025-01-14T09:00:00.000Z', rewarded: true },
              { firstName: 'Linus', joinedAt: '2025-01-12T09:00:00.000Z', rewarded: false },
              { firstName: 'Margaret', joinedAt: '2025-01-03T09:00:00.000Z', rewarded: true },
            ],
            creditsEarned: 1000,
          }),
        ),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Your referral link' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy your referral link' })).toBeVisible();
    await expect(
      canvas.getByRole('table', { name: 'People who joined with your link, newest first' }),
    ).toBeVisible();
  },
};

/** Nobody has used the link yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [mockEndpoint('getRewards', aRewardsResponse({ referrals: [], creditsEarned: 0 }))],
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Nobody has joined with your link yet' }),
    ).toBeVisible();
  },
};

/** The rewards are on their way. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getRewards')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading your rewards…');
  },
};

/** The rewards could not be loaded. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [errorHandler('getRewards', 500)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Your rewards could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
