import { createSign, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, type Page, type Response } from '@playwright/test';

// What the Content-Security-Policy spec needs: a recorder of policy violations, and loopback
// stand-ins for the two outside services the shell talks to in the browser (Google Identity
// Services and posthog), each answering the way the real service does.

const workspaceRoot = path.join(__dirname, '../../..');

/**
 * Every policy violation in the page and its frames, from both sides: the
 * `securitypolicyviolation` events the documents fire, and Chromium's console messages about
 * them ("Refused to …", "… violates the following Content Security Policy directive …").
 */
export async function watchPolicyViolations(page: Page) {
  const violations: string[] = [];
  await page.exposeBinding('__masonPolicyViolation', ({ frame }, text: string) => {
    violations.push(`${frame.url()}: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, (text: string) => void>)[
          '__masonPolicyViolation'
        ];
        report?.(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
        );
      },
      true,
    );
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Refused to|Content Security Policy/i.test(text)) violations.push(`console: ${text}`);
  });
  return { list: () => [...violations] };
}

/** The shell's policy, as the response of a page of the web app sends it. */
export function expectShellPolicy(response: Response | null): string {
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
  expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/]+=*'/);
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  return policy;
}

/**
 * The page wears Mason's styles: styled-components' global style (the font, the dark
 * background) and the styled heading, not the browser's defaults.
 */
export async function expectStyled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const body = getComputedStyle(document.body);
        return { font: body.fontFamily.split(',')[0], background: body.backgroundColor };
      }),
    )
    .toEqual({ font: 'Inter', background: 'rgb(9, 9, 11)' });
}

/** Another site on loopback (its own origin) whose page is `html`. */
export async function startOtherSite(html: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  return { url: `${await listen(server)}/`, close: () => closeServer(server) };
}

/** A free port on loopback, for a server this spec starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * Google's side of sign-in: its signing keys on loopback (Mason's server trusts them through
 * GOOGLE_JWKS_URL) and Google Identity Services in the browser (page.route answers
 * https://accounts.google.com/gsi/… the way the real library works: a client script that
 * loads its button stylesheet and renders the button in a frame of Google's origin, and the
 * button that hands the page an ID token by postMessage).
 */
export async function startGoogleStandIn(clientId: string) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...(publicKey as KeyObject).export({ format: 'jwk' }),
    kid: 'e2e',
    alg: 'RS256',
    use: 'sig',
  };
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  const jwksUrl = `${await listen(server)}/oauth2/v3/certs`;
  const served: string[] = [];

  /** An ID token as Google signs it, for `claims` (email, names). */
  function idToken(claims: Record<string, unknown>): string {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'RS256', kid: 'e2e', typ: 'JWT' }));
    const payload = base64url(
      JSON.stringify({
        iss: 'https://accounts.google.com',
        aud: clientId,
        sub: randomUUID(),
        email_verified: true,
        iat: now,
        exp: now + 600,
        ...claims,
      }),
    );
    const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey);
    return `${header}.${payload}.${base64url(signature)}`;
  }

  /** Google Identity Services in `page`: the button hands Mason (at `origin`) `credential`. */
  async function route(page: Page, origin: string, credential: string) {
    await page.route('https://accounts.google.com/gsi/**', async (request) => {
      const url = new URL(request.request().url());
      served.push(url.pathname);
      if (url.pathname === '/gsi/client') {
        return request.fulfill({
          contentType: 'text/javascript',
          body: `(${gsiClient.toString()})(${JSON.stringify(clientId)});`,
        });
      }
      if (url.pathname === '/gsi/style') {
        return request.fulfill({
          contentType: 'text/css',
          body: '.gsi-button-host { display: block; }',
        });
      }
      if (url.pathname === '/gsi/button') {
        const known = url.searchParams.get('client_id') === clientId;
        return request.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><button type="button">Sign in with Google</button>
<script>
document.querySelector('button').addEventListener('click', function () {
  parent.postMessage(${known ? `{ type: 'credential', credential: ${JSON.stringify(credential)} }` : '{ type: "error" }'}, ${JSON.stringify(origin)});
});
</script>`,
        });
      }
      return request.fulfill({ status: 404, body: '' });
    });
  }

  return {
    jwksUrl,
    idToken,
    route,
    /** The paths under https://accounts.google.com the page loaded. */
    served: () => [...served],
    close: () => closeServer(server),
  };
}

/** The stand-in of https://accounts.google.com/gsi/client (runs in the page, stringified). */
function gsiClient(expectedClientId: string) {
  const link = document.createElement('link');
  link.id = 'googleidentityservice_button_styles';
  link.rel = 'stylesheet';
  link.href = 'https://accounts.google.com/gsi/style';
  document.head.appendChild(link);
  let options: { client_id: string; callback: (response: { credential?: string }) => void } | null =
    null;
  window.addEventListener('message', (event) => {
    if (event.origin !== 'https://accounts.google.com' || !options) return;
    const data = event.data as { type?: string; credential?: string };
    if (data.type === 'credential') options.callback({ credential: data.credential });
  });
  (window as unknown as { google: unknown }).google = {
    accounts: {
      id: {
        initialize(given: NonNullable<typeof options>) {
          if (given.client_id !== expectedClientId) throw new Error('Unknown client id');
          options = given;
        },
        renderButton(parent: HTMLElement, settings: { width?: number; theme?: string }) {
          const frame = document.createElement('iframe');
          frame.title = 'Sign in with Google Button';
          const query = new URLSearchParams({
            client_id: options?.client_id ?? '',
            theme: settings.theme ?? 'outline',
          });
          frame.src = `https://accounts.google.com/gsi/button?${query}`;
          frame.width = String(settings.width ?? 320);
          frame.height = '44';
          frame.style.border = '0';
          parent.appendChild(frame);
        },
      },
    },
  };
}

export interface PosthogEvent {
  event: string;
  properties: Record<string, unknown>;
  /** The person's properties an identify sets. */
  $set?: Record<string, unknown>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** posthog-js's request bodies: gzip, base64 form data, or JSON; one event or a batch. */
function eventsOf(body: Buffer): PosthogEvent[] {
  if (body.length === 0) return [];
  let text: string;
  if (body[0] === 0x1f && body[1] === 0x8b) text = gunzipSync(body).toString('utf8');
  else {
    text = body.toString('utf8');
    if (text.startsWith('data=')) {
      const data = new URLSearchParams(text).get('data') ?? '';
      text = Buffer.from(data, 'base64').toString('utf8');
    }
  }
  const parsed = JSON.parse(text) as PosthogEvent | PosthogEvent[] | { batch: PosthogEvent[] };
  if (Array.isArray(parsed)) return parsed;
  if ('batch' in parsed) return parsed.batch;
  return [parsed];
}

/**
 * posthog on loopback (POSTHOG_HOST): the remote config script (session recording on, no
 * surveys, as a project with recording answers), posthog-js's own surveys and session recorder
 * scripts, flags, and the events and recordings it is sent, with the CORS headers of the real
 * service.
 */
export async function startPosthogStandIn(key: string) {
  const requests: string[] = [];
  const events: PosthogEvent[] = [];
  // posthog-js's own extension scripts, as posthog's CDN serves them.
  const extensions = new Map(
    ['surveys', 'lazy-recorder'].map((name) => [
      name,
      fs.readFileSync(path.join(workspaceRoot, `node_modules/posthog-js/dist/${name}.js`)),
    ]),
  );
  const remoteConfig = {
    supportedCompression: ['gzip', 'gzip-js'],
    sessionRecording: { endpoint: '/s/' },
    hasFeatureFlags: true,
    siteApps: [],
    heatmaps: false,
    surveys: false,
    captureDeadClicks: false,
    autocaptureExceptions: false,
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://posthog');
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    response.setHeader('access-control-allow-credentials', 'true');
    response.setHeader('vary', 'origin');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '',
      });
      return response.end();
    }
    requests.push(`${request.method} ${url.pathname}`);
    const body = await bodyOf(request);
    if (url.pathname === `/array/${key}/config.js`) {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      return response.end(
        `(window._POSTHOG_REMOTE_CONFIG = window._POSTHOG_REMOTE_CONFIG || {})[${JSON.stringify(key)}] = { config: ${JSON.stringify(remoteConfig)}, siteApps: [] };`,
      );
    }
    if (url.pathname === `/array/${key}/config`) {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify(remoteConfig));
    }
    const extension = /^\/static\/(?:[^/]+\/)?([a-z-]+)\.js$/.exec(url.pathname)?.[1];
    if (extension && extensions.has(extension)) {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      return response.end(extensions.get(extension));
    }
    if (url.pathname.startsWith('/flags')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify({
          flags: {},
          featureFlags: {},
          featureFlagPayloads: {},
          errorsWhileComputingFlags: false,
        }),
      );
    }
    if (request.method === 'POST') {
      try {
        events.push(...eventsOf(body));
      } catch {
        requests.push(`unreadable body for ${url.pathname}`);
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end('{"status":1}');
    }
    response.writeHead(404);
    return response.end();
  });
  const url = await listen(server);
  return {
    url,
    /** `METHOD /path` of every request, in order. */
    requests: () => [...requests],
    events: () => [...events],
    close: () => closeServer(server),
  };
}
