import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { unauthorized } from '../http/http-error';
import { findSession, type Session } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, on calls that need one (found in onRequest, before the body is read). */
    session: Session | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i;

/**
 * The session of the request's `Authorization: Bearer …` header; 401 when there is none. Runs in
 * onRequest for every call the contract marks `auth: 'session'` (http/calls.ts).
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Session> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Please log in.');
  const match = BEARER.exec(header);
  const session = match ? await findSession(ctx.db, match[1]) : null;
  if (!session) throw unauthorized('Your session has ended. Please log in again.');
  return session;
}

/**
 * The caller's session, found before the body was read. Only calls the contract marks
 * `auth: 'session'` have one: using it elsewhere is a mistake of the route, not of the caller.
 */
export async function requireSession(_ctx: AppContext, request: FastifyRequest): Promise<Session> {
  if (request.session) return request.session;
  throw new Error(
    `${request.method} ${request.routeOptions.url} asks for a session, but its call is not auth: 'session' in the contract's table of calls.`,
  );
}

/** OpenAPI: routes that need the bearer token. */
export const bearerSecurity = [{ bearerAuth: [] }];
