import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundAnswer } from '@mason/server-http';
import {
  inlineHashes,
  newNonce,
  shellPolicy,
  withNonce,
  type InlineHashes,
  type ShellPolicyConfig,
} from './shell-policy';

const NOT_BUILT = `<!doctype html><title>Mason</title><p>Mason's web app is not built. Run <code>npx nx build web</code> (or set WEB_DIST) and restart the server.</p>`;

/** What serving the web app reads of the configuration (AppConfig has it). */
export interface WebAppConfig extends ShellPolicyConfig {
  /** The built web app; null: no web app is served (API only). */
  webDist: string | null;
}

interface ShellPage {
  html: string;
  hashes: InlineHashes;
  mtimeMs: number;
}

/**
 * The built index.html and the hashes of its inline script and style, read at start and read
 * again when the file changes (a rebuild while the server runs).
 */
function shellPageOf(file: string) {
  const read = (): ShellPage => {
    const html = fs.readFileSync(file, 'utf8');
    return { html, hashes: inlineHashes(html), mtimeMs: fs.statSync(file).mtimeMs };
  };
  let page = read();
  return async (): Promise<ShellPage> => {
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && stat.mtimeMs !== page.mtimeMs) page = read();
    return page;
  };
}

/**
 * Serves the built web app (WEB_DIST) beside the API: its files as they are, and index.html for
 * every other GET outside /api (the SPA's client-side routes), with the shell's
 * Content-Security-Policy and a fresh nonce each time. Unknown API routes get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, config: WebAppConfig): Promise<void> {
  const { webDist } = config;
  const webRoot =
    webDist !== null && fs.existsSync(path.join(webDist, 'index.html')) ? webDist : null;
  if (webDist && !webRoot) app.log.warn(`No web app in ${webDist}: only the API is served.`);
  const shellPage = webRoot ? shellPageOf(path.join(webRoot, 'index.html')) : null;
  const policy = shellPolicy(config);
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // One route per built file (the build does not change while the server runs): an address
      // that is no file, under /api or not, goes to the not-found handler below.
      wildcard: false,
      // index.html (asked for by name or as a folder's index) is only ever sent as the shell
      // below, with its policy and nonce.
      allowedPath: (pathname) => pathname !== '/index.html',
      setHeaders: (reply, filePath) => {
        // Vite's hashed bundles never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const answer = notFoundAnswer(request);
    if (answer) return reply.status(404).send(answer);
    if (!shellPage) return reply.status(404).type('text/html').send(NOT_BUILT);
    const page = await shellPage();
    const nonce = newNonce();
    return (
      reply
        // Each response has its own nonce: no shared cache may keep one for everybody.
        .header('cache-control', 'private, no-cache')
        .header('content-security-policy', policy(page.hashes, nonce))
        .type('text/html; charset=utf-8')
        .send(withNonce(page.html, nonce))
    );
  });
}
