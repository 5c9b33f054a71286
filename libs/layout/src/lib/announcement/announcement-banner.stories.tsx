import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { aClientConfig, mockEndpoint, pendingHandler } from '@mason/api-client/testing';
import { getStoryHarness, withStoryProviders } from '@mason/web-testing';
import { AnnouncementBanner } from './announcement-banner';

const DISMISSED_KEY = 'mason.banner.dismissedAt.shutdown-2025-10';

const meta = {
  title: 'Layout/Announcement banner',
  component: AnnouncementBanner,
  // Each story in its own frame on the docs page: its own store and its own MSW handlers.
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 120 } } },
  decorators: [withStoryProviders()],
} satisfies Meta<typeof AnnouncementBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The default announcement of SPEC.md 1: the shutdown, with the migration guide. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const banner = await canvas.findByRole('region', { name: 'Announcement' });
    await expect(banner).toHaveTextContent('Mason will shut down at the end of October 2025.');
    const link = within(banner).getByRole('link', { name: 'Read the migration guide' });
    await expect(link).toHaveAttribute('href', 'https://example.com/migration-guide');
    await expect(link).toHaveAttribute('target', '_blank');
  },
};

/** Whatever the server configures: here an internal link, which opens in the same tab. */
export const Configured: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(
          'getClientConfig',
          aClientConfig({
            banner: {
              id: 'maintenance',
              text: 'Maintenance on Sunday from 02:00 UTC.',
              linkText: 'Status page',
              href: '/status',
            },
          }),
        ),
      ],
    },
  },
  play: async ({ canvas }) => {
    const banner = await canvas.findByRole('region', { name: 'Announcement' });
    await expect(within(banner).getByRole('link', { name: 'Status page' })).not.toHaveAttribute(
      'target',
    );
  },
};

/** Dismissing hides it, and the time is remembered (for 15 minutes, across reloads). */
export const Dismissed: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Dismiss announcement' }));
    await expect(canvas.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    await expect(Number(localStorage.getItem(DISMISSED_KEY))).toBeGreaterThan(0);
  },
};

/** Dismissed a minute ago, before this page load: it stays hidden. */
export const DismissedEarlier: Story = {
  beforeEach: () => {
    localStorage.setItem(DISMISSED_KEY, String(Date.now() - 60_000));
  },
  play: async ({ canvas, canvasElement, id }) => {
    const { store } = getStoryHarness({ id, canvasElement });
    await waitFor(() =>
      expect(store.getState().api.queries['getClientConfig(undefined)']?.status).toBe('fulfilled'),
    );
    await expect(canvas.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
  },
};

/** No announcement configured: nothing renders. */
export const Empty: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint('getClientConfig', aClientConfig({ banner: null }))] },
  },
  play: async ({ canvas, canvasElement, id }) => {
    const { store } = getStoryHarness({ id, canvasElement });
    await waitFor(() =>
      expect(store.getState().api.queries['getClientConfig(undefined)']?.status).toBe('fulfilled'),
    );
    await expect(canvas.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
  },
};

/** The configuration is loading: no banner yet (and no layout jump to a placeholder). */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getClientConfig')] } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
  },
};
