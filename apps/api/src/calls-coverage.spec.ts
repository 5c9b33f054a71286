import { API_PREFIX, ApiCalls, ApiRoutes, type CallSpec, isBuilt } from '@mason/contract';
import type { FastifyPluginAsync } from 'fastify';
import { startTestApp, type TestApp } from './test-utils/test-app';

const entries = Object.entries(ApiCalls) as Array<[string, CallSpec]>;
const served = (server: TestApp, call: CallSpec) =>
  server.app.hasRoute({ method: call.method, url: `${API_PREFIX}${call.path}` });

/**
 * The contract's table of calls and the server agree: every call the table says is built has
 * a route (the test and benchmark calls in the set-ups that serve them), no call marked
 * `built: false` has one, and a route outside the table does not start.
 */
describe('the table of calls and the server', () => {
  let server: TestApp;
  const bench = process.env['BENCH_ROUTES'];
  beforeAll(async () => {
    process.env['BENCH_ROUTES'] = 'true';
    server = await startTestApp({ worker: false, exposeOutbox: true });
  });
  afterAll(async () => {
    if (bench === undefined) delete process.env['BENCH_ROUTES'];
    else process.env['BENCH_ROUTES'] = bench;
    await server?.close();
  });

  it('serves every call the table says is built', () => {
    const missing = entries
      .filter(([, call]) => isBuilt(call) && !served(server, call))
      .map(([name, call]) => `${name} (${call.method} ${call.path})`);
    expect(missing).toEqual([]);
  });

  it('serves no call marked as not built yet', () => {
    const early = entries
      .filter(([, call]) => !isBuilt(call) && served(server, call))
      .map(([name]) => name);
    expect(early).toEqual([]);
  });

  it.each([
    ['has no entry', `/not-a-call`, /has no entry in the contract's table of calls/],
    ['is marked as not built', ApiRoutes.projectFork, /built: false/],
  ])('does not start with a route that %s', async (_case, path, message) => {
    const planted: FastifyPluginAsync = async (api) => {
      api.post(path, async () => ({ ok: true }));
    };
    await expect(startTestApp({ worker: false }, { routes: planted })).rejects.toThrow(message);
  });
});
