import type {
  ApiErrorBody,
  McpServerResponse,
  McpServersResponse,
  ProjectMcpResponse,
} from '@mason/contract';
import { mcpOauthStates, mcpServers, projects } from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import {
  type DomainHarness,
  type HarnessUser,
  reversingSealer,
  startDomainHarness,
} from '@mason/server-testing';
import { eq } from 'drizzle-orm';
import { startMcpTestServer, type McpTestServer } from '../testing';
import { McpMessages, McpServers } from './mcp-servers.service';
import { mcpRoutes } from './mcp.routes';

const PUBLIC_URL = 'https://mason.test';
const TOOL_NAMES = ['add_note', 'list_notes', 'long_text', 'failing', 'picture'];
const KEY = { name: 'X-Api-Key', value: 'opensesame-4711' };

type Answer = McpServerResponse & ApiErrorBody;

describe('a person’s MCP servers over HTTP, against real MCP servers on loopback', () => {
  let open: McpTestServer;
  let keyed: McpTestServer;
  let oauth: McpTestServer;
  let shortLived: McpTestServer;
  let harness: DomainHarness;
  let ada: HarnessUser;
  let bea: HarnessUser;

  beforeAll(async () => {
    open = await startMcpTestServer();
    keyed = await startMcpTestServer({ requireHeader: KEY });
    oauth = await startMcpTestServer({ oauth: {} });
    // Tokens that expire within the refresh margin: every use refreshes first.
    shortLived = await startMcpTestServer({ oauth: { accessTokenSeconds: 30 } });
    harness = await startDomainHarness(async (api, { db }) => {
      const servers = new McpServers({
        db,
        secrets: reversingSealer,
        publicUrl: PUBLIC_URL,
        connect: { allowLoopback: true },
      });
      await api.register(mcpRoutes, { ctx: { db, servers } });
    });
    ada = await harness.signUp('ada');
    bea = await harness.signUp('bea');
  });
  afterAll(async () => {
    await harness?.close();
    for (const server of [open, keyed, oauth, shortLived]) await server?.stop();
  });

  const create = (user: HarnessUser, body: unknown) =>
    harness.as(user).post<Answer>('/api/mcp/servers', body);
  const list = async (user: HarnessUser) =>
    (await harness.as(user).get<McpServersResponse>('/api/mcp/servers')).body.servers;
  const rowOf = async (id: string) =>
    (await harness.db.select().from(mcpServers).where(eq(mcpServers.id, id)))[0];

  it('adds a server with its headers: its tools listed, every policy ASK, the values sealed and never answered', async () => {
    const created = await create(ada, { name: 'notes', url: keyed.url, headers: [KEY] });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      server: {
        id: expect.any(String),
        name: 'notes',
        url: keyed.url,
        authKind: 'HEADERS',
        headerNames: ['X-Api-Key'],
        authorized: true,
        tools: expect.any(Array),
        toolsListedAt: expect.any(String),
        lastError: null,
        createdAt: expect.any(String),
      },
      authorizeUrl: null,
    });
    const { tools } = created.body.server;
    expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    expect(tools.every((tool) => tool.policy === 'ASK')).toBe(true);
    expect(tools[0]).toMatchObject({
      title: 'Add a note',
      description: 'Adds a note to the list.',
      inputSchema: { type: 'object', required: ['text'] },
    });
    const row = await rowOf(created.body.server.id);
    expect(row?.sealedHeaders?.startsWith('sealed:')).toBe(true);
    expect(row?.sealedHeaders).not.toContain(KEY.value);
    const listed = await harness.as(ada).get('/api/mcp/servers');
    expect(JSON.stringify(listed.body)).not.toContain(KEY.value);
    expect((await list(ada)).map((server) => server.name)).toEqual(['notes']);
    expect(await list(bea)).toEqual([]);
  });

  it('refuses, at its field and storing nothing: a name taken, wrong headers, a server that is not there', async () => {
    const taken = await create(ada, { name: 'notes', url: open.url });
    expect(taken.status).toBe(400);
    expect(taken.body.fieldErrors).toEqual({ name: McpMessages.nameTaken });

    const host = new URL(keyed.url).host;
    const wrongKey = await create(ada, {
      name: 'wrong-key',
      url: keyed.url,
      headers: [{ name: KEY.name, value: 'guess' }],
    });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.fieldErrors).toEqual({ url: `${host} refused Mason's credentials.` });

    const gone = await startMcpTestServer();
    await gone.stop();
    const nobody = await create(ada, { name: 'gone', url: gone.url });
    expect(nobody.status).toBe(400);
    expect(nobody.body.fieldErrors).toEqual({
      url: `${new URL(gone.url).host} could not be reached.`,
    });
    expect((await list(ada)).map((server) => server.name)).toEqual(['notes']);
  });

  it('refuses loopback unless the setting allows it, and private addresses always', async () => {
    const strict = new McpServers({
      db: harness.db,
      secrets: reversingSealer,
      publicUrl: PUBLIC_URL,
    });
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error instanceof RuleViolation ? error.fieldErrors : error),
      );
    expect(await refusal(strict.create(ada.id, { name: 'local', url: open.url }))).toEqual({
      url: '127.0.0.1 points to a loopback address (127.0.0.1). Mason connects only to MCP servers on public addresses.',
    });
    const privateLookup = new McpServers({
      db: harness.db,
      secrets: reversingSealer,
      publicUrl: PUBLIC_URL,
      connect: { allowLoopback: true, lookup: async () => [{ address: '192.168.0.10' }] },
    });
    expect(
      await refusal(
        privateLookup.create(ada.id, { name: 'lan', url: 'https://tools.example.com/mcp' }),
      ),
    ).toEqual({
      url: 'tools.example.com points to a private network address (192.168.0.10). Mason connects only to MCP servers on public addresses.',
    });
    expect((await list(ada)).map((server) => server.name)).toEqual(['notes']);
  });

  it('renames a server, changes its address and headers (tried first), and lists its tools again', async () => {
    const created = await create(ada, { name: 'scratch', url: open.url });
    const path = `/api/mcp/servers/${created.body.server.id}`;
    const renamed = await harness.as(ada).patch<Answer>(path, { name: 'scratchpad' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.server).toMatchObject({ name: 'scratchpad', lastError: null });
    expect((await harness.as(ada).patch<Answer>(path, { name: 'notes' })).body.fieldErrors).toEqual(
      { name: McpMessages.nameTaken },
    );

    // Headers the server refuses: nothing changes.
    const refused = await harness.as(ada).patch<Answer>(path, { url: keyed.url });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors?.['url']).toContain("refused Mason's credentials.");
    const moved = await harness.as(ada).patch<Answer>(path, { url: keyed.url, headers: [KEY] });
    expect(moved.status).toBe(200);
    expect(moved.body.server).toMatchObject({
      url: keyed.url,
      authKind: 'HEADERS',
      headerNames: ['X-Api-Key'],
    });
    const back = await harness.as(ada).patch<Answer>(path, { url: open.url, headers: [] });
    expect(back.body.server).toMatchObject({ url: open.url, authKind: 'NONE', headerNames: [] });
    expect((await rowOf(created.body.server.id))?.sealedHeaders).toBeNull();

    expect((await harness.as(ada).delete(path)).body).toEqual({ ok: true });
    expect((await list(ada)).map((server) => server.name)).toEqual(['notes']);
    const again = await harness.as(ada).delete<ApiErrorBody>(path);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(McpMessages.notFound);
  });

  it('answers another person’s server as no server at all', async () => {
    const [notes] = await list(ada);
    const path = `/api/mcp/servers/${notes?.id}`;
    const answers = await Promise.all([
      harness.as(bea).patch<ApiErrorBody>(path, { name: 'mine-now' }),
      harness.as(bea).delete<ApiErrorBody>(path),
      harness.as(bea).post<ApiErrorBody>(`${path}/refresh`),
      harness.as(bea).get<ApiErrorBody>(`${path}/authorize-url`),
      harness.as(bea).put<ApiErrorBody>(`${path}/tools/add_note`, { policy: 'ALWAYS' }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual(
      answers.map(() => [404, McpMessages.notFound]),
    );
    expect((await list(ada)).map((server) => server.name)).toEqual(['notes']);
  });

  it('refreshes a listing: a server that is away is the answer’s lastError, and clears when it is back', async () => {
    const flaky = await startMcpTestServer();
    try {
      const created = await create(ada, { name: 'flaky', url: flaky.url });
      const refresh = `/api/mcp/servers/${created.body.server.id}/refresh`;
      await flaky.stop();
      const away = await harness.as(ada).post<Answer>(refresh);
      expect(away.status).toBe(200);
      expect(away.body.server.lastError).toBe(`${new URL(flaky.url).host} could not be reached.`);
      // The last listing stays.
      expect(away.body.server.tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
      await flaky.restart();
      const back = await harness.as(ada).post<Answer>(refresh);
      expect(back.body.server.lastError).toBeNull();
      await harness.as(ada).delete(`/api/mcp/servers/${created.body.server.id}`);
    } finally {
      await flaky.stop();
    }
  });

  it('sets a tool’s policy; a tool the server did not list is not found', async () => {
    const [notes] = await list(ada);
    const tools = `/api/mcp/servers/${notes?.id}/tools`;
    const set = await harness.as(ada).put<Answer>(`${tools}/add_note`, { policy: 'ALWAYS' });
    expect(set.status).toBe(200);
    await harness.as(ada).put<Answer>(`${tools}/failing`, { policy: 'NEVER' });
    const policies = Object.fromEntries(
      ((await list(ada))[0]?.tools ?? []).map((tool) => [tool.name, tool.policy]),
    );
    expect(policies).toEqual({
      add_note: 'ALWAYS',
      list_notes: 'ASK',
      long_text: 'ASK',
      failing: 'NEVER',
      picture: 'ASK',
    });
    const unknown = await harness.as(ada).put<ApiErrorBody>(`${tools}/rm_rf`, { policy: 'ALWAYS' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(McpMessages.toolNotFound);
  });

  it('sets which servers a project may use: only the caller’s project, only the caller’s servers', async () => {
    const projectOf = async (user: HarnessUser) => {
      const [row] = await harness.db
        .insert(projects)
        .values({
          userId: user.id,
          name: 'App',
          description: 'An app',
          type: 'INTERNAL',
          status: 'READY',
        })
        .returning();
      return row?.id ?? '';
    };
    const adasProject = await projectOf(ada);
    const beasProject = await projectOf(bea);
    const [notes] = await list(ada);
    const beas = await create(bea, { name: 'beas', url: open.url });
    const path = `/api/projects/${adasProject}/mcp`;
    expect((await harness.as(ada).get<ProjectMcpResponse>(path)).body).toEqual({
      servers: [{ serverId: notes?.id, name: 'notes', allowed: false }],
    });
    const allowed = await harness.as(ada).put<ProjectMcpResponse>(path, {
      serverIds: [notes?.id, notes?.id],
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.servers).toEqual([{ serverId: notes?.id, name: 'notes', allowed: true }]);

    // Bea's server in Ada's project: refused, nothing changed.
    const foreign = await harness.as(ada).put<ApiErrorBody>(path, {
      serverIds: [beas.body.server.id],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fieldErrors).toEqual({ serverIds: McpMessages.notYours });
    expect((await harness.as(ada).get<ProjectMcpResponse>(path)).body.servers[0]?.allowed).toBe(
      true,
    );

    // Ada's project, asked for by Bea: no such project.
    for (const answer of [
      await harness.as(bea).get<ApiErrorBody>(path),
      await harness.as(bea).put<ApiErrorBody>(path, { serverIds: [beas.body.server.id] }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('This project does not exist, or it is not yours.');
    }
    expect(
      (await harness.as(bea).get<ProjectMcpResponse>(`/api/projects/${beasProject}/mcp`)).body,
    ).toEqual({
      servers: [{ serverId: beas.body.server.id, name: 'beas', allowed: false }],
    });
    // No longer allowed anywhere once the server is removed.
    await harness.as(ada).put(path, { serverIds: [] });
    expect((await harness.as(ada).get<ProjectMcpResponse>(path)).body.servers[0]?.allowed).toBe(
      false,
    );
  });

  /** Follows an authorize URL as the person's browser would (the test server approves at once). */
  const approve = async (authorizeUrl: string) => {
    const page = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const back = new URL(page.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/mcp/callback`);
    return {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
    };
  };
  const complete = (user: HarnessUser, body: { state: string; code: string }) =>
    harness.as(user).post<Answer>('/api/mcp/oauth/callback', body);

  it('signs in with OAuth 2.1: discovery, dynamic registration, PKCE, a one-time state bound to the person', async () => {
    const created = await create(ada, { name: 'oauth', url: oauth.url, oauth: true });
    expect(created.status).toBe(201);
    expect(created.body.server).toMatchObject({ authKind: 'OAUTH', authorized: false, tools: [] });
    const authorizeUrl = new URL(created.body.authorizeUrl ?? '');
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${oauth.origin}/authorize`);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/mcp/callback`);
    expect(oauth.requests).toContain('POST /register 201');

    const { code, state } = await approve(authorizeUrl.toString());
    expect(state).toBe(authorizeUrl.searchParams.get('state'));
    const stranger = await complete(bea, { state, code });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe(McpMessages.badState);

    const signedIn = await complete(ada, { state, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.server).toMatchObject({ authorized: true, lastError: null });
    expect(signedIn.body.server.tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    // A state works once.
    const used = await complete(ada, { state, code });
    expect(used.status).toBe(400);
    expect(used.body.message).toBe(McpMessages.badState);

    const row = await rowOf(created.body.server.id);
    expect(row?.sealedOauth?.startsWith('sealed:')).toBe(true);
    expect(row?.sealedOauth).not.toContain('access_token');
    expect(row?.oauthExpiresAt?.getTime()).toBeGreaterThan(Date.now());
    expect(
      await harness.db.select().from(mcpOauthStates).where(eq(mcpOauthStates.userId, ada.id)),
    ).toEqual([]);

    // Signing in again: a code the server refuses is refused, and the old sign-in stays.
    const again = await harness
      .as(ada)
      .get<Answer>(`/api/mcp/servers/${created.body.server.id}/authorize-url`);
    expect(again.status).toBe(200);
    const second = await approve(again.body.authorizeUrl ?? '');
    const refused = await complete(ada, { state: second.state, code: 'made-up' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(McpMessages.codeRefused(new URL(oauth.url).host));
    const refreshed = await harness
      .as(ada)
      .post<Answer>(`/api/mcp/servers/${created.body.server.id}/refresh`);
    expect(refreshed.body.server).toMatchObject({ authorized: true, lastError: null });

    // A server that takes headers has no authorize URL.
    const [notes] = await list(ada);
    const notOauth = await harness
      .as(ada)
      .get<ApiErrorBody>(`/api/mcp/servers/${notes?.id}/authorize-url`);
    expect(notOauth.status).toBe(409);
    expect(notOauth.body.message).toBe(McpMessages.notOauth);
  });

  it('refreshes an access token before it expires, with the rotated refresh token each time', async () => {
    const created = await create(ada, { name: 'short', url: shortLived.url, oauth: true });
    const signedIn = await complete(ada, await approve(created.body.authorizeUrl ?? ''));
    expect(signedIn.body.server.authorized).toBe(true);
    const refresh = `/api/mcp/servers/${created.body.server.id}/refresh`;
    for (const round of [1, 2]) {
      shortLived.requests.length = 0;
      const answer = await harness.as(ada).post<Answer>(refresh);
      expect([round, answer.body.server.lastError]).toEqual([round, null]);
      // Refreshed before the server was asked: it never answered 401.
      expect(shortLived.requests.filter((line) => line.startsWith('POST'))).toEqual([
        'POST /token refresh_token',
        'POST /mcp 200',
        'POST /mcp 202',
        'POST /mcp 200',
      ]);
    }
  });
});
