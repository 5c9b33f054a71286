import {
  type ApiCallName,
  type CreateProjectResponse,
  type ProjectPreviewResponse,
  ApiCalls,
  type CallSpec,
  type IdKind,
  IdParamsSchema,
} from '@mason/contract';
import { startMcpTestServer, type McpTestServer } from '@mason/server-mcp/testing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openRouterConnections } from '@mason/server-db';
import { type OpenRouterStandIn, startOpenRouterStandIn } from '@mason/server-open-router/testing';
import { signUp } from '../test-utils/accounts';
import type { OpenApiDocument } from '../test-utils/security/api-fuzzer';
import {
  bundlePathOf,
  PAGE_REQUEST,
  previewOf,
  previewRequests,
  sendToPreview,
} from '../test-utils/security/preview-matrix';
import { createTenant, type Tenant } from '../test-utils/security/tenant';
import {
  idsOf,
  idsOfNobody,
  kindsCovered,
  malformedIds,
  MATRIX,
  type MatrixAnswer,
  missingFromMatrix,
  sendMatrixRequest,
  swap,
  swapsOf,
} from '../test-utils/security/tenant-matrix';
import { startTestApp, type TestApp } from '../test-utils/test-app';

/** Every kind of id there is: the matrix must send another person's of each. */
const ALL_KINDS: readonly IdKind[] = [
  'project',
  'task',
  'version',
  'log',
  'blob',
  'staticFile',
  'envKey',
  'deployment',
  'asset',
  'checkout',
  'mcpServer',
];
const REFUSALS = [400, 401, 403, 404, 409, 422];

/** The answer with the ids it quotes replaced, so two answers about different ids compare. */
const normalized = (answer: MatrixAnswer, ...quoted: string[]) => {
  let text = answer.text;
  for (const id of quoted.filter((value) => value.length > 0)) text = text.split(id).join('<id>');
  return { status: answer.status, text };
};

/**
 * Every call that takes an id, derived from the contract's table of calls, sent by another
 * person with the owner's ids (one kind at a time, the rest their own) and by nobody: it is
 * refused exactly as for an id that names nothing, and the owner's data never shows.
 */
describe('one person’s things, asked for by anyone else (the cross-tenant matrix)', () => {
  let server: TestApp;
  let owner: Tenant;
  let stranger: Tenant;
  let document: OpenApiDocument;
  let mcp: McpTestServer;
  beforeAll(async () => {
    // Each tenant adds a real MCP server on loopback (allowed in tests only).
    mcp = await startMcpTestServer();
    server = await startTestApp({ worker: false, mcpAllowLoopback: true });
    owner = await createTenant(server, 'owner', { mcpUrl: mcp.url });
    stranger = await createTenant(server, 'stranger', { mcpUrl: mcp.url });
    document = (await server.request<OpenApiDocument>('GET', '/api/openapi.json')).body;
  });
  afterAll(async () => {
    await server?.close();
    await mcp?.stop();
  });

  /** Every call the matrix has a request for: its name, its spec and the request's builder. */
  const calls = () =>
    (Object.entries(ApiCalls) as [ApiCallName, CallSpec][]).flatMap(([name, call]) => {
      const build = MATRIX[name];
      return build ? [[name, call, build] as const] : [];
    });

  it('has a request for every route that takes an id, and sends every kind of id', () => {
    expect(missingFromMatrix(document)).toEqual([]);
    expect([...kindsCovered()].sort()).toEqual([...ALL_KINDS].sort());
  });

  it('refuses another person every id of the owner’s as if it named nothing', async () => {
    const mine = idsOf(stranger);
    const theirs = idsOf(owner);
    const problems: string[] = [];
    for (const [name, call, build] of calls()) {
      for (const kinds of swapsOf(call)) {
        const nobody = idsOfNobody();
        const withTheirs = await sendMatrixRequest(
          server.baseUrl,
          call,
          build(swap(mine, theirs, kinds)),
          stranger.token,
        );
        const withNobodys = await sendMatrixRequest(
          server.baseUrl,
          call,
          build(swap(mine, nobody, kinds)),
          stranger.token,
        );
        const what = `${name} with the owner's ${kinds.join(' and ')}`;
        if (!REFUSALS.includes(withTheirs.status))
          problems.push(`${what}: answered ${withTheirs.status}`);
        if (withTheirs.text.includes(owner.secret))
          problems.push(`${what}: showed the owner's data`);
        const quoted = (ids: typeof mine) => kinds.flatMap((kind) => fieldsOf(ids, kind));
        const a = normalized(withTheirs, ...quoted(theirs));
        const b = normalized(withNobodys, ...quoted(nobody));
        if (JSON.stringify(a) !== JSON.stringify(b))
          problems.push(
            `${what}: ${JSON.stringify(a)}, but for ids of nobody ${JSON.stringify(b)}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers an id that is not one (abc) exactly like an id that names nothing (a log id or hash: 400 or 404)', async () => {
    const mine = idsOf(stranger);
    const problems: string[] = [];
    for (const [name, call, build] of calls()) {
      const kinds = [...new Set(Object.values(call.ids ?? {}))].filter((kind) => kind !== 'envKey');
      for (const kind of kinds) {
        // Only the kind's own field is malformed (a task's log id stays a good one).
        const malformed = await sendMatrixRequest(
          server.baseUrl,
          call,
          build(
            swap(mine, { ...malformedIds(), logId: kind === 'log' ? 'abc' : mine.logId }, [kind]),
          ),
          stranger.token,
        );
        const what = `${name} with a malformed ${kind}`;
        // A log id (a number in its task) or a content hash is no uuid: checked by its own
        // schema or by the call (400 or 404), never a 5xx.
        if (kind === 'log' || kind === 'blob') {
          if (![400, 404].includes(malformed.status))
            problems.push(`${what}: answered ${malformed.status}`);
          continue;
        }
        const nobody = idsOfNobody();
        const withNobodys = await sendMatrixRequest(
          server.baseUrl,
          call,
          build(swap(mine, { ...nobody, logId: mine.logId }, [kind])),
          stranger.token,
        );
        const a = normalized(malformed, 'abc');
        const b = normalized(withNobodys, ...fieldsOf(nobody, kind));
        if (JSON.stringify(a) !== JSON.stringify(b))
          problems.push(
            `${what}: ${JSON.stringify(a)}, but for an id of nobody ${JSON.stringify(b)}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses nobody (no session, or no valid link) every call that takes an id', async () => {
    const theirs = {
      ...idsOf(owner),
      imageToken: 'forged',
      codeToken: 'forged',
      assetToken: 'forged',
    };
    const problems: string[] = [];
    for (const [name, call, build] of calls()) {
      const answer = await sendMatrixRequest(server.baseUrl, call, build(theirs), undefined);
      const expected = call.auth === 'session' ? [401] : [400, 403, 404];
      if (!expected.includes(answer.status)) problems.push(`${name}: answered ${answer.status}`);
      if (answer.text.includes(owner.secret)) problems.push(`${name}: showed the owner's data`);
    }
    expect(problems).toEqual([]);
  });

  it('opens a project’s preview only with a token of that project: never another person’s, never another project’s', async () => {
    const port = Number(new URL(server.baseUrl).port);
    const ownerPreview = previewOf(owner.preview);
    const strangerPreview = previewOf(stranger.preview);
    // A second project of the owner's: the owner's token for the first must not open it.
    const second = await server.request<CreateProjectResponse>('POST', '/api/projects', {
      token: owner.token,
      body: { description: `Another app of ${owner.secret}`, name: 'Second' },
    });
    const secondPreview = previewOf(
      (
        await server.request<ProjectPreviewResponse>(
          'GET',
          `/api/projects/${second.body.project.id}/preview`,
          { token: owner.token },
        )
      ).body,
    );
    const ownerPage = await sendToPreview(
      port,
      ownerPreview.host,
      PAGE_REQUEST,
      ownerPreview.token,
    );
    const strangerPage = await sendToPreview(
      port,
      strangerPreview.host,
      PAGE_REQUEST,
      strangerPreview.token,
    );
    const ownerRequests = previewRequests(bundlePathOf(ownerPage), owner.asset.url);
    const problems: string[] = [];
    for (const [what, request] of Object.entries(ownerRequests)) {
      // The owner's own token opens each (a control: the requests name the preview right).
      const opened = await sendToPreview(port, ownerPreview.host, request, ownerPreview.token);
      if (opened.status >= 300)
        problems.push(`the owner's ${what}: the owner got ${opened.status}`);
      const attempts = {
        "the stranger's token on the owner's project": [ownerPreview.host, strangerPreview.token],
        "the stranger's token on the owner's pinned version": [
          ownerPreview.pinnedHost,
          strangerPreview.token,
        ],
        "the owner's token of another project": [secondPreview.host, ownerPreview.token],
        "another project's token on the owner's project": [ownerPreview.host, secondPreview.token],
      } as const;
      for (const [who, [host, token]] of Object.entries(attempts)) {
        const answer = await sendToPreview(port, host, request, token);
        const forged = await sendToPreview(port, host, request, `${token.slice(0, -4)}AAAA`);
        if (answer.status !== 403) problems.push(`${what}, ${who}: answered ${answer.status}`);
        if (answer.text.includes(owner.secret))
          problems.push(`${what}, ${who}: showed the owner's data`);
        if (answer.status !== forged.status || answer.text !== forged.text)
          problems.push(
            `${what}, ${who}: answered unlike a forged token (${answer.status}, ${forged.status})`,
          );
      }
    }
    // The owner's bundle, asked for on the stranger's host with the stranger's token: as for nobody's.
    const theirs = await sendToPreview(
      port,
      strangerPreview.host,
      ownerRequests.bundle,
      strangerPreview.token,
    );
    const nobodys = await sendToPreview(
      port,
      strangerPreview.host,
      {
        method: 'GET',
        url: bundlePathOf(ownerPage).replace(owner.versionId, idsOfNobody().versionId),
        contentType: null,
        body: null,
      },
      strangerPreview.token,
    );
    if (theirs.status !== 404 || theirs.text !== nobodys.text)
      problems.push(`the owner's bundle on the stranger's host: answered ${theirs.status}`);
    expect(strangerPage.status).toBe(200);
    expect(problems).toEqual([]);
  });

  it('reaches the owner’s things for the owner (each request of the matrix names them right)', async () => {
    const theirs = idsOf(owner);
    // Anyone else sends the same request with links of their own (a link is its holder's permission).
    const mine = idsOf(stranger);
    const asOthers = {
      ...theirs,
      imageToken: mine.imageToken,
      codeToken: mine.codeToken,
      assetToken: mine.assetToken,
    };
    const problems: string[] = [];
    // Deleting comes last (the other calls need what it deletes), the project's very last.
    const rank = (name: string) =>
      name === 'deleteProject' ? 2 : name.startsWith('delete') ? 1 : 0;
    const ordered = calls().sort(([a], [b]) => rank(a) - rank(b));
    for (const [name, call, build] of ordered) {
      const request = build(theirs);
      const answer = await sendMatrixRequest(server.baseUrl, call, request, owner.token);
      const refusedToOthers = await sendMatrixRequest(
        server.baseUrl,
        call,
        build(asOthers),
        stranger.token,
      );
      if (answer.status === 401 || answer.status >= 500)
        problems.push(`${name}: the owner got ${answer.status}`);
      if (answer.status === refusedToOthers.status && answer.text === refusedToOthers.text)
        problems.push(`${name}: the owner got what anyone else gets (${answer.status})`);
    }
    expect(problems).toEqual([]);
  });

  it('fails for a planted route that takes an id and has no request in the matrix', async () => {
    const planted: FastifyPluginAsyncZod = async (api) => {
      api.get(
        '/projects/:id/planted',
        {
          config: {
            call: {
              method: 'GET',
              path: '/projects/:id/planted',
              auth: 'session',
              bodyLimit: 1024,
              ids: { 'params.id': 'project' },
              summary: 'Planted',
              tag: 'dev',
            },
          },
          schema: { params: IdParamsSchema },
        },
        async () => ({ ok: true }),
      );
    };
    const withPlant = await startTestApp({ worker: false }, { routes: planted });
    try {
      const plantedDocument = (await withPlant.request<OpenApiDocument>('GET', '/api/openapi.json'))
        .body;
      expect(missingFromMatrix(plantedDocument)).toEqual(['GET /api/projects/{id}/planted']);
    } finally {
      await withPlant.close();
    }
  });
});

/**
 * The calls about the caller's own OpenRouter account take no id (the session names whose it
 * is), so the matrix above has no request for them: here another person sends each with what
 * they could get of the owner's (the state of the owner's sign-in link, its code), and nobody
 * sends them at all.
 */
describe('one person’s OpenRouter account, asked for by anyone else', () => {
  let openRouter: OpenRouterStandIn;
  let server: TestApp;
  beforeAll(async () => {
    openRouter = await startOpenRouterStandIn();
    server = await startTestApp({
      worker: false,
      openRouter: { authUrl: openRouter.authUrl, apiUrl: openRouter.apiUrl },
    });
  });
  afterAll(async () => {
    await server?.close();
    await openRouter?.close();
  });

  /** A sign-in link of the person's, approved at OpenRouter: the callback's state and code. */
  const approved = async (token: string) => {
    const { body } = await server.as(token).get<{ url: string }>('/api/open-router/authorize-url');
    const page = await (await fetch(body.url)).text();
    const href = /href="([^"]+)">Authorize</.exec(page)?.[1] ?? '';
    const back = new URL(href.replace(/&amp;/g, '&'));
    return { state: back.searchParams.get('state'), code: back.searchParams.get('code') };
  };

  it('never connects, shows or disconnects the owner’s account for anyone else, nor for nobody', async () => {
    const owner = (await signUp(server)).token;
    const stranger = (await signUp(server)).token;
    const link = await approved(owner);
    const problems: string[] = [];

    // The owner's state and code, sent by the stranger: refused as a state of nobody's is.
    const withTheirs = await server.as(stranger).post('/api/open-router/access-code', link);
    const withNobodys = await server
      .as(stranger)
      .post('/api/open-router/access-code', { state: 'a-state-of-nobody', code: link.code });
    if (withTheirs.status !== 400) problems.push(`the owner's state: ${withTheirs.status}`);
    if (JSON.stringify(withTheirs.body) !== JSON.stringify(withNobodys.body))
      problems.push(`the owner's state: ${JSON.stringify(withTheirs.body)}`);
    // …and the owner's link still works for the owner.
    const connected = await server.as(owner).post('/api/open-router/access-code', link);
    if (connected.status !== 200) problems.push(`the owner connecting: ${connected.status}`);
    const key = openRouter.keys.at(-1)?.key ?? 'no key';

    // The stranger's own link is no use to the owner either.
    const strangers = await approved(stranger);
    const swapped = await server.as(owner).post('/api/open-router/access-code', strangers);
    if (swapped.status !== 400) problems.push(`the stranger's state: ${swapped.status}`);

    const seen = await server.as(stranger).get('/api/open-router');
    if (JSON.stringify(seen.body) !== JSON.stringify({ connection: null }))
      problems.push(`the stranger sees ${JSON.stringify(seen.body)}`);
    const disconnect = await server.as(stranger).post('/api/open-router/disconnect');
    if (disconnect.status !== 200) problems.push(`the stranger's disconnect: ${disconnect.status}`);
    const still = await server.as(owner).get<{ connection: unknown }>('/api/open-router');
    if (still.body.connection === null)
      problems.push("the stranger disconnected the owner's account");

    const nobody = [
      await server.request('GET', '/api/open-router'),
      await server.request('GET', '/api/open-router/authorize-url'),
      await server.request('POST', '/api/open-router/access-code', { body: link }),
      await server.request('POST', '/api/open-router/disconnect'),
    ];
    if (nobody.some((answer) => answer.status !== 401))
      problems.push(`nobody got ${nobody.map((answer) => answer.status).join(', ')}`);
    const answers = [
      withTheirs,
      withNobodys,
      connected,
      swapped,
      seen,
      disconnect,
      still,
      ...nobody,
    ];
    if (answers.some((answer) => JSON.stringify(answer.body ?? '').includes(key)))
      problems.push('an answer showed the owner’s key');
    // At rest it is sealed with the server key (SecretBox), never in clear.
    const stored = await server.database.db.select().from(openRouterConnections);
    if (stored.length !== 1 || stored.some((row) => row.sealedKey.includes(key.slice(9))))
      problems.push(`the table holds ${stored.length} keys, or the key in clear`);
    expect(problems).toEqual([]);
  });
});

function fieldsOf(ids: ReturnType<typeof idsOf>, kind: IdKind): string[] {
  switch (kind) {
    case 'project':
      return [ids.projectId];
    case 'task':
      return [ids.taskId];
    case 'version':
      return [ids.versionId];
    case 'log':
      return [];
    case 'blob':
      return [ids.blobHash];
    case 'staticFile':
      return [ids.staticFileId];
    case 'envKey':
      return [ids.envKey];
    case 'deployment':
      return [ids.deploymentId];
    case 'asset':
      return [ids.assetId];
    case 'checkout':
      return [ids.checkoutId];
    case 'mcpServer':
      return [ids.mcpServerId];
  }
}
