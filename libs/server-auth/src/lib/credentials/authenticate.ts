import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context';
import { requireSession, unauthorized } from '@mason/server-http';
import { findSession, type Session } from './sessions';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i;

/**
 * The session of the request's `Authorization: Bearer …` header; 401 when there is none. Runs in
 * onRequest for every call the contract marks `auth: 'session'` (http/calls.ts).
 */
export async function authenticate(ctx: AuthContext, request: FastifyRequest): Promise<Session> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Please log in.');
  const match = BEARER.exec(header);
  const session = match ? await findSession(ctx.db, match[1]) : null;
  if (!session) throw unauthorized('Your session has ended. Please log in again.');
  return session;
}

/**
 * The caller's whole session (its user's row, how it was made): what authenticate found. For the
 * auth domain's own routes; other domains know only the CallerSession of @mason/server-http.
 */
export function accountSession(request: FastifyRequest): Session {
  return requireSession(request) as Session;
}
