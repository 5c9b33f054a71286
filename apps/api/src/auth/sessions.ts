import { and, eq, isNull, ne } from 'drizzle-orm';
import { authTokens, type Database, type UserRow, users } from '@mason/server-db';
import { hashToken, newSecretToken } from './secret-tokens';

/** A session lasts 30 days after its last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Last use is written at most this often, to spare the database a write per request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface Session {
  id: string;
  user: UserRow;
}

/** Starts a session and returns its bearer token (shown once; only its hash is kept). */
export async function createSession(db: Database, userId: string): Promise<string> {
  const { token, hash } = newSecretToken();
  await db
    .insert(authTokens)
    .values({ tokenHash: hash, userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  return token;
}

/** The live session of a bearer token, or null when it is unknown, revoked or expired. */
export async function findSession(db: Database, token: string): Promise<Session | null> {
  const [row] = await db
    .select({ session: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.tokenHash, hashToken(token)))
    .limit(1);
  const now = Date.now();
  if (!row || row.session.revokedAt || row.session.expiresAt.getTime() <= now) return null;
  if (now - row.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(authTokens)
      .set({ lastUsedAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) })
      .where(eq(authTokens.id, row.session.id));
  }
  return { id: row.session.id, user: row.user };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.id, sessionId), isNull(authTokens.revokedAt)));
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
}
