import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { aClientConfig, mockEndpoint } from '@mason/api-client/testing';
import { Avatar, Button, EmptyState, FolderIcon, PlusIcon } from '@mason/ui-kit';
import { withStoryProviders } from '@mason/web-testing';
import { AppFrame } from '../app-frame/app-frame';
import { RootLayout } from './root-layout';

const meta = {
  title: 'Layout/Root layout',
  component: RootLayout,
  // Each story in its own frame on the docs page: its own store and its own MSW handlers.
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 480 } } },
  args: {
    // A page as the shell shows it: the frame with navigation, an empty dashboard.
    children: (
      <AppFrame
        homeHref="/dashboard/projects"
        nav={[
          { label: 'Projects', to: '/dashboard/projects' },
          { label: 'Billing', to: '/dashboard/billing' },
          { label: 'Settings', to: '/dashboard/settings' },
        ]}
        actions={
          <Button variant="ghost" size="icon" aria-label="Account menu">
            <Avatar name="Ada Lovelace" size="sm" />
          </Button>
        }
      >
        <EmptyState
          icon={<FolderIcon />}
          title="No projects yet"
          description="Describe the software you need and Mason starts building it."
          action={<Button leadingIcon={<PlusIcon />}>New project</Button>}
        />
      </AppFrame>
    ),
  },
  decorators: [withStoryProviders({ route: '/dashboard/projects' })],
} satisfies Meta<typeof RootLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The announcement above every page; dismissing it gives the page the room back. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const banner = await canvas.findByRole('region', { name: 'Announcement' });
    await expect(
      banner.compareDocumentPosition(canvas.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  },
};

export const BannerDismissed: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Dismiss announcement' }));
    await expect(canvas.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  },
};

export const WithoutAnnouncement: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint('getClientConfig', aClientConfig({ banner: null }))] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No projects yet' })).toBeVisible();
  },
};
