import {
  API_PREFIX,
  type CallSpec,
  checkedIdFields,
  findApiCall,
  isBuilt,
  isUuidId,
} from '@mason/contract';
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { callSchema } from './call-schema';
import { notFound } from './http-error';
import type { CallerSession } from './session-guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's entry of the contract's table of calls (set when the route is registered). */
    call?: CallSpec;
  }
}

/** Routes under /api that are not calls of the API: its own description and documentation. */
export interface CallTableOptions {
  /** Paths under API_PREFIX that need no entry (the OpenAPI document, Swagger UI). */
  undocumented: readonly string[];
  /** Finds the session of a request's bearer token; throws a 401 HttpError when there is none. */
  authenticate: (request: FastifyRequest) => Promise<CallerSession>;
}

/**
 * Ties every API route to its entry of the contract's table of calls (ApiCalls): a route without
 * one does not start. The entry sets the route's body limit, and a call that needs a session has
 * it checked in onRequest, before Fastify reads or parses the body: a caller without a session
 * gets 401 whatever it sends, learns nothing about the body's validation, and costs no parsing.
 * The entry also fills each part of the route's schema the route does not declare (params,
 * query string, body, success and error answers), so routes need not repeat the contract. A route
 * may carry its own entry in `config.call` (a test's planted route). A route of an entry marked
 * `built: false` does not start either: take the mark off when the call is built.
 */
export function registerCallTable(app: FastifyInstance, options: CallTableOptions): void {
  app.decorateRequest('session', null);
  app.addHook('onRoute', (route) => {
    if (route.url !== API_PREFIX && !route.url.startsWith(`${API_PREFIX}/`)) return;
    const path = route.url.slice(API_PREFIX.length);
    if (options.undocumented.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
      return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const call =
      route.config?.call ??
      methods.map((method) => findApiCall(method, path)).find((found) => found !== undefined);
    if (!call) {
      throw new Error(
        `${methods.join(',')} ${route.url} has no entry in the contract's table of calls (ApiCalls in libs/contract/src/calls.ts).`,
      );
    }
    if (!isBuilt(call)) {
      throw new Error(
        `${methods.join(',')} ${route.url} is marked \`built: false\` in the contract's table of calls: take the mark off.`,
      );
    }
    route.bodyLimit = call.bodyLimit;
    route.config = { ...route.config, call };
    route.schema = withCallSchema(route.schema, call);
  });

  app.addHook('onRequest', async (request) => {
    const call = request.routeOptions.config.call;
    if (call?.auth === 'session') request.session = await options.authenticate(request);
    else if (call?.optionalSession && request.headers.authorization) {
      // A token that names no live session is ignored: the call answers as for anyone.
      request.session = await options.authenticate(request).catch(() => null);
    }
  });

  // Ids of someone's things are uuids: one that is not names nothing, and is answered so (the
  // call's 404, as for another person's id) before any query sees it. Link calls check their
  // link first: a link names its ids itself.
  app.addHook('preHandler', async (request) => {
    const call = request.routeOptions.config.call;
    if (call?.auth !== 'session' || !call.ids) return;
    for (const { field, notFound: message } of checkedIdFields(call)) {
      const values = valuesAt(request, field);
      if (values.some((value) => typeof value === 'string' && !isUuidId(value)))
        throw notFound(message);
    }
  });

  // A request answered before its body was read (a 401 above, a 413 on its length): the rest of
  // the body is not read either, the connection closes after the answer.
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete || !hasBody(request)) return;
    request.raw.pause();
    reply.header('connection', 'close');
  });
}

/** The route's own schema, with what it leaves out taken from its call's entry. */
function withCallSchema(own: RouteOptions['schema'], call: CallSpec): FastifySchema {
  const { response, ...parts } = callSchema(call);
  const schema: FastifySchema = { ...parts, ...own };
  const ownResponse = own?.response as Record<string, unknown> | undefined;
  if (Object.keys(response).length > 0 || ownResponse)
    schema.response = { ...response, ...ownResponse };
  return schema;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (!!length && length !== '0');
}

/** The values of an id field (`params.id`, `query.projectId`, `body.staticFiles[]`) of a request. */
function valuesAt(request: FastifyRequest, field: string): unknown[] {
  const [part, rawName = ''] = field.split('.', 2);
  const many = rawName.endsWith('[]');
  const name = many ? rawName.slice(0, -2) : rawName;
  const source =
    part === 'params' ? request.params : part === 'query' ? request.query : request.body;
  const value =
    source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
  if (value === undefined) return [];
  return many && Array.isArray(value) ? value : [value];
}
