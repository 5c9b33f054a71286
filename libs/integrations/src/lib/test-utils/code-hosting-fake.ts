import { HttpResponse } from 'msw';
import type {
  CodeHostingConflictDetailResponse,
  CodeHostingSync,
  CreateProjectRepositoryRequest,
  GithubRepository,
  LinkProjectRepositoryRequest,
  ProjectCodeHostingResponse,
  ProjectRepositoryLink,
  ResolveConflictRequest,
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
   * Null: it stays pending. A merge left to the assistant never settles on its own.
   */
  settlesTo?: CodeHostingSync | null;
  /** The files Mason and GitHub both changed, waiting for a choice (see fakeConflict). */
  conflict?: CodeHostingConflictDetailResponse | null;
  /** Files the assistant was asked to merge, still holding conflict markers. */
  merging?: { files: string[] } | null;
}

export const FAKE_PUSHED: CodeHostingSync = {
  state: 'PUSHED',
  pushedVersionId: 'version-2',
  pushedCommit: '4c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d',
  pushedAt: '2025-01-15T10:05:00.000Z',
  error: null,
  retryAt: null,
};

/** The link of the conflict stories and specs: ada/shop on main. */
export const FAKE_LINK: ProjectRepositoryLink = {
  repositoryId: 'repo-1',
  fullName: 'ada/shop',
  htmlUrl: 'https://github.com/ada/shop',
  branch: 'main',
  internal: false,
};

/** Where pushing stands while a conflict waits: failed, and Mason waits for the person. */
export const CONFLICT_SYNC: CodeHostingSync = {
  ...FAKE_PUSHED,
  state: 'FAILED',
  error: 'Mason and GitHub both changed the same files. Choose what to keep of each.',
  retryAt: null,
};

/**
 * Two files Mason and GitHub both changed: src/App.tsx (text on every side) and public/logo.png
 * (binary: a side is kept whole, the assistant cannot merge it). Override freely.
 */
export const fakeConflict = (
  overrides: Partial<CodeHostingConflictDetailResponse> = {},
): CodeHostingConflictDetailResponse => ({
  theirs: '9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c',
  githubCommits: 1,
  masonVersions: 2,
  files: [
    {
      path: 'src/App.tsx',
      base: { kind: 'TEXT', text: 'export function App() {\n  return <h1>Todos</h1>;\n}\n' },
      mason: {
        kind: 'TEXT',
        text: 'export function App() {\n  return <h1>My todos</h1>;\n}\n',
      },
      github: {
        kind: 'TEXT',
        text: 'export function App() {\n  return <h1 className="title">Todos</h1>;\n}\n',
      },
    },
    {
      path: 'public/logo.png',
      base: { kind: 'BINARY', text: null },
      mason: { kind: 'BINARY', text: null },
      github: { kind: 'BINARY', text: null },
    },
  ],
  ...overrides,
});

/**
 * A project's code hosting on a fake server, for specs and stories: the person's repositories
 * (paged by FAKE_PAGE_SIZE, searched by name as the server does), and the project's link, which
 * PUT links (to a repository of the list only, as the server checks), POST .../repository creates
 * (a name taken is a 422 in GitHub's words), DELETE unlinks and POST .../sync pushes. Linking and
 * pushing answer PENDING; a GET after one that said PENDING answers `settlesTo` (the push done).
 * A conflict is shown file by file (GET .../conflict, 404 without one) and resolved as the
 * server does (POST .../conflict: 409 for an older look, 400 for a file without a choice or one
 * the assistant cannot merge; files left to the assistant wait in `merging`). Every call is
 * recorded.
 */
export function codeHostingFake({
  repositories = fakeRepositories(),
  link = null,
  sync = NOT_PUSHED,
  settlesTo = FAKE_PUSHED,
  conflict = null,
  merging = null,
}: CodeHostingFakeOptions = {}) {
  const state = {
    repositories: [...repositories],
    link,
    sync,
    conflict,
    merging,
    searches: [] as { page: number; query: string | null }[],
    links: [] as LinkProjectRepositoryRequest[],
    creations: [] as CreateProjectRepositoryRequest[],
    resolutions: [] as ResolveConflictRequest[],
    unlinks: 0,
    syncs: 0,
    reads: 0,
    conflictReads: 0,
    /** The last GET answered PENDING: the next one answers `settlesTo` (a poll sees it end). */
    pendingSeen: false,
  };
  const answer = (): ProjectCodeHostingResponse => ({
    link: state.link,
    sync: state.sync,
    conflict: state.conflict && {
      theirs: state.conflict.theirs,
      githubCommits: state.conflict.githubCommits,
      masonVersions: state.conflict.masonVersions,
      files: state.conflict.files.map(({ path }) => path),
    },
    merging: state.merging,
  });
  const refuse = (status: number, message: string) =>
    HttpResponse.json(apiErrorBody(status, { message }), { status });
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
      if (state.sync.state === 'PENDING' && state.pendingSeen && settlesTo && !state.merging)
        state.sync = settlesTo;
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
    mockEndpoint('getProjectCodeHostingConflict', () => {
      state.conflictReads += 1;
      return state.conflict ?? refuse(404, 'This project has no conflict waiting for a choice.');
    }),
    mockEndpoint('resolveProjectCodeHostingConflict', ({ body }) => {
      const request = body as ResolveConflictRequest;
      state.resolutions.push(request);
      const waiting = state.conflict;
      if (!waiting) return refuse(404, 'This project has no conflict waiting for a choice.');
      if (request.theirs !== waiting.theirs)
        return refuse(409, 'GitHub or Mason changed since you looked. Look at the files again.');
      const choices = new Map(request.files.map(({ path, keep }) => [path, keep]));
      for (const file of waiting.files) {
        const keep = choices.get(file.path);
        if (!keep) return refuse(400, `Choose what to keep of ${file.path}.`);
        if (keep === 'ASSISTANT' && (file.mason.kind !== 'TEXT' || file.github.kind !== 'TEXT'))
          return refuse(
            400,
            `The assistant merges text only: ${file.path} is not text on both sides.`,
          );
      }
      const toMerge = request.files.filter(({ keep }) => keep === 'ASSISTANT');
      state.conflict = null;
      state.merging = toMerge.length > 0 ? { files: toMerge.map(({ path }) => path) } : null;
      state.sync = { ...state.sync, state: 'PENDING', error: null, retryAt: null };
      return answer();
    }),
  ];
  return { state, handlers };
}
