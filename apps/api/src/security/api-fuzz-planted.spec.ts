import { IdParamsSchema } from '@mason/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fuzzApi, type OpenApiDocument } from '../test-utils/security/api-fuzzer';
import { databaseDigest } from '../test-utils/security/database-digest';
import { startTestApp, type TestApp } from '../test-utils/test-app';

/**
 * The fuzzer finds what it is there to find: a route planted to throw on some ids (as an
 * unchecked id reaching a uuid column would) makes it fail.
 */
describe('the API fuzzer against a planted fault', () => {
  let server: TestApp;
  beforeAll(async () => {
    const planted: FastifyPluginAsyncZod = async (api) => {
      api.get(
        '/planted/:id',
        {
          config: {
            call: {
              method: 'GET',
              path: '/planted/:id',
              auth: 'public',
              bodyLimit: 1024,
              summary: 'Planted',
              tag: 'dev',
            },
          },
          schema: { params: IdParamsSchema },
        },
        async (request) => {
          if (!/^[0-9a-f-]{36}$/.test(request.params.id))
            throw new Error('invalid input syntax for type uuid');
          return { ok: true };
        },
      );
    };
    server = await startTestApp({ worker: false }, { routes: planted });
  });
  afterAll(() => server?.close());

  it('reports every 5xx the planted route answers, and nothing of the real routes', async () => {
    const document = (await server.request<OpenApiDocument>('GET', '/api/openapi.json')).body;
    const report = await fuzzApi({
      baseUrl: server.baseUrl,
      document: { paths: { '/api/planted/{id}': document.paths['/api/planted/{id}'] ?? {} } },
      runs: 20,
      seed: 1,
      identities: [{ name: 'anonymous', token: async () => undefined }],
      knownIds: [],
      needsSession: () => false,
      digest: () => databaseDigest(server.database.db),
      settle: () => server.app.idle(),
    });
    expect(report.routes).toBe(1);
    expect(report.serverErrors).toBeGreaterThan(0);
    expect(report.failures).toContainEqual(
      expect.objectContaining({
        route: 'GET /api/planted/{id}',
        reason: 'answered 500',
        status: 500,
      }),
    );
  });
});
