import { randomBytes } from 'node:crypto';
import type {
  ApiErrorBody,
  GithubAuthorizeUrlResponse,
  GithubIntegrationResponse,
  GithubRepositoriesResponse,
} from '@mason/contract';
import { githubIntegrations, githubOauthStates } from '@mason/server-db';
import {
  type DomainHarness,
  type HarnessUser,
  reversingSealer,
  startDomainHarness,
} from '@mason/server-testing';
import { eq } from 'drizzle-orm';
import { startGithubStandIn, type GithubStandIn } from '../testing';
import { codeHostingRoutes } from './code-hosting.routes';
import { CodeHostingMessages, CodeHostingService, type SecretSealer } from './code-hosting.service';
import { createGithubClient } from './github-client';

const CLIENT = { clientId: 'Iv1.mason-test', clientSecret: randomBytes(20).toString('hex') };
const PUBLIC_URL = 'https://mason.test';

const sealer: SecretSealer = reversingSealer;

describe('code hosting over HTTP: GitHub connected through Octokit, against a stand-in on loopback', () => {
  let github: GithubStandIn;
  let harness: DomainHarness;
  let unconfigured: DomainHarness;
  let ada: HarnessUser;
  let bea: HarnessUser;

  beforeAll(async () => {
    github = await startGithubStandIn({
      ...CLIENT,
      login: 'ada-codes',
      repositories: [
        { name: 'mug-shop', branches: ['main', 'redesign'] },
        { name: 'notes', private: true, defaultBranch: 'trunk', branches: ['trunk'] },
        ...Array.from({ length: 33 }, (_, index) => ({ name: `widget-${index}` })),
      ],
    });
    harness = await startDomainHarness(async (api, { db, log }) => {
      const service = new CodeHostingService({
        db,
        github: createGithubClient({ ...CLIENT, apiUrl: github.apiUrl }),
        secrets: sealer,
        publicUrl: PUBLIC_URL,
        log,
      });
      await api.register(codeHostingRoutes, { service });
    });
    unconfigured = await startDomainHarness(async (api, { db, log }) => {
      const service = new CodeHostingService({
        db,
        github: null,
        secrets: sealer,
        publicUrl: PUBLIC_URL,
        log,
      });
      await api.register(codeHostingRoutes, { service });
    });
    ada = await harness.signUp('ada');
    bea = await harness.signUp('bea');
  });
  afterAll(async () => {
    await harness?.close();
    await unconfigured?.close();
    await github?.close();
  });

  const authorize = async (user: HarnessUser, flow?: string) => {
    const answer = await harness
      .as(user)
      .get<GithubAuthorizeUrlResponse & ApiErrorBody>(
        `/api/github/authorize-url${flow ? `?flow=${flow}` : ''}`,
      );
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** The person approves on GitHub's page: GitHub sends them back with a code and the state. */
  const approve = async (url: string) => {
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(302);
    return new URL(page.headers.get('location') ?? '');
  };
  const connect = (user: HarnessUser, body: unknown) =>
    harness
      .as(user)
      .post<GithubIntegrationResponse & ApiErrorBody>('/api/github/access-code', body);
  const integrationOf = async (user: HarnessUser) =>
    (await harness.as(user).get<GithubIntegrationResponse>('/api/github')).body;
  const storedRow = async (user: HarnessUser) =>
    (
      await harness.db
        .select()
        .from(githubIntegrations)
        .where(eq(githubIntegrations.userId, user.id))
    )[0];

  it('connects through GitHub’s web flow: a state bound to the person, the code exchanged, the token sealed', async () => {
    expect(await integrationOf(ada)).toEqual({ integration: null, configured: true });
    const { url, state } = await authorize(ada, 'WINDOW');
    const authorizeUrl = new URL(url);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(
      `${github.webUrl}/login/oauth/authorize`,
    );
    expect(authorizeUrl.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(authorizeUrl.searchParams.get('state')).toBe(state);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      `${PUBLIC_URL}/github/callback/window`,
    );
    expect(authorizeUrl.searchParams.get('scope')).toBe('repo,read:user');

    const back = await approve(url);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/github/callback/window`);
    expect(back.searchParams.get('state')).toBe(state);
    const connected = await connect(ada, { state, code: back.searchParams.get('code') });
    expect(connected.status).toBe(200);
    expect(connected.body).toEqual({
      configured: true,
      integration: {
        accountLogin: 'ada-codes',
        avatarUrl: `${github.webUrl}/avatars/ada-codes.png`,
        connectedAt: expect.any(String),
      },
    });
    expect(await integrationOf(ada)).toEqual(connected.body);

    // The token is stored sealed, and no answer ever carries it.
    const [token] = [...github.liveTokens];
    expect(token).toMatch(/^gho_/);
    const row = await storedRow(ada);
    expect(row?.sealedToken).not.toContain(token);
    expect(sealer.open(row?.sealedToken ?? '')).toBe(token);
    expect(JSON.stringify(connected.body)).not.toContain(token);
    // Nobody else is connected by it.
    expect(await integrationOf(bea)).toEqual({ integration: null, configured: true });
  });

  it('refuses a state that is unknown, another person’s, or used already, and a code GitHub refuses (400), changing nothing', async () => {
    const mine = await authorize(bea);
    const code = (await approve(mine.url)).searchParams.get('code');

    // Ada brings Bea's state and code: refused, and Bea's state still works for Bea.
    const stolen = await connect(ada, { state: mine.state, code });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(CodeHostingMessages.badState);
    expect((await connect(bea, { state: 'made-up', code })).status).toBe(400);
    expect(await integrationOf(bea)).toEqual({ integration: null, configured: true });

    // A code GitHub refuses changes nothing: the state still works with the right code, once.
    const wrongCode = await connect(bea, { state: mine.state, code: 'not-a-code' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.message).toBe(CodeHostingMessages.codeRefused);
    expect(await integrationOf(bea)).toEqual({ integration: null, configured: true });
    expect((await connect(bea, { state: mine.state, code })).status).toBe(200);
    const another = await approve((await authorize(bea)).url);
    const replay = await connect(bea, {
      state: mine.state,
      code: another.searchParams.get('code'),
    });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(CodeHostingMessages.badState);

    // Malformed bodies and flows.
    expect((await connect(bea, { state: '', code: 'x' })).status).toBe(400);
    expect((await harness.as(bea).get('/api/github/authorize-url?flow=OTHER')).status).toBe(400);
  });

  it('keeps states only for their person and their time', async () => {
    const { state } = await authorize(ada, 'EXISTING');
    const rows = await harness.db
      .select()
      .from(githubOauthStates)
      .where(eq(githubOauthStates.userId, ada.id));
    // Stored by hash, never as given.
    expect(rows.some((row) => row.stateHash === state)).toBe(false);
    expect(rows.find((row) => row.flow === 'EXISTING')?.expiresAt.getTime()).toBeGreaterThan(
      Date.now(),
    );
    await harness.db
      .update(githubOauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(githubOauthStates.userId, ada.id));
    const late = await connect(ada, { state, code: 'anything' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(CodeHostingMessages.badState);
  });

  it('lists the repositories the connection reaches, a page at a time, with their branches, and searches them by name', async () => {
    const first = await harness
      .as(ada)
      .get<GithubRepositoriesResponse & ApiErrorBody>('/api/github/repositories');
    expect(first.status).toBe(200);
    expect(first.body.repositories).toHaveLength(30);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.repositories[0]).toEqual({
      id: '1000',
      name: 'mug-shop',
      fullName: 'ada-codes/mug-shop',
      owner: 'ada-codes',
      private: false,
      defaultBranch: 'main',
      branches: ['main', 'redesign'],
      htmlUrl: `${github.webUrl}/ada-codes/mug-shop`,
      updatedAt: '2026-11-01T00:00:00.000Z',
    });
    expect(first.body.repositories[1]).toMatchObject({
      name: 'notes',
      private: true,
      defaultBranch: 'trunk',
      branches: ['trunk'],
    });
    const second = await harness
      .as(ada)
      .get<GithubRepositoriesResponse>('/api/github/repositories?page=2');
    expect(second.body.repositories.map(({ name }) => name)).toEqual([
      'widget-28',
      'widget-29',
      'widget-30',
      'widget-31',
      'widget-32',
    ]);
    expect(second.body.hasMore).toBe(false);
    const found = await harness
      .as(ada)
      .get<GithubRepositoriesResponse>('/api/github/repositories?query=MUG');
    expect(found.body.repositories.map(({ fullName }) => fullName)).toEqual(['ada-codes/mug-shop']);
    expect((await harness.as(ada).get('/api/github/repositories?page=0')).status).toBe(400);

    // Someone not connected has none to list.
    const stranger = await harness.signUp('cy');
    const none = await harness.as(stranger).get<ApiErrorBody>('/api/github/repositories');
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(CodeHostingMessages.notConnected);
  });

  it('says so when GitHub is down, with no internals', async () => {
    github.failWith(503);
    try {
      const answer = await harness.as(ada).get<ApiErrorBody>('/api/github/repositories');
      expect(answer.status).toBe(502);
      expect(answer.body.message).toBe(CodeHostingMessages.unreachable);
      expect(JSON.stringify(answer.body)).not.toMatch(/gho_|octokit|api\/v3/i);
    } finally {
      github.failWith(null);
    }
  });

  it('disconnects: the connection is forgotten and its token revoked at GitHub; another person’s stays', async () => {
    const adaToken = sealer.open((await storedRow(ada))?.sealedToken ?? '');
    const beaBefore = await integrationOf(bea);
    expect(beaBefore.integration?.accountLogin).toBe('ada-codes');

    const answer = await harness.as(ada).post('/api/github/disconnect');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(await integrationOf(ada)).toEqual({ integration: null, configured: true });
    expect(await storedRow(ada)).toBeUndefined();
    expect(github.revokedTokens).toContain(adaToken);
    expect(github.liveTokens.has(adaToken)).toBe(false);
    expect(await integrationOf(bea)).toEqual(beaBefore);
    // Disconnecting again is no error.
    expect((await harness.as(ada).post('/api/github/disconnect')).status).toBe(200);
  });

  it('takes no anonymous caller', async () => {
    for (const path of ['/api/github', '/api/github/authorize-url', '/api/github/repositories'])
      expect((await harness.request('GET', path)).status).toBe(401);
    expect((await harness.request('POST', '/api/github/disconnect')).status).toBe(401);
    expect(
      (
        await harness.request('POST', '/api/github/access-code', {
          body: { state: 'a', code: 'b' },
        })
      ).status,
    ).toBe(401);
  });

  it('without a GitHub OAuth App, says what to set', async () => {
    const cy = await unconfigured.signUp('cy');
    expect((await unconfigured.as(cy).get('/api/github')).body).toEqual({
      integration: null,
      configured: false,
    });
    const refused = await unconfigured.as(cy).get<ApiErrorBody>('/api/github/authorize-url');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CodeHostingMessages.notConfigured);
    expect(refused.body.message).toContain('GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET');
  });
});
