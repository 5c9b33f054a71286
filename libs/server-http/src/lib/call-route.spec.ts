import {
  API_PREFIX,
  ApiCalls,
  ApiRoutes,
  type EnvVariable,
  ID_NOT_FOUND_MESSAGES,
} from '@mason/contract';
import type { FastifyInstance } from 'fastify';
import { callRoute } from './call-schema';
import { OPENAPI_JSON_PATH, registerApiDocument } from './openapi';
import { bareApp } from './test-utils/bare-app';

interface OpenApiOperation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: { required?: string[] } }> }>;
}
type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

/** Project ids are uuids: one that is not names nothing (404) before the route runs. */
const P1 = '00000000-0000-4000-8000-000000000001';
const BROKEN = '00000000-0000-4000-8000-00000000dead';

/** Routes of the table written the two ways route files may: callRoute, or no schema at all. */
async function tableApp(): Promise<FastifyInstance> {
  const app = bareApp([OPENAPI_JSON_PATH.slice(API_PREFIX.length), '/docs']);
  await registerApiDocument(app);
  await app.register(
    async (api) => {
      // Typed from the entry: params.id and the body's key and value are strings.
      api.route(
        callRoute(ApiCalls.setEnvVariable, async (request) => {
          const variable: EnvVariable = request.body;
          const projectId: string = request.params.id;
          // @ts-expect-error the entry's body has no such field
          void request.body.nope;
          return { ...variable, value: `${projectId}:${variable.value}` };
        }),
      );
      // No schema: the entry's query string and answer schemas apply all the same.
      api.get(ApiRoutes.projectFilePaths, async (request) =>
        (request.params as { id: string }).id === BROKEN
          ? { versionId: null, filePaths: 'not a list' }
          : { versionId: null, filePaths: ['index.html'] },
      );
    },
    { prefix: API_PREFIX },
  );
  return app;
}

describe('the table of calls on the server', () => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    app = await tableApp();
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${origin}${API_PREFIX}${path}`, init);
  const setEnv = (body: unknown, token = 'good') =>
    call(`/projects/${P1}/env`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });

  it("serves a callRoute with the entry's schemas and session check", async () => {
    const answered = await setEnv({ key: 'API_KEY', value: 'v' });
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ key: 'API_KEY', value: `${P1}:v` });

    const refused = await setEnv({ key: 'not a key!', value: 'v' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toHaveProperty('key');

    expect((await setEnv({ key: 'API_KEY', value: 'v' }, 'bad')).status).toBe(401);
  });

  it("validates a route that declares no schema against its entry's", async () => {
    const ok = await call(`/projects/${P1}/filepaths`, {
      headers: { authorization: 'Bearer good' },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ versionId: null, filePaths: ['index.html'] });

    const tooLong = await call(`/projects/${'x'.repeat(65)}/filepaths`, {
      headers: { authorization: 'Bearer good' },
    });
    expect(tooLong.status).toBe(400);
    // An id that is no uuid: the project's 404, before the route runs.
    const notAnId = await call('/projects/p1/filepaths', {
      headers: { authorization: 'Bearer good' },
    });
    expect(notAnId.status).toBe(404);
    expect((await notAnId.json()).message).toBe(ID_NOT_FOUND_MESSAGES.project);

    // An answer that breaks the contract is the server's fault, and says nothing of it.
    const broken = await call(`/projects/${BROKEN}/filepaths`, {
      headers: { authorization: 'Bearer good' },
    });
    expect(broken.status).toBe(500);
    expect(await broken.text()).not.toContain('not a list');
  });

  it('documents each served call from its entry, and no call that is not built', async () => {
    const document = (await (await fetch(`${origin}${OPENAPI_JSON_PATH}`)).json()) as {
      paths: OpenApiPaths;
    };
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/projects/{id}/env',
      '/api/projects/{id}/filepaths',
    ]);
    const setEnvironment = document.paths['/api/projects/{id}/env']?.['post'];
    expect(setEnvironment).toMatchObject({
      operationId: 'setEnvVariable',
      tags: ['projects'],
      security: [{ bearerAuth: [] }],
      parameters: [expect.objectContaining({ in: 'path', name: 'id' })],
    });
    expect(
      setEnvironment?.requestBody?.content['application/json']?.schema.required?.sort(),
    ).toEqual(['key', 'value']);
    expect(Object.keys(setEnvironment?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '404',
    ]);
    expect(document.paths['/api/projects/{id}/filepaths']?.['get']?.operationId).toBe(
      'getProjectFilePaths',
    );
  });

  it('refuses to start a route of a call marked as not built', async () => {
    const bare = bareApp();
    expect(() => bare.post(`${API_PREFIX}${ApiRoutes.projectFork}`, async () => ({}))).toThrow(
      /built: false/,
    );
    await bare.close();
  });
});
