import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { posthogJsVersion } from '@mason/server-web';
import { startTestApp, type TestApp } from '../test-utils/test-app';

// The web app's pages and files carry Mason's security headers: the shell (index.html, for every
// client-side route) a Content-Security-Policy that allows its inline script by hash and its
// styles by a nonce of each response; the built files the strict default. Over real HTTP, with a
// copy of apps/web/index.html (the real inline theme script and style).

const SOURCE_INDEX = path.join(__dirname, '../../../web/index.html');

/** A built web app: the real index.html (with CRLF line ends, as a checkout on Windows has) and one bundle. */
function makeWebDist(): string {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  const html = fs.readFileSync(SOURCE_INDEX, 'utf8').replace(/\r?\n/g, '\r\n');
  fs.writeFileSync(path.join(webDist, 'index.html'), html);
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("mason")');
  return webDist;
}

/** The directives of a policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(
    (policy as string).split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name as string, sources];
    }),
  );
}

/** What the browser hashes: the text of each inline block, its line ends made LF by the parser. */
const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n')).digest('base64')}'`;
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => body ?? '',
  );
const inlineStyles = (html: string) =>
  [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, body]) => body ?? '');
const metaNonce = (html: string) => /<meta property="csp-nonce" nonce="([^"]+)">/.exec(html)?.[1];

let webDist: string;
beforeAll(() => {
  webDist = makeWebDist();
});
afterAll(() => {
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('without Google sign-in or analytics', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ webDist, previewDomain: 'localhost:4200' });
  });
  afterAll(() => server.close());

  it('sends every page of the web app with a policy that no site may frame', async () => {
    for (const page of ['/', '/login', '/dashboard/projects', '/projects/abc?x=1', '/index.html']) {
      const response = await server.request<string>('GET', page);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(policy.get('form-action')).toEqual(["'none'"]);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('allows the inline theme script by its hash, and nothing inline besides', async () => {
    const response = await server.request<string>('GET', '/login');
    const scripts = inlineScripts(response.body);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain("localStorage.getItem('mason.theme')");
    const policy = directives(response.headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'", sha256(scripts[0] as string)]);
    expect(response.headers.get('content-security-policy')).not.toMatch(
      /unsafe-inline|unsafe-eval/,
    );
  });

  it('allows styles by a nonce of each response (given to the page in a meta tag) and the inline style by its hash', async () => {
    const first = await server.request<string>('GET', '/');
    const second = await server.request<string>('GET', '/');
    const nonces = [first, second].map((response) => {
      const nonce = metaNonce(response.body);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      // Before the inline script that hands it on to notistack's goober.
      expect(response.body.indexOf('csp-nonce')).toBeLessThan(response.body.indexOf('<script'));
      const styles = inlineStyles(response.body);
      expect(styles).toHaveLength(1);
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('style-src')).toEqual([
        "'self'",
        `'nonce-${nonce}'`,
        sha256(styles[0] as string),
      ]);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('lets the page reach only Mason, show its images and attachments, and frame only previews', async () => {
    const response = await server.request<string>('GET', '/dashboard/projects');
    const policy = directives(response.headers.get('content-security-policy'));
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('frame-src')).toEqual(['http://*.localhost:4200']);
    expect(response.headers.get('content-security-policy')).not.toMatch(/google|posthog/);
  });

  it('sends the built files with the strict default policy, never the page policy', async () => {
    const asset = await server.request<string>('GET', '/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log("mason")');
    expect(asset.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(asset.headers.get('x-frame-options')).toBe('DENY');
    expect(asset.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('adds HSTS only when the request came over HTTPS (X-Forwarded-Proto from a trusted proxy)', async () => {
    for (const url of ['/', '/assets/app-1234.js', '/api/config']) {
      const overHttps = await server.request('GET', url, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=31536000');
      const overHttp = await server.request('GET', url);
      expect(overHttp.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('with Google sign-in and analytics', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({
      webDist,
      previewDomain: 'preview.example.com',
      previewProtocol: 'https:',
      googleClientId: 'mason-test.apps.googleusercontent.com',
      analytics: { key: 'phc_test_key', host: 'https://ph.example.com' },
    });
  });
  afterAll(() => server.close());

  it("adds Google Identity Services' script, style, frames and requests, and posthog's", async () => {
    // The web app's posthog-js (the workspace's) loads its scripts from a folder of its version.
    const version = posthogJsVersion();
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    const response = await server.request<string>('GET', '/login');
    const scripts = inlineScripts(response.body);
    const policy = directives(response.headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual([
      "'self'",
      sha256(scripts[0] as string),
      'https://accounts.google.com/gsi/client',
      'https://ph.example.com/array/phc_test_key/config.js',
      `https://ph.example.com/static/${version}/surveys.js`,
      `https://ph.example.com/static/${version}/lazy-recorder.js`,
      'https://ph.example.com/static/surveys.js',
      'https://ph.example.com/static/lazy-recorder.js',
    ]);
    expect(policy.get('style-src')).toEqual([
      "'self'",
      `'nonce-${metaNonce(response.body)}'`,
      sha256(inlineStyles(response.body)[0] as string),
      'https://accounts.google.com/gsi/style',
    ]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://ph.example.com/',
      'https://accounts.google.com/gsi/',
    ]);
    expect(policy.get('frame-src')).toEqual([
      'https://*.preview.example.com',
      'https://accounts.google.com/gsi/',
    ]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('keeps the strict default policy on the built files', async () => {
    const asset = await server.request('GET', '/assets/app-1234.js');
    expect(asset.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});

describe('behind no trusted proxy', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ webDist, trustProxy: false });
  });
  afterAll(() => server.close());

  it('ignores a client’s own X-Forwarded-Proto: no HSTS over plain HTTP', async () => {
    const response = await server.request('GET', '/', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});
