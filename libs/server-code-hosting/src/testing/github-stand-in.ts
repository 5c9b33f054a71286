import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GitServer } from './git-server';

/** A repository the stand-in's account reaches. */
export interface StandInRepository {
  readonly name: string;
  readonly owner?: string;
  readonly private?: boolean;
  readonly defaultBranch?: string;
  readonly branches?: readonly string[];
  /** The account may push to it (default true; false: read only, as a collaborator who reads). */
  readonly canPush?: boolean;
}

export interface GithubStandInOptions {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The account every code signs in as. */
  readonly login?: string;
  readonly repositories?: readonly StandInRepository[];
  /**
   * The git server the repositories live on (`startGitServer`): their `clone_url` points at it,
   * each repository above gets a bare repository there, POST /user/repos makes one, and a branch
   * pushed there exists for GET /repos/{owner}/{repo}/branches/{branch}.
   */
  readonly git?: Pick<GitServer, 'createRepository' | 'cloneUrl' | 'branches'>;
}

/** A request the stand-in took: method, path (no query) and whether it carried a token. */
export interface StandInRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly body: string;
  readonly authorization: string | null;
}

export interface GithubStandIn {
  /** GITHUB_API_URL for Mason: GitHub Enterprise's layout, `{webUrl}/api/v3`. */
  readonly apiUrl: string;
  /** The web side: /login/oauth/authorize and /login/oauth/access_token. */
  readonly webUrl: string;
  /** The tokens the stand-in gave and has not revoked. */
  readonly liveTokens: ReadonlySet<string>;
  /** The tokens revoked through DELETE /applications/{client_id}/token. */
  readonly revokedTokens: readonly string[];
  readonly requests: readonly StandInRequest[];
  /** Starts answering every API call with `status` (a GitHub outage), or normally with null. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

const json = (response: http.ServerResponse, status: number, body: unknown, headers = {}) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
};

/**
 * A loopback stand-in for the few GitHub endpoints Mason uses, speaking GitHub's wire format
 * (started by tests, never by Mason): the OAuth web flow of an OAuth App (the authorize page
 * approves at once and redirects back with a one-time code; the code exchange checks the client's
 * id and secret and the redirect URL, and answers GitHub's 200 with an `error` when refused),
 * GET /user, GET /user/repos (paged with a Link header), GET /search/repositories,
 * GET /repos/{owner}/{repo}/branches, DELETE /applications/{client_id}/token (Basic auth), and for
 * linking projects GET /repos/{owner}/{repo}, GET /repos/{owner}/{repo}/branches/{branch} and
 * POST /user/repos, and for importing GET /repositories/{id}.
 * The REST API is under /api/v3, as on GitHub Enterprise Server, so Octokit derives the web
 * address from GITHUB_API_URL as it does for a real one.
 */
export async function startGithubStandIn(options: GithubStandInOptions): Promise<GithubStandIn> {
  const login = options.login ?? 'octo-person';
  const codes = new Map<string, { redirectUri: string }>();
  const liveTokens = new Set<string>();
  const revokedTokens: string[] = [];
  const requests: StandInRequest[] = [];
  let failure: number | null = null;
  const repositories = (options.repositories ?? []).map((repository, index) => ({
    id: 1000 + index,
    name: repository.name,
    owner: repository.owner ?? login,
    private: repository.private ?? false,
    defaultBranch: repository.defaultBranch ?? 'main',
    branches: repository.branches ?? [repository.defaultBranch ?? 'main'],
    canPush: repository.canPush ?? true,
    // The first repository changed last.
    pushedAt: new Date(Date.UTC(2026, 10, 1) - index * 60_000).toISOString(),
  }));

  let origin = '';
  const restRepository = (repository: (typeof repositories)[number]) => ({
    id: repository.id,
    name: repository.name,
    full_name: `${repository.owner}/${repository.name}`,
    owner: { login: repository.owner },
    private: repository.private,
    default_branch: repository.defaultBranch,
    html_url: `${origin}/${repository.owner}/${repository.name}`,
    clone_url: options.git
      ? options.git.cloneUrl(`${repository.owner}/${repository.name}`)
      : `${origin}/${repository.owner}/${repository.name}.git`,
    permissions: { admin: repository.canPush, push: repository.canPush, pull: true },
    pushed_at: repository.pushedAt,
    updated_at: repository.pushedAt,
  });
  const tokenOf = (request: http.IncomingMessage) =>
    /^(?:token|bearer)\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => void answer());
    const answer = async () => {
      const url = new URL(request.url ?? '/', origin);
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        query: url.search,
        body,
        authorization: request.headers.authorization ?? null,
      });
      const route = `${request.method} ${url.pathname}`;

      if (route === 'GET /login/oauth/authorize') {
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        if (url.searchParams.get('client_id') !== options.clientId || !redirectUri) {
          response.writeHead(404).end();
          return;
        }
        const code = randomBytes(10).toString('hex');
        codes.set(code, { redirectUri });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: back.toString() }).end();
        return;
      }

      if (route === 'POST /login/oauth/access_token') {
        const form = (() => {
          try {
            return JSON.parse(body) as Record<string, string>;
          } catch {
            return Object.fromEntries(new URLSearchParams(body));
          }
        })();
        const issued = codes.get(form.code ?? '');
        const refused = (error: string, description: string) =>
          json(response, 200, {
            error,
            error_description: description,
            error_uri:
              'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors',
          });
        if (form.client_id !== options.clientId || form.client_secret !== options.clientSecret)
          return refused(
            'incorrect_client_credentials',
            'The client_id and/or client_secret passed are incorrect.',
          );
        if (!issued)
          return refused('bad_verification_code', 'The code passed is incorrect or expired.');
        if (form.redirect_uri && form.redirect_uri !== issued.redirectUri)
          return refused(
            'redirect_uri_mismatch',
            'The redirect_uri MUST match the registered callback URL for this application.',
          );
        codes.delete(form.code ?? '');
        const token = `gho_${randomBytes(18).toString('hex')}`;
        liveTokens.add(token);
        return json(response, 200, {
          access_token: token,
          token_type: 'bearer',
          scope: 'repo,read:user',
        });
      }

      if (!url.pathname.startsWith('/api/v3/')) {
        response.writeHead(404).end();
        return;
      }
      if (failure !== null) return json(response, failure, { message: 'Server Error' });
      const api = url.pathname.slice('/api/v3'.length);

      const revoke = /^\/applications\/([^/]+)\/token$/.exec(api);
      if (request.method === 'DELETE' && revoke) {
        const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
        // HTTP's auth scheme is case-insensitive (Octokit sends "basic").
        const given = (request.headers.authorization ?? '').replace(/^basic /i, 'Basic ');
        if (revoke[1] !== options.clientId || given !== expected)
          return json(response, 401, { message: 'Requires authentication' });
        const token = (JSON.parse(body || '{}') as { access_token?: string }).access_token ?? '';
        if (!liveTokens.delete(token)) return json(response, 404, { message: 'Not Found' });
        revokedTokens.push(token);
        response.writeHead(204).end();
        return;
      }

      const token = tokenOf(request);
      if (!token || !liveTokens.has(token))
        return json(response, 401, { message: 'Bad credentials' });

      if (route === `GET /api/v3/user`)
        return json(response, 200, {
          login,
          id: 4242,
          avatar_url: `${origin}/avatars/${login}.png`,
        });

      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30)));
      const paged = <T>(items: readonly T[]) => {
        const slice = items.slice((page - 1) * perPage, page * perPage);
        const next = new URL(url);
        next.searchParams.set('page', String(page + 1));
        const link =
          page * perPage < items.length ? { link: `<${next.toString()}>; rel="next"` } : {};
        return { slice, link };
      };
      if (route === 'GET /api/v3/user/repos') {
        const { slice, link } = paged(repositories);
        return json(response, 200, slice.map(restRepository), link);
      }
      if (api === '/search/repositories') {
        const words = (url.searchParams.get('q') ?? '')
          .split(/\s+/)
          .filter((word) => word && !word.includes(':'))
          .map((word) => word.toLowerCase());
        const found = repositories.filter((repository) =>
          words.every((word) => repository.name.toLowerCase().includes(word)),
        );
        const { slice, link } = paged(found);
        return json(
          response,
          200,
          {
            total_count: found.length,
            incomplete_results: false,
            items: slice.map(restRepository),
          },
          link,
        );
      }
      const branches = /^\/repos\/([^/]+)\/([^/]+)\/branches$/.exec(api);
      if (request.method === 'GET' && branches) {
        const repository = repositories.find(
          (candidate) => candidate.owner === branches[1] && candidate.name === branches[2],
        );
        if (!repository) return json(response, 404, { message: 'Not Found' });
        return json(
          response,
          200,
          repository.branches.map((name) => ({ name, protected: false })),
        );
      }
      const findRepository = (owner: string | undefined, name: string | undefined) =>
        repositories.find((candidate) => candidate.owner === owner && candidate.name === name);
      const single = /^\/repos\/([^/]+)\/([^/]+)$/.exec(api);
      if (request.method === 'GET' && single) {
        const repository = findRepository(single[1], single[2]);
        if (!repository) return json(response, 404, { message: 'Not Found' });
        return json(response, 200, restRepository(repository));
      }
      const byId = /^\/repositories\/(\d+)$/.exec(api);
      if (request.method === 'GET' && byId) {
        const repository = repositories.find((candidate) => String(candidate.id) === byId[1]);
        if (!repository) return json(response, 404, { message: 'Not Found' });
        return json(response, 200, restRepository(repository));
      }
      const branch = /^\/repos\/([^/]+)\/([^/]+)\/branches\/(.+)$/.exec(api);
      if (request.method === 'GET' && branch) {
        const repository = findRepository(branch[1], branch[2]);
        const name = decodeURIComponent(branch[3] ?? '');
        const pushed = repository
          ? ((await options.git?.branches(`${repository.owner}/${repository.name}`)) ?? [])
          : [];
        if (!repository || ![...repository.branches, ...pushed].includes(name))
          return json(response, 404, { message: 'Branch not found' });
        return json(response, 200, { name, protected: false });
      }
      if (route === 'POST /api/v3/user/repos') {
        const wanted = JSON.parse(body || '{}') as { name?: string; private?: boolean };
        const name = wanted.name ?? '';
        if (findRepository(login, name))
          return json(response, 422, {
            message: 'Repository creation failed.',
            errors: [
              {
                resource: 'Repository',
                code: 'custom',
                field: 'name',
                message: 'name already exists on this account',
              },
            ],
          });
        const created = {
          id: 1000 + repositories.length,
          name,
          owner: login,
          private: wanted.private ?? false,
          defaultBranch: 'main',
          branches: [] as readonly string[],
          canPush: true,
          pushedAt: new Date().toISOString(),
        };
        await options.git?.createRepository(`${login}/${name}`);
        repositories.push(created);
        return json(response, 201, restRepository(created));
      }
      return json(response, 404, { message: 'Not Found' });
    };
  });
  for (const repository of repositories)
    await options.git?.createRepository(`${repository.owner}/${repository.name}`);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: `${origin}/api/v3`,
    webUrl: origin,
    liveTokens,
    revokedTokens,
    requests,
    failWith(status) {
      failure = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
