import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import {
  aGithubIntegration,
  aProject,
  errorHandler,
  mockEndpoint,
  networkErrorHandler,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { GITHUB_WINDOW_CHANNEL } from '../github-callback/github-window-messages';
import { codeHostingFake, FAKE_PUSHED, NOT_PUSHED } from '../test-utils/code-hosting-fake';
import { githubFake } from '../test-utils/github-fake';
import { renderIntegrations } from '../test-utils/render-integrations';
import type { GithubPopup } from './github-popup';
import { ProjectCodeHosting } from './project-code-hosting';

const server = setupApiServer();

const PROJECT_ID = 'project-1';
const connected = () => githubFake({ integration: aGithubIntegration({ accountLogin: 'ada' }) });
const LINK = {
  repositoryId: 'repo-1',
  fullName: 'ada/shop',
  htmlUrl: 'https://github.com/ada/shop',
  branch: 'main',
  internal: false,
};

function renderSection(popup: GithubPopup | null = null) {
  const openPopup = jest.fn(() => popup);
  server.use(
    mockEndpoint('getProject', aProject({ id: PROJECT_ID, name: 'Garden Planner 2' })),
    mockEndpoint('getProjects', { projects: [] }),
  );
  const view = renderIntegrations(
    <ProjectCodeHosting
      projectId={PROJECT_ID}
      integrationsHref="/dashboard/integrations"
      openPopup={openPopup}
    />,
    {
      route: `/projects/${PROJECT_ID}`,
      path: '/projects/:projectId',
      routes: { '/dashboard/integrations': <h1>Integrations page</h1> },
    },
  );
  return { ...view, openPopup };
}

const section = () => within(screen.getByRole('region', { name: 'Code hosting' }));
const announcer = () =>
  screen.getAllByRole('status').find((element) => element.getAttribute('aria-live') === 'polite');

describe('ProjectCodeHosting', () => {
  it('says it is checking the GitHub connection while GET /github has not answered', () => {
    server.use(pendingHandler('getGithubIntegration'));
    renderSection();
    expect(section().getByText('Checking your GitHub connection')).toBeInTheDocument();
    expect(section().queryByRole('button')).not.toBeInTheDocument();
  });

  it('names the variables the Mason admin must set when the server has no GitHub app, and asks nothing more', async () => {
    const hosting = codeHostingFake();
    server.use(...githubFake({ configured: false }).handlers, ...hosting.handlers);
    renderSection();
    const text = await section().findByText(/GitHub is not set up on this Mason server/);
    expect(text).toHaveTextContent('The Mason admin can turn it on');
    expect(text).toHaveTextContent('GITHUB_CLIENT_ID');
    expect(text).toHaveTextContent('GITHUB_CLIENT_SECRET');
    expect(section().queryByRole('button')).not.toBeInTheDocument();
    expect(hosting.state.reads).toBe(0);
  });

  it('says why GET /github failed, and tries again', async () => {
    server.use(
      errorHandler(
        'getGithubIntegration',
        500,
        { message: 'Unknown server error' },
        { once: true },
      ),
      ...connected().handlers,
      ...codeHostingFake().handlers,
    );
    const view = renderSection();
    const alert = await section().findByRole('alert');
    expect(alert).toHaveTextContent('Your GitHub connection could not be checked');
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await section().findByRole('searchbox', { name: 'Search your repositories' }),
    ).toBeVisible();
  });

  it('says why the repository could not be loaded, and tries again', async () => {
    server.use(
      ...connected().handlers,
      networkErrorHandler('getProjectCodeHosting', { once: true }),
      ...codeHostingFake({ link: LINK, sync: FAKE_PUSHED }).handlers,
    );
    const view = renderSection();
    const alert = await section().findByRole('alert');
    expect(alert).toHaveTextContent('This project’s repository could not be loaded');
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await section().findByRole('link', { name: /ada\/shop/ })).toBeVisible();
  });

  describe('GitHub not connected', () => {
    it('connects in a pop-up of the WINDOW flow and shows the repositories once the pop-up says so', async () => {
      const github = githubFake();
      server.use(...github.handlers, ...codeHostingFake().handlers);
      const popup = { show: jest.fn(), close: jest.fn() };
      const view = renderSection(popup);

      await view.user.click(await section().findByRole('button', { name: 'Connect GitHub' }));
      await waitFor(() =>
        expect(popup.show).toHaveBeenCalledWith(
          'https://github.com/login/oauth/authorize?client_id=test&state=state-1',
        ),
      );
      expect(view.openPopup).toHaveBeenCalledTimes(1);
      expect(github.state.flows).toEqual(['WINDOW']);
      expect(section().getByText(/Approve Mason in the GitHub window/)).toBeVisible();

      // The pop-up's exchange happened on the server; then it announces it.
      github.state.integration = aGithubIntegration({ accountLogin: 'ada' });
      const channel = new BroadcastChannel(GITHUB_WINDOW_CHANNEL);
      channel.postMessage({
        id: 'popup-1',
        type: 'mason:github-connected',
        integration: github.state.integration,
      });
      channel.close();

      expect(await section().findByRole('radio', { name: /ada\/shop/ })).toBeInTheDocument();
      expect(announcer()).toHaveTextContent('GitHub is connected.');
    });

    it('offers the integrations page when the browser blocks the pop-up', async () => {
      const github = githubFake();
      server.use(...github.handlers, ...codeHostingFake().handlers);
      const view = renderSection(null);

      await view.user.click(await section().findByRole('button', { name: 'Connect GitHub' }));
      const notice = await section().findByText('Your browser blocked the GitHub window');
      expect(github.state.flows).toEqual([]);
      await view.user.click(
        within(notice.closest('[role="status"]') as HTMLElement).getByRole('link', {
          name: 'connect GitHub on the Integrations page',
        }),
      );
      expect(await screen.findByRole('heading', { name: 'Integrations page' })).toBeVisible();
    });

    it('closes the pop-up and says why beside the button when the authorize URL fails, then tries again', async () => {
      const github = githubFake();
      server.use(
        networkErrorHandler('getGithubAuthorizeUrl', { once: true }),
        ...github.handlers,
        ...codeHostingFake().handlers,
      );
      const popup = { show: jest.fn(), close: jest.fn() };
      const view = renderSection(popup);

      await view.user.click(await section().findByRole('button', { name: 'Connect GitHub' }));
      const alert = await section().findByRole('alert');
      expect(alert).toHaveTextContent('GitHub is not connected');
      expect(popup.close).toHaveBeenCalledTimes(1);
      expect(view.toasts).toEqual([]);

      await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(popup.show).toHaveBeenCalledTimes(1));
      expect(section().queryByRole('alert')).not.toBeInTheDocument();
    });

    it('says what the pop-up reported when GitHub was not connected', async () => {
      server.use(...githubFake().handlers, ...codeHostingFake().handlers);
      renderSection({ show: jest.fn(), close: jest.fn() });
      await section().findByRole('button', { name: 'Connect GitHub' });

      const channel = new BroadcastChannel(GITHUB_WINDOW_CHANNEL);
      channel.postMessage({
        id: 'popup-2',
        type: 'mason:github-failed',
        message: 'You did not allow Mason on GitHub.',
      });
      channel.close();

      expect(await section().findByRole('alert')).toHaveTextContent(
        'You did not allow Mason on GitHub.',
      );
    });
  });

  describe('connected, not linked', () => {
    it('searches, loads more, picks a repository with its default branch and links it, then shows it pushed', async () => {
      const hosting = codeHostingFake();
      server.use(...connected().handlers, ...hosting.handlers);
      const view = renderSection();

      // First page: three repositories, and more.
      expect(await section().findByRole('radio', { name: /ada\/shop/ })).toBeInTheDocument();
      expect(section().getAllByRole('radio')).toHaveLength(3);
      expect(section().getByRole('button', { name: /^Link$/ })).toBeDisabled();

      await view.user.click(section().getByRole('button', { name: 'Load more repositories' }));
      const planner = await section().findByRole('radio', { name: /ada\/garden-planner/ });
      expect(section().getAllByRole('radio')).toHaveLength(4);
      // Focus goes to the first repository the page brought; no more pages.
      await waitFor(() => expect(planner).toHaveFocus());
      expect(
        section().queryByRole('button', { name: 'Load more repositories' }),
      ).not.toBeInTheDocument();
      expect(hosting.state.searches).toEqual([
        { page: 1, query: null },
        { page: 2, query: null },
      ]);

      // A search starts again from its first page.
      await view.user.type(
        section().getByRole('searchbox', { name: 'Search your repositories' }),
        'blo',
      );
      await waitFor(() => expect(section().getAllByRole('radio')).toHaveLength(1));
      expect(hosting.state.searches.at(-1)).toEqual({ page: 1, query: 'blo' });

      await view.user.click(section().getByRole('radio', { name: /ada\/blog/ }));
      const branch = section().getByRole('combobox', { name: 'Branch' });
      expect(branch).toHaveValue('trunk');
      expect(
        within(branch)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['trunk (default)', 'drafts', 'A new branch…']);
      await view.user.selectOptions(branch, 'drafts');
      await view.user.click(section().getByRole('button', { name: 'Link ada/blog' }));

      expect(await section().findByRole('link', { name: /ada\/blog/ })).toHaveAttribute(
        'href',
        'https://github.com/ada/blog',
      );
      expect(hosting.state.links).toEqual([{ fullName: 'ada/blog', branch: 'drafts' }]);
      expect(section().getByText('drafts')).toBeVisible();
      await waitFor(() =>
        expect(
          section().getByText(/Mason pushes each version of this project to GitHub/),
        ).toHaveFocus(),
      );
      expect(announcer()).toHaveTextContent('Linked ada/blog, branch drafts.');
      // The push ends while the section is open: Pushed, with the commit and when.
      expect(await section().findByText('Pushed', {}, { timeout: 10_000 })).toBeVisible();
      expect(section().getByRole('link', { name: /4c1d2e3/ })).toHaveAttribute(
        'href',
        `https://github.com/ada/blog/commit/${FAKE_PUSHED.pushedCommit}`,
      );
      expect(announcer()).toHaveTextContent('Pushed commit 4c1d2e3.');
    });

    it('links a new branch by name, and refuses a name git would not take', async () => {
      const hosting = codeHostingFake({ settlesTo: null });
      server.use(...connected().handlers, ...hosting.handlers);
      const view = renderSection();

      await view.user.click(await section().findByRole('radio', { name: /ada\/shop/ }));
      expect(section().getByRole('combobox', { name: 'Branch' })).toHaveValue('main');
      await view.user.selectOptions(
        section().getByRole('combobox', { name: 'Branch' }),
        'A new branch…',
      );
      const name = section().getByRole('textbox', { name: 'New branch name' });
      await view.user.type(name, 'bad..name');
      await view.user.click(section().getByRole('button', { name: 'Link ada/shop' }));
      expect(name).toHaveAccessibleDescription(/That is not a valid branch name/);
      expect(hosting.state.links).toEqual([]);

      await view.user.clear(name);
      await view.user.type(name, 'mason/site');
      await view.user.click(section().getByRole('button', { name: 'Link ada/shop' }));
      expect(await section().findByText('Pending')).toBeVisible();
      expect(section().getByText(/New versions are waiting to be pushed/)).toBeVisible();
      expect(hosting.state.links).toEqual([{ fullName: 'ada/shop', branch: 'mason/site' }]);
    });

    it('says why linking failed beside Link, without a toast, and links on a second try', async () => {
      const hosting = codeHostingFake();
      server.use(
        ...connected().handlers,
        errorHandler(
          'linkProjectRepository',
          409,
          { message: 'Your GitHub account cannot push to ada/shop.' },
          { once: true },
        ),
        ...hosting.handlers,
      );
      const view = renderSection();
      await view.user.click(await section().findByRole('radio', { name: /ada\/shop/ }));
      await view.user.click(section().getByRole('button', { name: 'Link ada/shop' }));

      const alert = await section().findByRole('alert');
      expect(alert).toHaveTextContent('Your GitHub account cannot push to ada/shop.');
      expect(view.toasts).toEqual([]);
      await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await section().findByRole('link', { name: /ada\/shop/ })).toBeVisible();
      expect(hosting.state.links).toEqual([{ fullName: 'ada/shop', branch: 'main' }]);
    });

    it('says why the repositories could not be listed, and tries again', async () => {
      server.use(
        ...connected().handlers,
        errorHandler(
          'getGithubRepositories',
          502,
          { message: 'GitHub could not be reached.' },
          { once: true },
        ),
        ...codeHostingFake().handlers,
      );
      const view = renderSection();
      const alert = await section().findByRole('alert');
      expect(alert).toHaveTextContent('GitHub could not be reached.');
      expect(view.toasts).toEqual([]);
      await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await section().findByRole('radio', { name: /ada\/shop/ })).toBeInTheDocument();
    });

    it('says so when a search finds nothing', async () => {
      server.use(...connected().handlers, ...codeHostingFake().handlers);
      const view = renderSection();
      await section().findByRole('radio', { name: /ada\/shop/ });
      await view.user.type(
        section().getByRole('searchbox', { name: 'Search your repositories' }),
        'zebra{Enter}',
      );
      expect(
        await section().findByText('No repository of yours is named like “zebra”.'),
      ).toBeVisible();
      expect(section().queryByRole('radio')).not.toBeInTheDocument();
    });

    it('says so when the account has no repositories, and offers to create one', async () => {
      server.use(...connected().handlers, ...codeHostingFake({ repositories: [] }).handlers);
      renderSection();
      expect(
        await section().findByText(
          'Your GitHub account has no repositories yet. Create one below.',
        ),
      ).toBeVisible();
      expect(
        section().queryByRole('button', { name: 'Load more repositories' }),
      ).not.toBeInTheDocument();
      expect(section().getByRole('button', { name: 'Create a new repository' })).toBeVisible();
    });

    it('creates a new repository named after the project, private by default, and links it', async () => {
      const hosting = codeHostingFake({ settlesTo: null });
      server.use(...connected().handlers, ...hosting.handlers);
      const view = renderSection();

      await view.user.click(
        await section().findByRole('button', { name: 'Create a new repository' }),
      );
      const form = within(section().getByRole('form', { name: 'Create a new repository' }));
      const name = form.getByRole('textbox', { name: 'Repository name' });
      await waitFor(() => expect(name).toHaveValue('garden-planner-2'));
      expect(name).toHaveFocus();
      expect(form.getByRole('radio', { name: 'Private' })).toBeChecked();

      await view.user.click(form.getByRole('radio', { name: 'Public' }));
      await view.user.click(form.getByRole('button', { name: 'Create and link' }));

      expect(await section().findByRole('link', { name: /ada\/garden-planner-2/ })).toBeVisible();
      expect(section().getByText('Created by Mason')).toBeVisible();
      expect(hosting.state.creations).toEqual([{ name: 'garden-planner-2', private: false }]);
      expect(announcer()).toHaveTextContent('Created ada/garden-planner-2 and linked it.');
    });

    it('refuses a repository name GitHub would not take, shows the server’s refusal, and cancels back to the button', async () => {
      const hosting = codeHostingFake();
      server.use(...connected().handlers, ...hosting.handlers);
      const view = renderSection();

      await view.user.click(
        await section().findByRole('button', { name: 'Create a new repository' }),
      );
      const form = within(section().getByRole('form', { name: 'Create a new repository' }));
      const name = form.getByRole('textbox', { name: 'Repository name' });
      await view.user.clear(name);
      await view.user.type(name, 'my shop');
      await view.user.click(form.getByRole('button', { name: 'Create and link' }));
      expect(name).toHaveAccessibleDescription(/Use only letters, digits/);
      expect(hosting.state.creations).toEqual([]);

      await view.user.clear(name);
      await view.user.type(name, 'shop');
      await view.user.click(form.getByRole('button', { name: 'Create and link' }));
      const alert = await form.findByRole('alert');
      expect(alert).toHaveTextContent('name already exists on this account');
      expect(view.toasts).toEqual([]);

      await view.user.click(form.getByRole('button', { name: 'Cancel' }));
      await waitFor(() =>
        expect(section().getByRole('button', { name: 'Create a new repository' })).toHaveFocus(),
      );
    });
  });

  describe('linked', () => {
    it('shows the repository, the branch and the pushed commit, and pushes now', async () => {
      const hosting = codeHostingFake({ link: LINK, sync: FAKE_PUSHED });
      server.use(...connected().handlers, ...hosting.handlers);
      const view = renderSection();

      expect(await section().findByRole('link', { name: /ada\/shop/ })).toHaveAttribute(
        'href',
        'https://github.com/ada/shop',
      );
      expect(section().getByText('main')).toBeVisible();
      expect(section().queryByText('Created by Mason')).not.toBeInTheDocument();
      expect(section().getByText('Pushed')).toBeVisible();
      expect(section().getByRole('link', { name: /4c1d2e3/ })).toBeVisible();
      expect(section().getByText(/Jan 15, 2025/)).toBeVisible();

      await view.user.click(section().getByRole('button', { name: 'Push now' }));
      expect(await section().findByText('Pending')).toBeVisible();
      expect(hosting.state.syncs).toBe(1);
      expect(await section().findByText('Pushed', {}, { timeout: 10_000 })).toBeVisible();
    });

    it('asks the server again each time it is shown: a push made while it was closed shows', async () => {
      const hosting = codeHostingFake({ link: LINK, sync: FAKE_PUSHED });
      server.use(...connected().handlers, ...hosting.handlers);
      function Reopenable() {
        const [shown, setShown] = useState(true);
        return (
          <>
            <button onClick={() => setShown(!shown)}>Settings</button>
            {shown && (
              <ProjectCodeHosting
                projectId={PROJECT_ID}
                integrationsHref="/dashboard/integrations"
              />
            )}
          </>
        );
      }
      server.use(mockEndpoint('getProject', aProject({ id: PROJECT_ID })));
      const view = renderIntegrations(<Reopenable />);
      expect(await section().findByRole('link', { name: /4c1d2e3/ })).toBeVisible();

      await view.user.click(screen.getByRole('button', { name: 'Settings' }));
      hosting.state.sync = {
        ...FAKE_PUSHED,
        pushedCommit: 'abcdef0123456789abcdef0123456789abcdef01',
      };
      await view.user.click(screen.getByRole('button', { name: 'Settings' }));

      expect(await section().findByRole('link', { name: /abcdef0/ })).toBeVisible();
    });

    it('still shows the repository when GitHub was disconnected, with the way to connect again', async () => {
      server.use(
        ...githubFake().handlers,
        ...codeHostingFake({ link: LINK, sync: FAKE_PUSHED }).handlers,
      );
      renderSection();
      expect(await section().findByRole('link', { name: /ada\/shop/ })).toBeVisible();
      expect(section().getByRole('button', { name: 'Unlink' })).toBeVisible();
      expect(section().getByRole('button', { name: 'Connect GitHub' })).toBeVisible();
    });

    it('shows a failed push with the server’s reason, and when Mason tries again', async () => {
      server.use(
        ...connected().handlers,
        ...codeHostingFake({
          link: LINK,
          sync: {
            ...NOT_PUSHED,
            state: 'FAILED',
            error: 'The branch main has commits Mason did not make.',
            retryAt: null,
          },
        }).handlers,
      );
      renderSection();
      expect(await section().findByText('Failed')).toBeVisible();
      const alert = section().getByRole('alert');
      expect(alert).toHaveTextContent('The last push failed');
      expect(alert).toHaveTextContent('The branch main has commits Mason did not make.');
      expect(alert).toHaveTextContent('Once it is fixed, push again.');
    });

    it('follows a failed push that Mason tries again on its own, until it is pushed', async () => {
      const hosting = codeHostingFake({
        link: LINK,
        sync: {
          ...NOT_PUSHED,
          state: 'FAILED',
          error: 'GitHub could not be reached.',
          retryAt: '2025-01-15T10:15:00.000Z',
        },
      });
      server.use(...connected().handlers, ...hosting.handlers);
      renderSection();
      expect(await section().findByText('Failed')).toBeVisible();
      expect(section().getByRole('alert')).toHaveTextContent('Mason tries again on its own at');

      // The retry succeeds on the server; the next poll sees it.
      hosting.state.sync = FAKE_PUSHED;
      expect(await section().findByText('Pushed')).toBeVisible();
      expect(announcer()).toHaveTextContent('Pushed commit 4c1d2e3.');
    });

    it('says why Push now failed beside it, and tries again', async () => {
      const hosting = codeHostingFake({ link: LINK, sync: FAKE_PUSHED, settlesTo: null });
      server.use(
        ...connected().handlers,
        errorHandler(
          'syncProjectRepository',
          502,
          { message: 'GitHub could not be reached.' },
          { once: true },
        ),
        ...hosting.handlers,
      );
      const view = renderSection();
      await view.user.click(await section().findByRole('button', { name: 'Push now' }));
      const alert = await section().findByRole('alert');
      expect(alert).toHaveTextContent('GitHub could not be reached.');
      expect(view.toasts).toEqual([]);
      await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await section().findByText('Pending')).toBeVisible();
      expect(hosting.state.syncs).toBe(1);
    });

    it('unlinks after a confirmation, then offers the repositories with focus on the search', async () => {
      const hosting = codeHostingFake({ link: { ...LINK, internal: true }, sync: FAKE_PUSHED });
      server.use(...connected().handlers, ...hosting.handlers);
      const view = renderSection();
      expect(await section().findByText('Created by Mason')).toBeVisible();

      await view.user.click(section().getByRole('button', { name: 'Unlink' }));
      let dialog = await screen.findByRole('alertdialog', { name: 'Unlink ada/shop?' });
      await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(hosting.state.unlinks).toBe(0);

      await view.user.click(section().getByRole('button', { name: 'Unlink' }));
      dialog = await screen.findByRole('alertdialog', { name: 'Unlink ada/shop?' });
      await view.user.click(within(dialog).getByRole('button', { name: 'Unlink' }));

      const search = await section().findByRole('searchbox', { name: 'Search your repositories' });
      await waitFor(() => expect(search).toHaveFocus());
      expect(hosting.state.unlinks).toBe(1);
      expect(announcer()).toHaveTextContent('Unlinked ada/shop.');
    });

    it('says why unlinking failed and keeps the repository', async () => {
      const hosting = codeHostingFake({ link: LINK, sync: FAKE_PUSHED });
      server.use(
        ...connected().handlers,
        errorHandler(
          'unlinkProjectRepository',
          500,
          { message: 'Unknown server error' },
          { once: true },
        ),
        ...hosting.handlers,
      );
      const view = renderSection();
      await view.user.click(await section().findByRole('button', { name: 'Unlink' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Unlink ada/shop?' });
      await view.user.click(within(dialog).getByRole('button', { name: 'Unlink' }));

      const alert = await section().findByRole('alert');
      expect(alert).toHaveTextContent('The repository is still linked');
      expect(alert).toHaveTextContent('Unknown server error');
      expect(view.toasts).toEqual([]);
      expect(section().getByRole('link', { name: /ada\/shop/ })).toBeVisible();

      await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('alertdialog', { name: 'Unlink ada/shop?' })).toBeVisible();
    });
  });
});
