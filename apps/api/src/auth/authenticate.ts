import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { unauthorized } from '../http/http-error';
import { findSession, type Session } from './sessions';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i;

/** The session of the request's `Authorization: Bearer …` header; 401 when there is none. */
export async function requireSession(ctx: AppContext, request: FastifyRequest): Promise<Session> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Please log in.');
  const match = BEARER.exec(header);
  const session = match ? await findSession(ctx.db, match[1]) : null;
  if (!session) throw unauthorized('Your session has ended. Please log in again.');
  return session;
}

/** OpenAPI: routes that need the bearer token. */
export const bearerSecurity = [{ bearerAuth: [] }];
