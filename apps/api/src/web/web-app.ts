import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundAnswer } from '../http/not-found';

const NOT_BUILT = `<!doctype html><title>Mason</title><p>Mason's web app is not built. Run <code>npx nx build web</code> (or set WEB_DIST) and restart the server.</p>`;

/**
 * Serves the built web app (WEB_DIST) beside the API: its files as they are, and index.html for
 * every other GET outside /api (the SPA's client-side routes). Unknown API routes get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null): Promise<void> {
  const hasWebApp = webDist !== null && fs.existsSync(path.join(webDist, 'index.html'));
  if (webDist && !hasWebApp) app.log.warn(`No web app in ${webDist}: only the API is served.`);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      // One route per built file (the build does not change while the server runs): an address
      // that is no file, under /api or not, goes to the not-found handler below.
      wildcard: false,
      setHeaders: (reply, filePath) => {
        // Vite's hashed bundles never change; index.html must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const answer = notFoundAnswer(request);
    if (answer) return reply.status(404).send(answer);
    if (!hasWebApp) return reply.status(404).type('text/html').send(NOT_BUILT);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
