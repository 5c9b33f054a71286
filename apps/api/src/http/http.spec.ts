import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type ApiErrorBody,
  ApiRoutes,
  type ClientConfig,
  JSON_BODY_LIMIT_BYTES,
} from '@mason/contract';
import { DEFAULT_PRICING } from '@mason/contract/billing';
import { signUp } from '../test-utils/accounts';
import { startTestApp, type TestApp } from '../test-utils/test-app';

let webDist: string;
let server: TestApp;
let token: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Mason</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("mason")');
  server = await startTestApp({ webDist });
  token = (await signUp(server)).token;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const expectNoInternals = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(text).not.toMatch(/stack|node_modules|ZodError|FST_/i);
};

describe('GET /api/config', () => {
  it('tells the client about sign-ups, Google, the banner, analytics and the price table', async () => {
    const response = await server.request<ClientConfig>('GET', '/api/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      googleClientId: null,
      signupsOpen: true,
      thumbnails: false,
      banner: {
        id: expect.any(String),
        text: expect.stringMatching(/end of October 2025/),
        linkText: expect.stringMatching(/migration guide/i),
        href: expect.any(String),
      },
      analytics: null,
      billing: { provider: 'embedded', pricing: DEFAULT_PRICING },
    });
  });
});

describe('the web app beside the API', () => {
  it('serves the built files and index.html for every other page (SPA fallback)', async () => {
    const asset = await server.request<string>('GET', '/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log("mason")');
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);

    for (const page of ['/', '/login', '/dashboard/projects', '/verify-email/abc?x=1']) {
      const response = await server.request<string>('GET', page);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers unknown API routes with a JSON 404, never the web app', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/users/current/xyz'],
      ['GET', '/api'],
    ] as const) {
      const response = await server.request<ApiErrorBody>(method, url, { token });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(response.body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: expect.stringContaining(url),
      });
    }
  });

  it('validates the query of the dev outbox (this test server exposes it)', async () => {
    const response = await server.request<ApiErrorBody>('GET', '/api/dev/outbox?to=not-an-email');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/query string|valid e-mail/);
  });
});

describe('OpenAPI', () => {
  it('documents every route from the contract schemas', async () => {
    const response = await server.request<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    const documented = Object.entries(response.body.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
    );
    const expected = [
      `GET /api${ApiRoutes.config}`,
      `POST /api${ApiRoutes.waitlist}`,
      `POST /api${ApiRoutes.authorize}`,
      `POST /api${ApiRoutes.authorizeGoogle}`,
      `POST /api${ApiRoutes.logout}`,
      `POST /api${ApiRoutes.passwordReset}`,
      `POST /api${ApiRoutes.passwordResetConfirm}`,
      `POST /api${ApiRoutes.verifyEmail}`,
      `POST /api${ApiRoutes.resendVerification}`,
      `POST /api${ApiRoutes.users}`,
      `GET /api${ApiRoutes.currentUser}`,
      `PUT /api${ApiRoutes.currentUser}`,
      `GET /api${ApiRoutes.activeSubscription}`,
      `POST /api${ApiRoutes.updateSubscription}`,
      `POST /api${ApiRoutes.cancelSubscription}`,
      `POST /api${ApiRoutes.reactivateSubscription}`,
      `POST /api${ApiRoutes.stripeCheckout}`,
      `POST /api${ApiRoutes.stripeCreditsCheckout}`,
      `POST /api${ApiRoutes.stripeBalanceCheckout}`,
      `GET /api${ApiRoutes.stripeTransactions}`,
      `POST /api${ApiRoutes.stripeWebhook}`,
      `GET /api${ApiRoutes.billingSummary}`,
      `GET /api/billing/checkout/{id}`,
      `POST /api/billing/checkout/{id}/confirm`,
      `POST /api/billing/checkout/{id}/cancel`,
      `GET /api${ApiRoutes.rewards}`,
      'GET /api/dev/outbox',
      `GET /api${ApiRoutes.models}`,
      `GET /api/blobs/{hash}`,
      ...[
        'GET /projects',
        'POST /projects',
        'GET /projects/{id}',
        'PUT /projects/{id}',
        'DELETE /projects/{id}',
        'GET /projects/{id}/status',
        'GET /projects/{id}/filepaths',
        'GET /projects/{id}/files',
        'GET /projects/{id}/code',
        'GET /projects/{id}/code/download',
        'GET /projects/{id}/env',
        'POST /projects/{id}/env',
        'DELETE /projects/{id}/env/{key}',
        'GET /projects/{id}/deployment',
        'POST /projects/{id}/deployment',
        'DELETE /projects/{id}/deployment',
        'POST /projects/{id}/deployment/rollback',
        'POST /projects/{id}/deployment/slug',
        'POST /projects/{id}/static-files',
        'GET /projects/{id}/assets',
        'POST /projects/{id}/assets',
        'DELETE /projects/{id}/assets/{assetId}',
        'GET /projects/{id}/assets/{assetId}/file',
        'GET /projects/{id}/thumbnail',
        'PUT /projects/{id}/thumbnail',
        'GET /projects/{id}/preview',
        'POST /projects/{id}/visual-edits',
        'GET /projects/{id}/domains',
        'POST /projects/{id}/domains',
        'DELETE /projects/{id}/domains',
        'POST /projects/{id}/domains/verify',
        'GET /domains/tls-check',
        'POST /projects/{id}/supabase/attach',
        'DELETE /projects/{id}/database/attachment',
        'GET /projects/{id}/database',
        'POST /projects/{id}/database',
        'GET /projects/{id}/database/tables',
        'GET /projects/{id}/database/tables/{table}/rows',
        'PATCH /projects/{id}/database/tables/{table}/rows',
        'GET /projects/{id}/database/users',
        'GET /projects/{id}/database/migrations',
        'POST /projects/{id}/database/sql',
        'GET /projects/{id}/database/backups',
        'POST /projects/{id}/database/backups/{backupId}/restore',
        'GET /github',
        'POST /github/disconnect',
        'GET /github/authorize-url',
        'POST /github/access-code',
        'GET /github/repositories',
        'POST /github/webhook',
        'GET /projects/{id}/code-hosting',
        'PUT /projects/{id}/code-hosting',
        'DELETE /projects/{id}/code-hosting',
        'POST /projects/{id}/code-hosting/repository',
        'POST /projects/{id}/code-hosting/sync',
        'GET /projects/{id}/code-hosting/conflict',
        'POST /projects/{id}/code-hosting/conflict',
        'GET /supabase',
        'POST /supabase/disconnect',
        'GET /supabase/authorize-url',
        'POST /supabase/access-code',
        'GET /supabase/projects',
        'GET /mcp/servers',
        'POST /mcp/servers',
        'PATCH /mcp/servers/{id}',
        'DELETE /mcp/servers/{id}',
        'POST /mcp/servers/{id}/refresh',
        'GET /mcp/servers/{id}/authorize-url',
        'PUT /mcp/servers/{id}/tools/{tool}',
        'POST /mcp/oauth/callback',
        'GET /projects/{id}/mcp',
        'PUT /projects/{id}/mcp',
        'GET /open-router',
        'POST /open-router/disconnect',
        'GET /open-router/authorize-url',
        'POST /open-router/access-code',
        'POST /tasks',
        'GET /tasks',
        'GET /tasks/{id}',
        'POST /tasks/{id}/pause',
        'POST /tasks/{id}/resume',
        'POST /tasks/{id}/archive',
        'POST /tasks/{id}/unarchive',
        'GET /tasks/{id}/versions',
        'GET /tasks/{id}/logs',
        'POST /tasks/{id}/logs',
        'POST /tasks/{id}/revert',
        'POST /tasks/{id}/action',
        'POST /tasks/{id}/rate',
        'GET /tasks/{id}/events',
      ].map((route) => route.replace(' /', ' /api/')),
    ];
    expect(documented.sort()).toEqual(expected.sort());
    const signup = response.body.paths['/api/users']['post'] as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(signup.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'firstName', 'lastName']),
    );

    const docs = await server.request<string>('GET', '/api/docs/');
    expect(docs.status).toBe(200);
    expect(docs.body).toMatch(/swagger/i);
  });
});

describe('request validation', () => {
  // Every route that takes a body, with a body that breaks its contract schema.
  const cases: Array<[method: string, route: string, body: unknown, fields: string[]]> = [
    ['POST', ApiRoutes.waitlist, { email: 'nope' }, ['email']],
    ['POST', ApiRoutes.authorize, { email: 'a@b.co' }, ['password']],
    ['POST', ApiRoutes.authorizeGoogle, { token: 5 }, ['token']],
    ['POST', ApiRoutes.passwordReset, { email: '' }, ['email']],
    [
      'POST',
      ApiRoutes.passwordResetConfirm,
      { token: 'short', password: 'x' },
      ['password', 'token'],
    ],
    ['POST', ApiRoutes.verifyEmail, {}, ['token']],
    [
      'POST',
      ApiRoutes.users,
      { firstName: 'A', email: 'a@b.co', password: 'letters-only' },
      ['lastName', 'password'],
    ],
    ['PUT', ApiRoutes.currentUser, { lastName: '  ' }, ['lastName']],
  ];

  it.each(cases)('%s %s answers 400 with field errors', async (method, route, body, fields) => {
    const response = await server.request<ApiErrorBody>(method, `/api${route}`, { body, token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.any(String),
      fieldErrors: expect.any(Object),
    });
    expect(Object.keys(response.body.fieldErrors ?? {}).sort()).toEqual(fields);
    expect(response.body.message.length).toBeGreaterThan(5);
    expectNoInternals(response.body);
  });

  it.each(cases)('%s %s answers 400 to a missing or non-object body', async (method, route) => {
    for (const rawBody of ['', '[1,2]', '"text"']) {
      const response = await server.request<ApiErrorBody>(method, `/api${route}`, {
        rawBody,
        token,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('The request body must be a JSON object.');
    }
  });

  it('answers 400 to broken JSON and 415 to another content type', async () => {
    const broken = await server.request<ApiErrorBody>('POST', '/api/auth/authorize', {
      rawBody: '{"email": ',
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON.',
    });

    const form = await server.request<ApiErrorBody>('POST', '/api/auth/authorize', {
      rawBody: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body.message).toMatch(/JSON/);
  });

  it('answers 413 to a body over the limit', async () => {
    const response = await server.request<ApiErrorBody>('POST', '/api/waitlist', {
      body: { email: 'big@example.com', padding: 'x'.repeat(JSON_BODY_LIMIT_BYTES) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: expect.stringMatching(/too large/),
    });
  });
});

describe('malformed addresses', () => {
  it('get Mason’s error shape: a broken percent-encoding, over-long parameters', async () => {
    const broken = await server.request<ApiErrorBody>('GET', '/api/projects/%E0%A4%A', { token });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The address is not valid: a percent sign must start a valid escape (like %20).',
    });

    const longId = await server.request<ApiErrorBody>('GET', `/api/projects/${'a'.repeat(100)}`, {
      token,
    });
    expect(longId.status).toBe(400);
    expect(longId.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.any(String),
      fieldErrors: { id: expect.any(String) },
    });

    const longer = await server.request<ApiErrorBody>('GET', `/api/projects/${'a'.repeat(5000)}`, {
      token,
    });
    expect(longer.status).toBe(414);
    expect(longer.body).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      message: 'A part of the address is too long.',
    });
    const unknown = await server.request<ApiErrorBody>('GET', `/api/${'b'.repeat(5000)}`, {
      token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^There is no API route GET \/api\/b{100,200}…\.$/);
    for (const body of [broken.body, longId.body, longer.body, unknown.body])
      expectNoInternals(body);
  });
});

describe('the bench route (npm run bench)', () => {
  it('is not served without BENCH_ROUTES=true', async () => {
    expect((await server.request('GET', '/api/bench/bare')).status).toBe(404);
  });

  it('answers { ok: true } with BENCH_ROUTES=true', async () => {
    process.env['BENCH_ROUTES'] = 'true';
    const bench = await startTestApp().finally(() => delete process.env['BENCH_ROUTES']);
    try {
      const response = await bench.request('GET', '/api/bench/bare');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
    } finally {
      await bench.close();
    }
  });
});
