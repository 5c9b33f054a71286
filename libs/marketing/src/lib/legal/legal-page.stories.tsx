import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withStoryProviders } from '@mason/web-testing';
import { PrivacyPolicyPage, TermsOfServicePage } from './legal-page';

const meta = {
  title: 'Marketing/Legal pages',
  component: PrivacyPolicyPage,
  parameters: { layout: 'fullscreen' },
  decorators: [withStoryProviders()],
} satisfies Meta<typeof PrivacyPolicyPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PrivacyPolicy: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Analytics' })).toBeVisible();
  },
};

export const TermsOfService: Story = {
  render: () => <TermsOfServicePage />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Plans and payment' }),
    ).toBeVisible();
  },
};
