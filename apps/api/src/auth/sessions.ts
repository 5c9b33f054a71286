import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  authTokens,
  type Database,
  type SessionMethod,
  type UserRow,
  users,
} from '@mason/server-db';
import { hashToken, newSecretToken } from './secret-tokens';

/** A session lasts 30 days after its last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Last use is written at most this often, to spare the database a write per request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface Session {
  id: string;
  user: UserRow;
  /** How the session was made; null for sessions made before this was recorded. */
  method: SessionMethod | null;
  createdAt: Date;
}

/** Starts a session and returns its bearer token (shown once; only its hash is kept). */
export async function createSession(
  db: Database,
  userId: string,
  method: SessionMethod,
): Promise<string> {
  const { token, hash } = newSecretToken();
  await db
    .insert(authTokens)
    .values({ tokenHash: hash, userId, method, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  return token;
}

/**
 * Sessions found in the last few seconds, per database, so a client polling every second or two
 * costs no query for its token. Revoking a session or changing its user in this process forgets
 * it at once; another process sharing the database sees a revocation within this time.
 */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
interface CachedSession {
  session: Session;
  until: number;
  expiresAt: number;
}
const caches = new WeakMap<Database, Map<string, CachedSession>>();

function cacheOf(db: Database): Map<string, CachedSession> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets the cached sessions that match (after a revocation or a change of their user). */
export function forgetSessions(db: Database, matches: (session: Session) => boolean): void {
  const cache = cacheOf(db);
  for (const [hash, cached] of cache) if (matches(cached.session)) cache.delete(hash);
}

/** The live session of a bearer token, or null when it is unknown, revoked or expired. */
export async function findSession(db: Database, token: string): Promise<Session | null> {
  const hash = hashToken(token);
  const cache = cacheOf(db);
  const cached = cache.get(hash);
  if (cached && cached.until > Date.now() && cached.expiresAt > Date.now()) return cached.session;
  const session = await lookUpSession(db, hash);
  if (session) {
    if (cache.size >= SESSION_CACHE_MAX) cache.clear();
    cache.set(hash, { ...session, until: Date.now() + SESSION_CACHE_MS });
  } else {
    cache.delete(hash);
  }
  return session?.session ?? null;
}

async function lookUpSession(
  db: Database,
  hash: string,
): Promise<{ session: Session; expiresAt: number } | null> {
  const [row] = await db
    .select({ session: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.tokenHash, hash))
    .limit(1);
  const now = Date.now();
  if (!row || row.session.revokedAt || row.session.expiresAt.getTime() <= now) return null;
  let expiresAt = row.session.expiresAt.getTime();
  if (now - row.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    expiresAt = now + SESSION_TTL_MS;
    await db
      .update(authTokens)
      .set({ lastUsedAt: new Date(now), expiresAt: new Date(expiresAt) })
      .where(eq(authTokens.id, row.session.id));
  }
  return {
    session: {
      id: row.session.id,
      user: row.user,
      method: row.session.method,
      createdAt: row.session.createdAt,
    },
    expiresAt,
  };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.id, sessionId), isNull(authTokens.revokedAt)));
  forgetSessions(db, (session) => session.id === sessionId);
}

/** Ends every session of a user, except `keepSessionId` when given. */
export async function revokeAllSessions(
  db: Database,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.revokedAt),
        keepSessionId ? ne(authTokens.id, keepSessionId) : undefined,
      ),
    );
  forgetSessions(db, (session) => session.user.id === userId && session.id !== keepSessionId);
}
