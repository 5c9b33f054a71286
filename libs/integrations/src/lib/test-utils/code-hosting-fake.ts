import { HttpResponse } from 'msw';
import type {
  CodeHostingSync,
  CreateProjectRepositoryRequest,
  GithubRepository,
  LinkProjectRepositoryRequest,
  ProjectCodeHostingResponse,
  ProjectRepositoryLink,
} from '@mason/contract';
import { aGithubRepository, apiErrorBody, mockEndpoint } from '@mason/api-client/testing';

/** A page of GET /github/repositories, as the server cuts them (30 a page there; 3 here). */
export const FAKE_PAGE_SIZE = 3;

export const NOT_PUSHED: CodeHostingSync = {
  state: 'IDLE',
  pushedVersionId: null,
  pushedCommit: null,
  pushedAt: null,
  error: null,
  retryAt: null,
};

/** ada's repositories, newest change first: enough for two pages of the fake. */
export const fakeRepositories = (): GithubRepository[] => [
  aGithubRepository({
    id: 'repo-1',
    name: 'shop',
    fullName: 'ada/shop',
    branches: ['main', 'develop'],
  }),
  aGithubRepository({
    id: 'repo-2',
    name: 'blog',
    fullName: 'ada/blog',
    private: false,
    defaultBranch: 'trunk',
    branches: ['trunk', 'drafts'],
    htmlUrl: 'https://github.com/ada/blog',
  }),
  aGithubRepository({
    id: 'repo-3',
    name: 'notes',
    fullName: 'ada/notes',
    branches: ['main'],
    htmlUrl: 'https://github.com/ada/notes',
  }),
  aGithubRepository({
    id: 'repo-4',
    name: 'garden-planner',
    fullName: 'ada/garden-planner',
    private: false,
    branches: ['main', 'beta'],
    htmlUrl: 'https://github.com/ada/garden-planner',
  }),
];

export interface CodeHostingFakeOptions {
  repositories?: GithubRepository[];
  link?: ProjectRepositoryLink | null;
  sync?: CodeHostingSync;
  /**
   * Where a PENDING push ends: the GET after the one that answered PENDING (a poll) answers it.
   * Null: it stays pending.
   */
  settlesTo?: CodeHostingSync | null;
}

export const FAKE_PUSHED: CodeHostingSync = {
  state: 'PUSHED',
  pushedVersionId: 'version-2',
  pushedCommit: '4c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d',
  pushedAt: '2025-01-15T10:05:00.000Z',
  error: null,
  retryAt: null,
};

/**
 * A project's code hosting on a fake server, for specs and stories: the person's repositories
 * (paged by FAKE_PAGE_SIZE, searched by name as the server does), and the project's link, which
 * PUT links (to a repository of the list only, as the server checks), POST .../repository creates
 * (a name taken is a 422 in GitHub's words), DELETE unlinks and POST .../sync pushes. Linking and
 * pushing answer PENDING; a GET after one that said PENDING answers `settlesTo` (the push done).
 * Every call is recorded.
 */
export function codeHostingFake({
  repositories = fakeRepositories(),
  link = null,
  sync = NOT_PUSHED,
  settlesTo = FAKE_PUSHED,
}: CodeHostingFakeOptions = {}) {
  const state = {
    repositories: [...repositories],
    link,
    sync,
    searches: [] as { page: number; query: string | null }[],
    links: [] as LinkProjectRepositoryRequest[],
    creations: [] as CreateProjectRepositoryRequest[],
    unlinks: 0,
    syncs: 0,
    reads: 0,
    /** The last GET answered PENDING: the next one answers `settlesTo` (a poll sees it end). */
    pendingSeen: false,
  };
  const answer = (): ProjectCodeHostingResponse => ({ link: state.link, sync: state.sync });
  const handlers = [
    mockEndpoint('getGithubRepositories', ({ query }) => {
      const { page = 1, query: text } = query as { page?: number; query?: string };
      state.searches.push({ page, query: text ?? null });
      const matching = text
        ? state.repositories.filter(({ name }) => name.toLowerCase().includes(text.toLowerCase()))
        : state.repositories;
      const start = (page - 1) * FAKE_PAGE_SIZE;
      return {
        repositories: matching.slice(start, start + FAKE_PAGE_SIZE),
        hasMore: matching.length > start + FAKE_PAGE_SIZE,
      };
    }),
    mockEndpoint('getProjectCodeHosting', () => {
      state.reads += 1;
      if (state.sync.state === 'PENDING' && state.pendingSeen && settlesTo) state.sync = settlesTo;
      state.pendingSeen = state.sync.state === 'PENDING';
      return answer();
    }),
    mockEndpoint('linkProjectRepository', ({ body }) => {
      const request = body as LinkProjectRepositoryRequest;
      state.links.push(request);
      const repository = state.repositories.find(({ fullName }) => fullName === request.fullName);
      if (!repository)
        return HttpResponse.json(
          apiErrorBody(404, {
            message: `Your GitHub account cannot reach ${request.fullName}.`,
          }),
          { status: 404 },
        );
      state.link = {
        repositoryId: repository.id,
        fullName: repository.fullName,
        htmlUrl: repository.htmlUrl,
        branch: request.branch,
        internal: false,
      };
      state.sync = { ...NOT_PUSHED, state: 'PENDING' };
      return answer();
    }),
    mockEndpoint('createProjectRepository', ({ body }) => {
      const request = body as CreateProjectRepositoryRequest;
      state.creations.push(request);
      if (state.repositories.some(({ name }) => name === request.name))
        return HttpResponse.json(
          apiErrorBody(422, {
            message: `GitHub refused to create ${request.name}: name already exists on this account.`,
          }),
          { status: 422 },
        );
      const repository = aGithubRepository({
        id: `repo-${state.repositories.length + 1}`,
        name: request.name,
        fullName: `ada/${request.name}`,
        private: request.private,
        branches: [],
        htmlUrl: `https://github.com/ada/${request.name}`,
      });
      state.repositories.unshift(repository);
      state.link = {
        repositoryId: repository.id,
        fullName: repository.fullName,
        htmlUrl: repository.htmlUrl,
        branch: repository.defaultBranch,
        internal: true,
      };
      state.sync = { ...NOT_PUSHED, state: 'PENDING' };
      return answer();
    }),
    mockEndpoint('unlinkProjectRepository', () => {
      state.unlinks += 1;
      state.link = null;
      state.sync = NOT_PUSHED;
      return answer();
    }),
    mockEndpoint('syncProjectRepository', () => {
      state.syncs += 1;
      state.sync = { ...state.sync, state: 'PENDING', error: null, retryAt: null };
      return answer();
    }),
  ];
  return { state, handlers };
}
