import { Octokit } from '@octokit/core';
import {
  deleteToken,
  exchangeWebFlowCode,
  getWebFlowAuthorizationUrl,
} from '@octokit/oauth-methods';
import type { GithubRepository } from '@mason/contract';
import type { GithubConfig } from './github-config';

/** The GitHub account a token belongs to. */
export interface GithubAccount {
  readonly login: string;
  readonly avatarUrl: string | null;
}

/** A page of the repositories a token reaches, newest change first. */
export interface RepositoryPage {
  readonly repositories: GithubRepository[];
  readonly hasMore: boolean;
}

/** A repository a project may push to, as GitHub answers for the token. */
export interface LinkableRepository {
  readonly id: string;
  readonly fullName: string;
  readonly htmlUrl: string;
  /** Where git fetches and pushes (HTTPS; the token is the password). */
  readonly cloneUrl: string;
  readonly defaultBranch: string;
  /** The token's account may push to it. */
  readonly canPush: boolean;
}

/** The scopes Mason asks for: repositories (read and write, private ones too) and the user. */
export const GITHUB_SCOPES = ['repo', 'read:user'] as const;
/** Repositories per page. */
export const REPOSITORIES_PER_PAGE = 30;
/** Branches read per repository (its newest ones; GitHub's page size at most). */
const BRANCHES_PER_REPOSITORY = 100;
/** Repositories whose branches are read at once. */
const BRANCH_READS_AT_ONCE = 6;

/** The adapter Mason talks to GitHub through (an OAuth App; GitHub Enterprise alike). */
export interface GithubClient {
  /** GitHub's authorize page for `state`, sending the person back to `redirectUrl`. */
  authorizeUrl(state: string, redirectUrl: string): string;
  /** The token GitHub gives for the code of its redirect; throws GithubError when refused. */
  exchangeCode(code: string, redirectUrl: string): Promise<string>;
  account(token: string): Promise<GithubAccount>;
  /** Page `page` (from 1) of the repositories the token reaches, with their branches. */
  repositories(token: string, page: number, query: string | null): Promise<RepositoryPage>;
  /** Revokes the token at GitHub (the person's grant stays until they remove it there). */
  revoke(token: string): Promise<void>;
  /** The repository `owner/name` as the token reaches it; null when it does not (404). */
  repository(token: string, fullName: string): Promise<LinkableRepository | null>;
  /** The repository with GitHub's id `id` as the token reaches it; null when it does not. */
  repositoryById(token: string, id: string): Promise<LinkableRepository | null>;
  /** Whether the repository has the branch (false: a new branch, made by the first push). */
  hasBranch(token: string, fullName: string, branch: string): Promise<boolean>;
  /**
   * Creates a repository on the token's account (empty: the first push makes its branch); null
   * when the account has one of that name already.
   */
  createRepository(
    token: string,
    name: string,
    isPrivate: boolean,
  ): Promise<LinkableRepository | null>;
}

/** GitHub refused or could not be reached: `status` is its answer's, or 0. */
export class GithubError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'GithubError';
  }
}

/** What GitHub's REST API answers for a repository (the fields Mason reads). */
interface RestRepository {
  id: number | bigint;
  name: string;
  full_name: string;
  owner: { login: string } | null;
  private: boolean;
  default_branch?: string;
  html_url: string;
  updated_at?: string | null;
  pushed_at?: string | null;
  clone_url?: string;
  permissions?: { push?: boolean; admin?: boolean };
}

function linkable(repository: RestRepository): LinkableRepository {
  return {
    id: String(repository.id),
    fullName: repository.full_name,
    htmlUrl: repository.html_url,
    cloneUrl: repository.clone_url ?? `${repository.html_url}.git`,
    defaultBranch: repository.default_branch ?? 'main',
    canPush: Boolean(repository.permissions?.push || repository.permissions?.admin),
  };
}

const ownerAndName = (fullName: string) => {
  const [owner = '', repo = ''] = fullName.split('/');
  return { owner, repo };
};

function statusOf(error: unknown): number {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : 0;
}

/** Runs `work` over `items`, at most `atOnce` at a time, in order. */
async function mapAtMost<T, R>(
  items: readonly T[],
  atOnce: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return results;
}

/**
 * The GitHub adapter over Octokit: the OAuth web flow with @octokit/oauth-methods, the REST calls
 * with @octokit/core, all against `config.apiUrl` (GitHub's web address follows from it as
 * Octokit derives it: https://api.github.com -> https://github.com, a GitHub Enterprise Server's
 * https://host/api/v3 -> https://host).
 */
export function createGithubClient(config: GithubConfig): GithubClient {
  const app = new Octokit({ baseUrl: config.apiUrl });
  const as = (token: string) => new Octokit({ baseUrl: config.apiUrl, auth: token });
  const oauth = {
    clientType: 'oauth-app',
    clientId: config.clientId,
    request: app.request,
  } as const;

  const withBranches = async (octokit: Octokit, repository: RestRepository) => {
    const owner = repository.owner?.login ?? repository.full_name.split('/')[0] ?? '';
    const branches = await octokit
      .request('GET /repos/{owner}/{repo}/branches', {
        owner,
        repo: repository.name,
        per_page: BRANCHES_PER_REPOSITORY,
      })
      .then(({ data }) => data.map((branch) => branch.name))
      // An empty repository has no branches (GitHub answers 404 for some): list none.
      .catch(() => [] as string[]);
    const defaultBranch = repository.default_branch ?? 'main';
    return {
      id: String(repository.id),
      name: repository.name,
      fullName: repository.full_name,
      owner,
      private: repository.private,
      defaultBranch,
      branches: branches.includes(defaultBranch) ? branches : [defaultBranch, ...branches],
      htmlUrl: repository.html_url,
      updatedAt: new Date(
        repository.pushed_at ?? repository.updated_at ?? Date.now(),
      ).toISOString(),
    } satisfies GithubRepository;
  };

  return {
    authorizeUrl(state, redirectUrl) {
      return getWebFlowAuthorizationUrl({
        ...oauth,
        state,
        redirectUrl,
        scopes: [...GITHUB_SCOPES],
        allowSignup: true,
      }).url;
    },

    async exchangeCode(code, redirectUrl) {
      try {
        const { authentication } = await exchangeWebFlowCode({
          ...oauth,
          clientSecret: config.clientSecret,
          code,
          redirectUrl,
        });
        return authentication.token;
      } catch (error) {
        throw new GithubError('GitHub did not accept the code.', statusOf(error) || 400);
      }
    },

    async account(token) {
      try {
        const { data } = await as(token).request('GET /user');
        return { login: data.login, avatarUrl: data.avatar_url || null };
      } catch (error) {
        throw new GithubError('GitHub did not answer who the account is.', statusOf(error));
      }
    },

    async repositories(token, page, query) {
      const octokit = as(token);
      try {
        let items: RestRepository[];
        let link: string | undefined;
        if (query) {
          const { login } = await this.account(token);
          const { data, headers } = await octokit.request('GET /search/repositories', {
            q: `${query} in:name user:${login} fork:true`,
            sort: 'updated',
            per_page: REPOSITORIES_PER_PAGE,
            page,
          });
          items = data.items;
          link = headers.link;
        } else {
          const { data, headers } = await octokit.request('GET /user/repos', {
            sort: 'updated',
            per_page: REPOSITORIES_PER_PAGE,
            page,
          });
          items = data;
          link = headers.link;
        }
        return {
          repositories: await mapAtMost(items, BRANCH_READS_AT_ONCE, (repository) =>
            withBranches(octokit, repository),
          ),
          // GitHub pages by its Link header: a next page is there when it names one.
          hasMore: /rel="next"/.test(link ?? ''),
        };
      } catch (error) {
        if (error instanceof GithubError) throw error;
        throw new GithubError('GitHub did not list the repositories.', statusOf(error));
      }
    },

    async repository(token, fullName) {
      try {
        const { data } = await as(token).request(
          'GET /repos/{owner}/{repo}',
          ownerAndName(fullName),
        );
        return linkable(data);
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw new GithubError('GitHub did not answer about the repository.', statusOf(error));
      }
    },

    async repositoryById(token, id) {
      if (!/^\d{1,20}$/.test(id)) return null;
      try {
        const { data } = await as(token).request('GET /repositories/{repository_id}', {
          repository_id: Number(id),
        });
        return linkable(data as RestRepository);
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw new GithubError('GitHub did not answer about the repository.', statusOf(error));
      }
    },

    async hasBranch(token, fullName, branch) {
      try {
        await as(token).request('GET /repos/{owner}/{repo}/branches/{branch}', {
          ...ownerAndName(fullName),
          branch,
        });
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw new GithubError('GitHub did not answer about the branch.', statusOf(error));
      }
    },

    async createRepository(token, name, isPrivate) {
      try {
        const { data } = await as(token).request('POST /user/repos', {
          name,
          private: isPrivate,
          auto_init: false,
        });
        return linkable(data);
      } catch (error) {
        if (statusOf(error) === 422) return null;
        throw new GithubError('GitHub did not create the repository.', statusOf(error));
      }
    },

    async revoke(token) {
      try {
        await deleteToken({ ...oauth, clientSecret: config.clientSecret, token });
      } catch (error) {
        // Already revoked, or the grant was removed at GitHub: nothing is left to revoke.
        if (statusOf(error) !== 404)
          throw new GithubError('GitHub did not revoke the token.', statusOf(error));
      }
    },
  };
}
