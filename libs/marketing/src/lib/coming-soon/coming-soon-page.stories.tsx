import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Link } from 'react-router';
import { Alert, Button } from '@mason/ui-kit';
import { withStoryProviders } from '@mason/web-testing';
import { ComingSoonPage } from './coming-soon-page';

const meta = {
  title: 'Marketing/Coming soon page',
  component: ComingSoonPage,
  parameters: { layout: 'fullscreen' },
  args: { title: 'Billing' },
  decorators: [withStoryProviders({ route: '/dashboard/billing' })],
} satisfies Meta<typeof ComingSoonPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A route whose screen comes later: it says so plainly. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(
      canvas.getByText(
        'This part of Mason is being built. It will appear here in an upcoming release.',
      ),
    ).toBeVisible();
  },
};

/** With a notice above it and the way on. */
export const WithNoticeAndAction: Story = {
  args: {
    title: 'Projects',
    description:
      'Your projects will be listed here. Until then, your account and settings are ready.',
    notice: (
      <Alert tone="warning" title="Verify your e-mail address">
        We sent a link to ada@example.com. Open it to confirm the address.
      </Alert>
    ),
    action: (
      <Button as={Link} to="/settings">
        Open settings
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Open settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  },
};
