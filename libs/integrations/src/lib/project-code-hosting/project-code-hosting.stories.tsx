import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import styled from 'styled-components';
import {
  aGithubIntegration,
  aProject,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import {
  codeHostingFake,
  CONFLICT_SYNC,
  FAKE_PUSHED,
  fakeConflict,
  NOT_PUSHED,
} from '../test-utils/code-hosting-fake';
import { githubFake } from '../test-utils/github-fake';
import type { GithubPopup } from './github-popup';
import { ProjectCodeHosting } from './project-code-hosting';

/** As wide as the project Settings dialog. */
const StyledFrame = styled.div`
  max-width: 472px;
  margin: ${({ theme }) => theme.space[6]} auto;
  padding: 0 ${({ theme }) => theme.space[4]};
`;

const LINK = {
  repositoryId: 'repo-1',
  fullName: 'ada/shop',
  htmlUrl: 'https://github.com/ada/shop',
  branch: 'main',
  internal: false,
};

const project = mockEndpoint('getProject', aProject({ id: 'project-1', name: 'Garden planner' }));
const connected = () =>
  githubFake({ integration: aGithubIntegration({ accountLogin: 'ada', avatarUrl: null }) })
    .handlers;
/** GitHub connected as ada, the project, and its code hosting as `options` say. */
const connectedWith = (options?: Parameters<typeof codeHostingFake>[0]) => [
  ...connected(),
  ...codeHostingFake(options).handlers,
  project,
];

const meta = {
  title: 'Integrations/Project code hosting',
  component: ProjectCodeHosting,
  args: {
    projectId: 'project-1',
    integrationsHref: '/dashboard/integrations',
    openPopup: fn((): GithubPopup | null => ({ show: fn(), close: fn() })),
  },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <StyledFrame>
        <Story />
      </StyledFrame>
    ),
    withStoryProviders({
      route: '/projects/project-1',
      path: '/projects/:projectId',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof ProjectCodeHosting>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Code hosting' }));

/** GitHub is being checked. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getGithubIntegration'), project] } },
  play: async ({ canvasElement }) => {
    await expect(
      region(canvasElement).getByText('Checking your GitHub connection'),
    ).toBeInTheDocument();
  },
};

/** The server has no GitHub OAuth App: what the Mason admin must set. */
export const NotSetUp: Story = {
  parameters: {
    msw: { handlers: [...githubFake({ configured: false }).handlers, project] },
  },
  play: async ({ canvasElement }) => {
    const text = await region(canvasElement).findByText(/GitHub is not set up/);
    await expect(text).toHaveTextContent('GITHUB_CLIENT_ID');
    await expect(text).toHaveTextContent('GITHUB_CLIENT_SECRET');
  },
};

/** GitHub not connected: Connect opens GitHub's sign-in in a pop-up (the WINDOW flow). */
export const NotConnected: Story = {
  parameters: {
    msw: { handlers: [...githubFake().handlers, ...codeHostingFake().handlers, project] },
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      await region(canvasElement).findByRole('button', { name: 'Connect GitHub' }),
    );
    await expect(
      await region(canvasElement).findByText(/Approve Mason in the GitHub window/),
    ).toBeVisible();
    await expect(args.openPopup).toHaveBeenCalledTimes(1);
  },
};

/** The browser blocked the pop-up: the integrations page is the way on. */
export const PopupBlocked: Story = {
  args: { openPopup: fn((): GithubPopup | null => null) },
  parameters: {
    msw: { handlers: [...githubFake().handlers, ...codeHostingFake().handlers, project] },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await region(canvasElement).findByRole('button', { name: 'Connect GitHub' }),
    );
    await expect(
      await region(canvasElement).findByRole('link', {
        name: 'connect GitHub on the Integrations page',
      }),
    ).toHaveAttribute('href', '/dashboard/integrations');
  },
};

/** Connected, not linked: search, load more, pick a repository and a branch, link. */
export const PickRepository: Story = {
  parameters: {
    msw: { handlers: connectedWith({ settlesTo: null }) },
  },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await userEvent.click(await section.findByRole('button', { name: 'Load more repositories' }));
    await userEvent.click(await section.findByRole('radio', { name: /ada\/garden-planner/ }));
    await expect(section.getByRole('combobox', { name: 'Branch' })).toHaveValue('main');
    await userEvent.selectOptions(section.getByRole('combobox', { name: 'Branch' }), 'beta');
    await userEvent.click(section.getByRole('button', { name: 'Link ada/garden-planner' }));
    await expect(await section.findByText('Pending')).toBeVisible();
    await expect(section.getByText('beta')).toBeVisible();
  },
};

/** A repository picked, before linking (the picker at rest, for a look). */
export const RepositoryChosen: Story = {
  parameters: {
    msw: { handlers: connectedWith() },
  },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await userEvent.click(await section.findByRole('radio', { name: /ada\/blog/ }));
    await expect(section.getByRole('button', { name: 'Link ada/blog' })).toBeEnabled();
  },
};

/** An account with no repositories yet: the list says so, and creating one is the way on. */
export const NoRepositories: Story = {
  parameters: {
    msw: { handlers: connectedWith({ repositories: [] }) },
  },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await expect(
      await section.findByText('Your GitHub account has no repositories yet. Create one below.'),
    ).toBeVisible();
    await expect(section.getByRole('button', { name: 'Create a new repository' })).toBeVisible();
  },
};

/** "Create a new repository": named after the project, private by default. */
export const CreateRepository: Story = {
  parameters: {
    msw: { handlers: connectedWith() },
  },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await userEvent.click(await section.findByRole('button', { name: 'Create a new repository' }));
    const form = within(section.getByRole('form', { name: 'Create a new repository' }));
    await waitFor(() =>
      expect(form.getByRole('textbox', { name: 'Repository name' })).toHaveValue('garden-planner'),
    );
    await expect(form.getByRole('radio', { name: 'Private' })).toBeChecked();
  },
};

/** Linked, every version pushed: the commit and when, Push now and Unlink. */
export const Pushed: Story = {
  parameters: {
    msw: { handlers: connectedWith({ link: { ...LINK, internal: true }, sync: FAKE_PUSHED }) },
  },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await expect(await section.findByText('Pushed')).toBeVisible();
    await expect(section.getByText('Created by Mason')).toBeVisible();
    await expect(section.getByRole('link', { name: /4c1d2e3/ })).toBeVisible();
    await userEvent.click(section.getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlink ada/shop?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/** Linked, versions waiting to be pushed. */
export const Pending: Story = {
  parameters: {
    msw: {
      handlers: connectedWith({
        link: LINK,
        sync: { ...NOT_PUSHED, state: 'PENDING' },
        settlesTo: null,
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await region(canvasElement).findByText('Pending')).toBeVisible();
  },
};

/** The last push failed: the server's reason. */
export const Failed: Story = {
  parameters: {
    msw: {
      handlers: connectedWith({
        link: LINK,
        sync: {
          ...FAKE_PUSHED,
          state: 'FAILED',
          error: 'The branch main has commits Mason did not make. Mason never overwrites them.',
        },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await expect(await section.findByText('Failed')).toBeVisible();
    await expect(section.getByRole('alert')).toHaveTextContent('commits Mason did not make');
  },
};

/** The repository could not be loaded: the reason and a way to try again. */
export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: [...connected(), errorHandler('getProjectCodeHosting', 500), project],
    },
  },
  play: async ({ canvasElement }) => {
    const alert = await region(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('This project’s repository could not be loaded');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Mason and GitHub both changed two files: what each side has, and "Resolve conflicts". */
export const Conflict: Story = {
  parameters: {
    msw: { handlers: connectedWith({ link: LINK, sync: CONFLICT_SYNC, conflict: fakeConflict() }) },
  },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await expect(await section.findByText('Mason and GitHub both changed 2 files')).toBeVisible();
    await expect(section.getByText('Nothing is lost: both sides are kept.')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Resolve conflicts' })).toBeVisible();
  },
};

/** "Resolve conflicts" opens the dialog: a choice per file, both sides to compare. */
export const ConflictDialogOpen: Story = {
  parameters: {
    msw: {
      handlers: connectedWith({
        link: LINK,
        sync: CONFLICT_SYNC,
        conflict: fakeConflict(),
        settlesTo: null,
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await region(canvasElement).findByRole('button', { name: 'Resolve conflicts' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve conflicts' }));
    const app = within(await dialog.findByRole('group', { name: 'src/App.tsx' }));
    await userEvent.click(app.getByRole('radio', { name: 'Let the assistant merge' }));
    const logo = within(dialog.getByRole('group', { name: 'public/logo.png' }));
    await userEvent.click(logo.getByRole('radio', { name: 'Keep GitHub’s' }));
    await expect(dialog.getByRole('button', { name: 'Merge' })).toBeEnabled();
  },
};

/** The merge was made; the assistant merges src/App.tsx in the chat before Mason pushes it. */
export const Merging: Story = {
  parameters: {
    msw: {
      handlers: connectedWith({
        link: LINK,
        sync: { ...FAKE_PUSHED, state: 'PENDING' },
        merging: { files: ['src/App.tsx'] },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await region(canvasElement).findByText(
        'The assistant is merging src/App.tsx. Mason pushes the merge once the conflict markers are gone.',
      ),
    ).toBeVisible();
  },
};
