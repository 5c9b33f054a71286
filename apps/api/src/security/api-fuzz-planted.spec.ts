import { IdParamsSchema } from '@mason/contract';
import { HttpError } from '@mason/server-http';
import { sql } from 'drizzle-orm';
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
  const writesRun = new Map<string, number>();
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
      // Refusals after a write that stays, after a write that is rolled back, and after a
      // write of the same contents.
      const writes = {
        kept: async () => {
          await server.database.db.execute(
            sql`insert into waitlist (email) values (gen_random_uuid()::text || '@x.test')`,
          );
        },
        'rolled-back': async () => {
          await server.database.db
            .transaction(async (tx) => {
              await tx.execute(
                sql`insert into waitlist (email) values (gen_random_uuid()::text || '@x.test')`,
              );
              throw new Error('roll back');
            })
            .catch(() => undefined);
        },
        unchanged: async () => {
          await server.database.db.execute(sql`update waitlist set email = email`);
        },
      };
      for (const [name, write] of Object.entries(writes)) {
        const path = `/planted-write/${name}`;
        api.post(
          path,
          {
            config: {
              call: {
                method: 'POST',
                path,
                auth: 'public',
                bodyLimit: 1024,
                summary: 'Planted',
                tag: 'dev',
              },
            },
          },
          async () => {
            await write();
            writesRun.set(name, (writesRun.get(name) ?? 0) + 1);
            throw new HttpError(400, 'Refused after a write.');
          },
        );
      }
    };
    server = await startTestApp({ worker: false }, { routes: planted });
  });
  afterAll(() => server?.close());

  /** Fuzzes the planted routes whose path starts with `prefix`, as an anonymous caller. */
  const fuzzPlanted = async (prefix: string, runs: number) => {
    const document = (await server.request<OpenApiDocument>('GET', '/api/openapi.json')).body;
    const paths = Object.fromEntries(
      Object.entries(document.paths).filter(([path]) => path.startsWith(prefix)),
    );
    return fuzzApi({
      baseUrl: server.baseUrl,
      document: { paths },
      runs,
      seed: 1,
      identities: [{ name: 'anonymous', token: async () => undefined }],
      knownIds: [],
      needsSession: () => false,
      digest: () => databaseDigest(server.database.db),
      settle: () => server.app.idle(),
    });
  };

  it('reports every 5xx the planted route answers, and nothing of the real routes', async () => {
    const report = await fuzzPlanted('/api/planted/', 20);
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

  it('reports a refused request whose write was kept, and not one rolled back or unchanged', async () => {
    const report = await fuzzPlanted('/api/planted-write/', 3);
    expect(report.routes).toBe(3);
    const changed = report.failures.filter(
      (failure) => failure.reason === 'a refused request changed the database',
    );
    // Each planted route wrote at least once (the others of the generated requests were refused
    // before they reached it); only the kept writes count as changes, each one of them.
    expect(Object.fromEntries(writesRun)).toEqual({
      kept: expect.any(Number),
      'rolled-back': expect.any(Number),
      unchanged: expect.any(Number),
    });
    expect(changed.map((failure) => failure.route)).toEqual(
      Array.from({ length: writesRun.get('kept') ?? 0 }, () => 'POST /api/planted-write/kept'),
    );
  });
});
