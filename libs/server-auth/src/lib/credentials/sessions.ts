import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
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
 * Sessions found in the last few seconds, per database, by token hash and by id, so a client
 * polling every second or two (or loading a preview's files by a signed link) costs no query.
 * Revoking a session or changing its user in this process forgets it at once; another process
 * sharing the database hears of a revocation through the event bus (onSessionsRevoked), and of
 * anything else within this time.
 */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
interface CachedSession {
  session: Session;
  until: number;
  expiresAt: number;
}
interface SessionCache {
  byHash: Map<string, CachedSession>;
  byId: Map<string, CachedSession>;
  revoked: Set<(sessionIds: readonly string[]) => void>;
}
const caches = new WeakMap<Database, SessionCache>();

function cacheOf(db: Database): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { byHash: new Map(), byId: new Map(), revoked: new Set() };
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets the cached sessions that match (after a revocation or a change of their user). */
export function forgetSessions(db: Database, matches: (session: Session) => boolean): void {
  const { byHash, byId } = cacheOf(db);
  for (const map of [byHash, byId])
    for (const [key, cached] of map) if (matches(cached.session)) map.delete(key);
}

/**
 * Calls `listener` with the ids of sessions revoked through this module (logout, a password
 * change or reset, an account taken back): the app closes their streams and tells its other
 * processes. Returns the function that stops listening.
 */
export function onSessionsRevoked(
  db: Database,
  listener: (sessionIds: readonly string[]) => void,
): () => void {
  const { revoked } = cacheOf(db);
  revoked.add(listener);
  return () => revoked.delete(listener);
}

function remember(db: Database, hash: string, found: { session: Session; expiresAt: number }) {
  const { byHash, byId } = cacheOf(db);
  if (byHash.size >= SESSION_CACHE_MAX) byHash.clear();
  if (byId.size >= SESSION_CACHE_MAX) byId.clear();
  const cached = { ...found, until: Date.now() + SESSION_CACHE_MS };
  byHash.set(hash, cached);
  byId.set(found.session.id, cached);
}

const fresh = (cached: CachedSession | undefined) =>
  cached && cached.until > Date.now() && cached.expiresAt > Date.now() ? cached.session : null;

/** The live session of a bearer token, or null when it is unknown, revoked or expired. */
export async function findSession(db: Database, token: string): Promise<Session | null> {
  const hash = hashToken(token);
  const cached = fresh(cacheOf(db).byHash.get(hash));
  if (cached) return cached;
  const found = await lookUpSession(db, eq(authTokens.tokenHash, hash));
  if (found) remember(db, hash, found);
  else cacheOf(db).byHash.delete(hash);
  return found?.session ?? null;
}

/**
 * The live session of an id (a signed link names the session that asked for it), or null when
 * it is unknown, revoked or expired.
 */
export async function findSessionById(db: Database, sessionId: string): Promise<Session | null> {
  const cached = fresh(cacheOf(db).byId.get(sessionId));
  if (cached) return cached;
  if (!UUID.test(sessionId)) return null;
  const found = await lookUpSession(db, eq(authTokens.id, sessionId));
  if (found) remember(db, found.hash, found);
  else cacheOf(db).byId.delete(sessionId);
  return found?.session ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function lookUpSession(
  db: Database,
  where: SQL,
): Promise<{ session: Session; expiresAt: number; hash: string } | null> {
  const [row] = await db
    .select({ session: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(where)
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
    hash: row.session.tokenHash,
  };
}

function announceRevoked(db: Database, sessionIds: readonly string[]): void {
  if (sessionIds.length === 0) return;
  const ids = new Set(sessionIds);
  forgetSessions(db, (session) => ids.has(session.id));
  for (const listener of cacheOf(db).revoked) listener(sessionIds);
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.id, sessionId), isNull(authTokens.revokedAt)));
  announceRevoked(db, [sessionId]);
}

/** Ends every session of a user, except `keepSessionId` when given. */
export async function revokeAllSessions(
  db: Database,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  const revoked = await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.revokedAt),
        keepSessionId ? ne(authTokens.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: authTokens.id });
  forgetSessions(db, (session) => session.user.id === userId && session.id !== keepSessionId);
  announceRevoked(
    db,
    revoked.map((row) => row.id),
  );
}
