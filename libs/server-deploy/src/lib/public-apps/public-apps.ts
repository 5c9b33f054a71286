import path from 'node:path';
import type { Database } from '@mason/server-db';
import { contentTypeOf } from '@mason/server-workspace';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { HASHED_DIR } from '../build/production-build';
import type { AppsUrlConfig, CustomDomainsPort } from '../deploy-context';
import { appUrl } from '../deploy-context';
import { liveManifest } from '../deployments/deployments.repository';
import { resolveSlug } from '../slugs/app-slugs';
import { AppFiles, chooseEncoding, isCompressible } from './app-files';

export interface PublicAppsDeps {
  readonly config: AppsUrlConfig & {
    /** Hosts that are Mason's own (its public URL, loopback, previews): never an app's. */
    readonly isMasonHost: (host: string) => boolean;
  };
  readonly db: Database;
  readonly log: FastifyBaseLogger;
  readonly customDomains: CustomDomainsPort;
  /**
   * The published app's data API (its production database's /rest/v1 and /auth/v1), mounted on
   * every app host for the project it serves; absent, those paths are the app's files.
   */
  readonly appData?: FastifyPluginAsync<PublicAppDataMount>;
}

/** What the app host tells the data API it mounts: which project a request is for. */
export interface PublicAppDataMount {
  readonly projectOf: (request: FastifyRequest) => Promise<string | null>;
}

/** Which app a request is for. */
export type AppHost =
  | { readonly kind: 'slug'; readonly slug: string }
  | { readonly kind: 'domain'; readonly host: string };

/** A request's app: by slug, or the project a verified custom domain serves. */
type RoutedHost = AppHost | { readonly kind: 'project'; readonly projectId: string };

const SLUG_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const HOST_NAME = /^[a-z0-9.-]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The app a Host header names: `{slug}.{APPS_DOMAIN}`, or any other name that is not Mason's. */
export function parseAppHost(
  host: string | undefined,
  config: PublicAppsDeps['config'],
): AppHost | null {
  if (!host) return null;
  const lower = host.toLowerCase();
  const suffix = `.${config.appsDomain.toLowerCase()}`;
  if (lower.endsWith(suffix)) {
    const label = lower.slice(0, -suffix.length);
    return SLUG_LABEL.test(label) ? { kind: 'slug', slug: label } : null;
  }
  const name = lower.replace(/:\d+$/, '');
  // Only names with a dot can be someone's domain; IP addresses and Mason's own names are not.
  if (!name.includes('.') || !HOST_NAME.test(name) || /^[\d.]+$/.test(name)) return null;
  if (config.isMasonHost(lower)) return null;
  return { kind: 'domain', host: name };
}

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#18181b;background:#fafafa}@media (prefers-color-scheme:dark){body{color:#fafafa;background:#09090b}}main{max-width:32rem;padding:2rem}h1{font-size:1.5rem;margin:0 0 .5rem}</style></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}

/** Headers every answer of a published app carries: safe defaults for a public site. */
function publicHeaders(reply: FastifyReply, https: boolean): FastifyReply {
  reply
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cross-origin-resource-policy', 'same-origin');
  if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  return reply;
}

function cacheControl(sitePath: string): string {
  if (sitePath.startsWith(`${HASHED_DIR}/`)) return IMMUTABLE;
  // index.html and the public folder's files keep their names: ask again each time.
  return 'no-cache';
}

/**
 * Serves published apps from `app`: a request whose Host is `{slug}.{APPS_DOMAIN}` (or a verified
 * custom domain) is handed, before Mason's hooks and routes, to an instance of its own that
 * serves the project's LIVE build: no session or token, SPA fallback to index.html, hashed files
 * cached for a year, compressed (Brotli or gzip), with ETags. An old slug redirects to the
 * current one; an app that is not published answers a plain 404 page.
 */
export async function registerPublicApps(
  app: FastifyInstance,
  deps: PublicAppsDeps,
): Promise<void> {
  const files = new AppFiles(deps.db);
  const https = deps.config.appsProtocol === 'https:';
  const server = Fastify({
    loggerInstance: deps.log.child({ publicApps: true }),
    logController: new LogController({ disableRequestLogging: true }),
  });
  const hosts = new WeakMap<FastifyRequest['raw'], RoutedHost>();

  const notPublished = (reply: FastifyReply) =>
    publicHeaders(reply, https)
      .code(404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page('This app is not published', 'There is no app at this address right now.'));

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const host = hosts.get(request.raw);
    if (!host) return notPublished(reply);
    let projectId: string | null;
    if (host.kind === 'slug') {
      const target = await resolveSlug(deps.db, host.slug);
      if (target && target.currentSlug !== host.slug) {
        const location = new URL(request.url, appUrl(deps.config, target.currentSlug));
        return publicHeaders(reply, https).redirect(location.toString(), 308);
      }
      projectId = target?.projectId ?? null;
    } else {
      projectId = host.kind === 'project' ? host.projectId : null;
    }
    const manifest = projectId ? await liveManifest(deps.db, projectId) : null;
    if (!manifest) return notPublished(reply);

    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return publicHeaders(reply, https).code(400).send();
    }
    let sitePath = path.posix.normalize(pathname).replace(/^\/+/, '') || 'index.html';
    if (sitePath.endsWith('/')) sitePath = `${sitePath}index.html`;
    // Own entries only: '/__proto__' or '/constructor' names no file of the build.
    if (!Object.hasOwn(manifest, sitePath) || typeof manifest[sitePath] !== 'string') {
      // A client-side route ('/settings') gets the app's page; a missing file gets a 404.
      const looksLikeFile = path.posix.extname(sitePath) !== '';
      if (looksLikeFile && !(request.headers.accept ?? '').includes('text/html')) {
        return publicHeaders(reply, https)
          .code(404)
          .header('content-type', 'text/plain; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send('Not found');
      }
      sitePath = 'index.html';
    }
    const hash = manifest[sitePath] as string;
    const contentType = contentTypeOf(sitePath);
    const etag = `"${hash}"`;
    publicHeaders(reply, https)
      .header('content-type', contentType)
      .header('cache-control', cacheControl(sitePath))
      .header('etag', etag);
    if (isCompressible(contentType)) reply.header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const wanted = isCompressible(contentType)
      ? chooseEncoding(request.headers['accept-encoding'])
      : 'identity';
    const file = await files.read(hash, wanted);
    if (!file) return notPublished(reply);
    if (file.encoding !== 'identity') reply.header('content-encoding', file.encoding);
    return reply.send(file.body);
  };

  // An app host reads no request body (its writes are refused), and answers plain words.
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  server.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) deps.log.error({ err: error }, 'A published app could not be served');
    return publicHeaders(reply, https)
      .code(status)
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(status === 500 ? 'Something went wrong. Try again in a moment.' : 'Bad request');
  });
  server.route({ method: ['GET', 'HEAD'], url: '/*', handler: serve });
  if (deps.appData)
    await server.register(deps.appData, {
      projectOf: async (request) => {
        const host = hosts.get(request.raw);
        if (!host || host.kind === 'domain') return null;
        if (host.kind === 'project') return host.projectId;
        return (await resolveSlug(deps.db, host.slug))?.projectId ?? null;
      },
    });
  server.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    handler: (_request, reply) =>
      publicHeaders(reply, https).code(405).header('allow', 'GET, HEAD').send(),
  });

  app.addHook('onRequest', async (request, reply) => {
    const host = parseAppHost(request.headers.host, deps.config);
    if (!host) return;
    if (host.kind === 'domain') {
      // Another name is served only when it is a verified domain of a project.
      const projectId = await deps.customDomains.projectFor(host.host);
      if (!projectId) return;
      hosts.set(request.raw, { kind: 'project', projectId });
    } else {
      hosts.set(request.raw, host);
    }
    reply.hijack();
    server.routing(request.raw, reply.raw);
  });
  app.addHook('onReady', async () => {
    await server.ready();
  });
  app.addHook('onClose', async () => {
    await server.close();
  });
}
