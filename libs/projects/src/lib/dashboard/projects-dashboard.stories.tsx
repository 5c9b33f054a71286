import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  aProject,
  errorHandler,
  fixtureTimeAgo,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { Alert } from '@mason/ui-kit';
import { getStoryHarness } from '@mason/web-testing';
import { projectsStoryDecorators } from '../test-utils/projects-story';
import { ProjectsDashboard } from './projects-dashboard';

/** A person's projects in every status, made before FIXTURE_NOW (the stories' frozen clock). */
const projects = () => [
  aProject({
    id: 'project-1',
    name: 'Mug shop',
    description:
      'A small online shop that sells hand-made mugs: a catalogue with photos, a cart, and a checkout page. Warm colours, big photos, and it should work well on phones.',
    status: 'READY',
    liveUrl: 'https://mug-shop.apps.example.com/',
    createdAt: fixtureTimeAgo({ minutes: 12 }),
  }),
  aProject({
    id: 'project-2',
    name: 'Habit tracker',
    description: 'Tick off daily habits and see streaks on a weekly chart.',
    status: 'CREATING',
    createdAt: fixtureTimeAgo({ minutes: 1 }),
  }),
  aProject({
    id: 'project-3',
    name: 'Team lunch poll',
    description: 'Everyone votes where to eat on Friday.',
    status: 'BUILDING',
    createdAt: fixtureTimeAgo({ hours: 26 }),
  }),
  aProject({
    id: 'project-5',
    name: 'Yoga Studio',
    description: 'Class times and a booking form for a yoga studio.',
    status: 'READY',
    noChanges: true,
    lastChange: { summary: 'Added the booking form', at: fixtureTimeAgo({ days: 2 }) },
    createdAt: fixtureTimeAgo({ days: 3 }),
  }),
  aProject({
    id: 'project-4',
    name: 'Recipe book',
    description: '',
    status: 'FAILED',
    createdAt: fixtureTimeAgo({ days: 40 }),
  }),
];

const meta = {
  title: 'Projects/Dashboard',
  component: ProjectsDashboard,
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, iframeHeight: 760 } },
    msw: { handlers: [mockEndpoint('getProjects', () => ({ projects: projects() }))] },
  },
  decorators: [
    ...projectsStoryDecorators({ route: '/dashboard/projects', path: '/dashboard/projects' }),
  ],
} satisfies Meta<typeof ProjectsDashboard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The person's projects, newest first, each with its status and age (and the live address of a published one). */
export const Default: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Projects' });
    const names = within(list)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    await expect(names).toEqual([
      'Habit tracker',
      'Mug shop',
      'Team lunch poll',
      'Yoga Studio',
      'Recipe book',
    ]);
    // A turn that changed nothing is said so on its card, with the project's last change.
    await expect(canvas.getByText('No changes made')).toBeVisible();
    await expect(canvas.getByText(/^Last change/)).toHaveTextContent(
      'Last change 2 days ago: Added the booking form',
    );
    // The dashboard starts from a prompt.
    await expect(canvas.getByRole('form', { name: 'Start a project' })).toBeVisible();
    await expect(canvas.getByText('Creating')).toBeVisible();
    await expect(canvas.getByText('Failed')).toBeVisible();
    await expect(canvas.getByText('12 minutes ago')).toBeVisible();
    // A published project shows where it is live.
    await expect(
      canvas.getByRole('link', { name: /mug-shop\.apps\.example\.com/ }),
    ).toHaveAttribute('target', '_blank');
  },
};

/** With the e-mail verification reminder the shell places above the list. */
export const WithNotice: Story = {
  args: {
    notice: (
      <Alert tone="warning" title="Verify your e-mail address">
        We sent a link to ada@example.com. Open it to confirm the address.
      </Alert>
    ),
  },
};

/** The list is on its way. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getProjects')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading your projects…')).toBeVisible();
  },
};

/** No project yet: the way to the first one. */
export const Empty: Story = {
  parameters: { msw: { handlers: [mockEndpoint('getProjects', { projects: [] })] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No projects yet' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Describe your first app' })).toHaveAttribute(
      'href',
      '/dashboard/projects/new',
    );
  },
};

/** The list could not be loaded: the person can try again. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [errorHandler('getProjects', 500)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Your projects could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** The person confirmed a deletion; the server is still working on it. */
export const Deleting: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getProjects', () => ({ projects: projects() })),
        pendingHandler('deleteProject'),
      ],
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete Mug shop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Mug shop”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    await expect(await within(dialog).findByRole('button', { name: /Deleting/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

/** Deleting failed: the catalogue's toast, and the project stays. */
export const DeleteFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint('getProjects', () => ({ projects: projects() })),
        errorHandler('deleteProject', 500),
      ],
    },
  },
  play: async ({ canvas, canvasElement, id }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete Mug shop' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete project' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('link', { name: 'Mug shop' })).toBeVisible();
    await expect(
      getStoryHarness({ id, canvasElement }).toasts.map(({ message }) => message),
    ).toEqual(['Unknown server error']);
  },
};
