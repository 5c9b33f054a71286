import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Link } from 'react-router';
import { Avatar, Button, EmptyState, FolderIcon, PlusIcon } from '@mason/ui-kit';
import { withStoryProviders } from '@mason/web-testing';
import { AppFrame } from './app-frame';

const NAV = [
  { label: 'Projects', to: '/dashboard/projects' },
  { label: 'Billing', to: '/dashboard/billing' },
  { label: 'Settings', to: '/dashboard/settings' },
];

const mainNav = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('navigation', { name: 'Main' }));

const meta = {
  title: 'Layout/App frame',
  component: AppFrame,
  parameters: { layout: 'fullscreen' },
  args: {
    homeHref: '/dashboard/projects',
    nav: NAV,
    actions: (
      <Button variant="ghost" size="icon" aria-label="Account menu">
        <Avatar name="Ada Lovelace" size="sm" />
      </Button>
    ),
    children: (
      <EmptyState
        icon={<FolderIcon />}
        title="No projects yet"
        description="Describe the software you need and Mason starts building it."
        action={<Button leadingIcon={<PlusIcon />}>New project</Button>}
      />
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <Story />
      </div>
    ),
    withStoryProviders({ route: '/dashboard/projects' }),
  ],
} satisfies Meta<typeof AppFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in, on the projects page: its link is the current one. */
export const Default: Story = {
  play: async ({ canvasElement, canvas }) => {
    await expect(mainNav(canvasElement).getByRole('link', { name: 'Projects' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(mainNav(canvasElement).getByRole('link', { name: 'Billing' })).not.toHaveAttribute(
      'aria-current',
    );
    await expect(canvas.getByRole('link', { name: 'Mason home' })).toHaveAttribute(
      'href',
      '/dashboard/projects',
    );
  },
};

/** Following a link moves the current-page mark. */
export const Navigates: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(mainNav(canvasElement).getByRole('link', { name: 'Settings' }));
    // The router re-renders after the click: wait for the page change, as a person would.
    await waitFor(() =>
      expect(mainNav(canvasElement).getByRole('link', { name: 'Settings' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    await expect(
      mainNav(canvasElement).getByRole('link', { name: 'Projects' }),
    ).not.toHaveAttribute('aria-current');
  },
};

/** A visitor: no navigation, the ways in on the right. */
export const Visitor: Story = {
  args: {
    homeHref: '/',
    nav: [],
    actions: (
      <>
        <Button as={Link} to="/login" variant="ghost" size="sm">
          Log in
        </Button>
        <Button as={Link} to="/signup" size="sm">
          Sign up
        </Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  },
};
