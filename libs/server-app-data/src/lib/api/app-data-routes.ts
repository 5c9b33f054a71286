import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppEnvironment } from '../databases/types';
import { AUTH_PREFIX, REST_PREFIX, type AppDataApi } from './app-data-api';

/** What the host that mounts the data API knows: which project a request of it is for. */
export interface AppDataMount {
  /** The project whose app this request's host serves; null answers 404. */
  readonly projectOf: (request: FastifyRequest) => string | null | Promise<string | null>;
}

export interface AppDataRoutesOptions extends AppDataMount {
  readonly api: AppDataApi;
  /** The database of the host's app: the preview's (development) or the published app's. */
  readonly environment: AppEnvironment;
  /** The largest request body, in bytes. */
  readonly bodyLimit: number;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * /rest/v1/* and /auth/v1/* on an app's origin (a preview host, a published app's host), handed
 * to the data API with the body as it came: the APIs read it their own way (PostgREST's and
 * Supabase Auth's error shapes, not Mason's).
 */
export const appDataRoutes: FastifyPluginAsync<AppDataRoutesOptions> = async (app, options) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: options.bodyLimit },
    (_r, body, done) => done(null, body),
  );
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const projectId = await options.projectOf(request);
    if (!projectId) return reply.code(404).send();
    const url = new URL(request.url, 'http://app.invalid');
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(request.headers))
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const result = await options.api.handle(
      {
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        headers,
        body: typeof request.body === 'string' ? request.body : '',
        ip: request.ip,
      },
      { projectId, environment: options.environment },
    );
    reply.code(result.status).headers({ 'cache-control': 'no-store', ...result.headers });
    return result.body === undefined ? reply.send() : reply.send(JSON.stringify(result.body));
  };
  for (const prefix of [REST_PREFIX, AUTH_PREFIX]) {
    // HEAD is listed itself: no route Fastify would add for GET.
    for (const url of [prefix, `${prefix}/*`])
      app.route({ method: [...METHODS], url, exposeHeadRoute: false, handler });
  }
};
