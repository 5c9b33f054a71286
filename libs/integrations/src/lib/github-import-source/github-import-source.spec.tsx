import { screen, waitFor } from '@testing-library/react';
import {
  aGithubIntegration,
  aGithubRepository,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { GITHUB_WINDOW_CHANNEL } from '../github-callback/github-window-messages';
import { githubFake } from '../test-utils/github-fake';
import { renderIntegrations } from '../test-utils/render-integrations';
import { GithubImportSource, type GithubImportSelection } from './github-import-source';

const server = setupApiServer();

const NOTES = aGithubRepository({
  id: '4242',
  name: 'notes',
  fullName: 'ada/notes',
  defaultBranch: 'main',
  branches: ['main', 'draft'],
});

function renderSource(error?: string) {
  const changes: (GithubImportSelection | null)[] = [];
  const popup = { show: jest.fn(), close: jest.fn() };
  const view = renderIntegrations(
    <GithubImportSource
      onChange={(selection) => changes.push(selection)}
      error={error}
      integrationsHref="/dashboard/integrations"
      openPopup={() => popup}
    />,
    { route: '/dashboard/projects/existing', path: '/dashboard/projects/existing' },
  );
  return { ...view, changes, popup };
}

describe('GithubImportSource', () => {
  it('says it is checking the connection while GET /github has not answered', () => {
    server.use(pendingHandler('getGithubIntegration'));
    renderSource();
    expect(screen.getByText('Checking your GitHub connection')).toBeInTheDocument();
  });

  it('names what the Mason admin must set when the server has no GitHub app', async () => {
    server.use(...githubFake({ configured: false }).handlers);
    renderSource();
    const text = await screen.findByText(/GitHub is not set up on this Mason server/);
    expect(text).toHaveTextContent('GITHUB_CLIENT_ID');
    expect(text).toHaveTextContent('import a public repository by its address');
  });

  it('connects GitHub in a pop-up, then lists the repositories', async () => {
    const github = githubFake();
    server.use(
      ...github.handlers,
      mockEndpoint('getGithubRepositories', { repositories: [NOTES], hasMore: false }),
    );
    const view = renderSource();

    await view.user.click(await screen.findByRole('button', { name: 'Connect GitHub' }));
    await waitFor(() => expect(view.popup.show).toHaveBeenCalled());
    expect(github.state.flows).toEqual(['WINDOW']);

    github.state.integration = aGithubIntegration({ accountLogin: 'ada' });
    const channel = new BroadcastChannel(GITHUB_WINDOW_CHANNEL);
    channel.postMessage({
      id: 'popup-1',
      type: 'mason:github-connected',
      integration: github.state.integration,
    });
    channel.close();

    expect(await screen.findByRole('radio', { name: /ada\/notes/ })).toBeInTheDocument();
    expect(screen.getByText(/Connected as/)).toHaveTextContent('Connected as ada.');
  });

  it('tells the form the repository and branch picked, the default branch first', async () => {
    server.use(
      ...githubFake({ integration: aGithubIntegration({ accountLogin: 'ada' }) }).handlers,
      mockEndpoint('getGithubRepositories', { repositories: [NOTES], hasMore: false }),
    );
    const view = renderSource();

    await view.user.click(await screen.findByRole('radio', { name: /ada\/notes/ }));
    const branch = screen.getByRole('combobox', { name: /Branch/ });
    expect(branch).toHaveDisplayValue('main (default)');
    expect(screen.queryByRole('option', { name: 'A new branch…' })).not.toBeInTheDocument();
    await view.user.selectOptions(branch, 'draft');

    expect(view.changes).toEqual([
      { repositoryId: '4242', branch: 'main', name: 'notes' },
      { repositoryId: '4242', branch: 'draft', name: 'notes' },
    ]);
  });

  it('shows the form’s error for this source under the list', async () => {
    server.use(
      ...githubFake({ integration: aGithubIntegration({ accountLogin: 'ada' }) }).handlers,
      mockEndpoint('getGithubRepositories', { repositories: [NOTES], hasMore: false }),
    );
    renderSource('Pick the repository to import.');
    expect(await screen.findByRole('alert')).toHaveTextContent('Pick the repository to import.');
  });

  it('offers to try again when the connection cannot be checked', async () => {
    server.use(
      errorHandler('getGithubIntegration', 503, {}, { once: true }),
      ...githubFake().handlers,
    );
    const view = renderSource();

    await view.user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Connect GitHub' })).toBeInTheDocument();
  });
});
