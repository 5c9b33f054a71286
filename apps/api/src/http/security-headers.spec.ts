import { requestAsHost } from '../test-utils/preview-host';
import { startTestApp, type TestApp } from '../test-utils/test-app';
import { docsContentSecurityPolicy, swaggerUiStyleHashes } from '@mason/server-http';

// Every answer of Mason's own origin says that no site may frame it; the API's answers load
// nothing; Swagger UI gets a policy that fits it; the preview hosts (framed by Mason, with their
// own headers) are left alone.

const STRICT = "default-src 'none'; frame-ancestors 'none'";

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({ previewDomain: 'localhost:4200' });
});
afterAll(() => server.close());

const expectMasonHeaders = (headers: Headers, policy = STRICT) => {
  expect(headers.get('content-security-policy')).toBe(policy);
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
};

describe('the API', () => {
  it('answers with a policy that loads nothing and may not be framed, errors included', async () => {
    const config = await server.request('GET', '/api/config');
    expect(config.status).toBe(200);
    expectMasonHeaders(config.headers);

    const unauthenticated = await server.request('GET', '/api/projects');
    expect(unauthenticated.status).toBe(401);
    expectMasonHeaders(unauthenticated.headers);

    const missing = await server.request('GET', '/api/nope');
    expect(missing.status).toBe(404);
    expectMasonHeaders(missing.headers);
  });

  it('adds HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const response = await server.request('GET', '/api/config', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});

describe('Swagger UI at /api/docs', () => {
  it('gets a policy of its own that allows its files and forbids framing', async () => {
    const page = await server.request<string>('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    // The top bar's logo has a style block of its own.
    const styleHashes = swaggerUiStyleHashes();
    expect(styleHashes).toHaveLength(1);
    const policy = docsContentSecurityPolicy(styleHashes);
    expectMasonHeaders(page.headers, policy);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    // Swagger UI's page has no inline script for the policy to allow.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);

    const bundle = await server.request('GET', '/api/docs/static/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expectMasonHeaders(bundle.headers, policy);

    const document = await server.request('GET', '/api/docs/json');
    expect(document.status).toBe(200);
    expect(document.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('the preview hosts', () => {
  it('keep their own headers: Mason frames them', async () => {
    const port = Number(new URL(server.baseUrl).port);
    const response = await requestAsHost(
      port,
      'http://p-00000000-0000-4000-8000-000000000000.localhost:4200/',
    );
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(String(response.headers['content-security-policy'] ?? '')).not.toContain(
      "frame-ancestors 'none'",
    );
  });
});
