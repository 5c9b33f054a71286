import type { AuthTokenResponse } from '@mason/contract';
import { startMcpTestServer, type McpTestServer } from '@mason/server-mcp/testing';
import {
  callOf,
  type FuzzTarget,
  fuzzApi,
  fuzzTargets,
  type OpenApiDocument,
  routeName,
} from '../test-utils/security/api-fuzzer';
import { databaseDigest } from '../test-utils/security/database-digest';
import {
  judgePreviewAnswer,
  needsPreviewToken,
  PREVIEW_HOST_DOCUMENT,
  previewHostSender,
} from '../test-utils/security/preview-host-fuzz';
import { previewOf } from '../test-utils/security/preview-matrix';
import { createTenant, type Tenant } from '../test-utils/security/tenant';
import { startTestApp, type TestApp } from '../test-utils/test-app';

/** FUZZ_RUNS=500 FUZZ_SEED=7 npx nx test api --testPathPatterns=api-fuzz: a longer run, another seed. */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 50);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261124);

describe('the API under generated bad input (fast-check, fixed seed)', () => {
  let server: TestApp;
  let person: Tenant;
  let document: OpenApiDocument;
  let mcp: McpTestServer;
  beforeAll(async () => {
    mcp = await startMcpTestServer();
    // No turns run here: a turn's writes after its answer would look like a refused request's.
    server = await startTestApp({ worker: false, mcpAllowLoopback: true });
    person = await createTenant(server, 'fuzzed', { mcpUrl: mcp.url });
    document = (await server.request<OpenApiDocument>('GET', '/api/openapi.json')).body;
  });
  afterAll(async () => {
    await server?.close();
    await mcp?.stop();
  });

  it('covers every call of the contract’s table that the server serves', () => {
    const routes = fuzzTargets(document).map(routeName);
    const undescribed = routes.filter((route) => !callOf(toTarget(route)));
    expect(undescribed).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(40);
    // The calls about the caller's own OpenRouter account take no id (the cross-tenant matrix
    // has no request for them): here they meet bad input, signed in and not.
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/open-router',
        'GET /api/open-router/authorize-url',
        'POST /api/open-router/access-code',
        'POST /api/open-router/disconnect',
      ]),
    );
  });

  it(
    `answers ${RUNS} bad requests per route and caller without a 5xx, outside Mason's error shape, with validation before authentication, or with a change`,
    async () => {
      const login = async () =>
        (
          await server.request<AuthTokenResponse>('POST', '/api/auth/authorize', {
            body: { email: person.email, password: person.password },
            ip: '10.99.0.1',
          })
        ).body.token;
      const report = await fuzzApi({
        baseUrl: server.baseUrl,
        document,
        runs: RUNS,
        seed: SEED,
        identities: [
          { name: 'anonymous', token: async () => undefined },
          {
            name: 'signed in',
            // Logging out ends a session: that call gets a session of its own each time.
            token: async (target) =>
              callOf(target)?.path === '/auth/logout' ? login() : person.token,
          },
        ],
        knownIds: [
          person.projectId,
          person.taskId,
          person.versionId,
          person.staticFileId,
          person.envKey,
          person.logId,
          person.blobHash,
          person.asset.id,
          person.mcpServerId,
        ],
        idsByKind: {
          project: person.projectId,
          task: person.taskId,
          version: person.versionId,
          log: person.logId,
          blob: person.blobHash,
          staticFile: person.staticFileId,
          envKey: person.envKey,
          deployment: person.deploymentId,
          asset: person.asset.id,
          checkout: person.checkoutId,
          mcpServer: person.mcpServerId,
        },
        needsSession: (target) => callOf(target)?.auth === 'session',
        digest: () => databaseDigest(server.database.db),
        settle: () => server.app.idle(),
      });
      console.log(
        `API fuzzer: ${report.routes} routes, ${report.requests} requests (seed ${SEED}, ${RUNS} per route and caller), ${report.serverErrors} answers of 5xx, ${report.failures.length} failures`,
      );
      expect(report.failures).toEqual([]);
      expect(report.serverErrors).toBe(0);
      expect(report.requests).toBe(report.routes * 2 * RUNS);
      // A bound for a hang, not for speed: a run takes about 20 to 60 s on a 2-core machine.
    },
    15 * 60_000,
  );

  it(
    `answers ${RUNS} bad requests per preview host route and caller without a 5xx, and opens nothing without the project's token`,
    async () => {
      // The newest version's host and the same version's pinned host, in turn.
      const { host, pinnedHost, token } = previewOf(person.preview);
      const report = await fuzzApi({
        baseUrl: server.baseUrl,
        document: PREVIEW_HOST_DOCUMENT,
        runs: RUNS,
        seed: SEED,
        identities: [
          { name: 'anonymous', token: async () => undefined },
          { name: 'a forged token', token: async () => `${token.slice(0, -4)}AAAA` },
          { name: "the project's token", token: async () => token },
        ],
        knownIds: [person.projectId, person.versionId],
        needsSession: needsPreviewToken,
        digest: () => databaseDigest(server.database.db),
        settle: () => server.app.idle(),
        send: previewHostSender(Number(new URL(server.baseUrl).port), [host, pinnedHost]),
        judge: judgePreviewAnswer(token),
      });
      console.log(
        `Preview host fuzzer: ${report.routes} routes, ${report.requests} requests (seed ${SEED}, ${RUNS} per route and caller), ${report.serverErrors} answers of 5xx, ${report.failures.length} failures`,
      );
      expect(report.failures).toEqual([]);
      expect(report.serverErrors).toBe(0);
      expect(report.requests).toBe(report.routes * 3 * RUNS);
    },
    15 * 60_000,
  );
});

function toTarget(route: string): Pick<FuzzTarget, 'method' | 'path'> {
  const [method = '', path = ''] = route.split(' ');
  return { method, path };
}
