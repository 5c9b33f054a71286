import type { FastifyRequest } from 'fastify';

/**
 * What every domain knows of the caller's session: its id (links and event streams end with it)
 * and its user. The auth domain finds it (with more in it) before the body is read.
 */
export interface CallerSession {
  readonly id: string;
  readonly user: { readonly id: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, on calls that need one (found in onRequest, before the body is read). */
    session: CallerSession | null;
  }
}

/**
 * The caller's session, found before the body was read. Only calls the contract marks
 * `auth: 'session'` have one: using it elsewhere is a mistake of the route, not of the caller.
 */
export function requireSession(request: FastifyRequest): CallerSession {
  if (request.session) return request.session;
  throw new Error(
    `${request.method} ${request.routeOptions.url} asks for a session, but its call is not auth: 'session' in the contract's table of calls.`,
  );
}

/** OpenAPI: routes that need the bearer token. */
export const bearerSecurity = [{ bearerAuth: [] }];
