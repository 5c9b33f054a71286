import {
  githubIntegrations,
  githubOauthStates,
  type Executor,
  type GithubIntegrationRow,
} from '@mason/server-db';
import { and, eq, gt, lt } from 'drizzle-orm';

/** A person's GitHub connection, or null. */
export async function findIntegration(
  db: Executor,
  userId: string,
): Promise<GithubIntegrationRow | null> {
  const [row] = await db
    .select()
    .from(githubIntegrations)
    .where(eq(githubIntegrations.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Stores the person's connection (a new account replaces the one before). */
export async function saveIntegration(
  db: Executor,
  row: Omit<GithubIntegrationRow, 'connectedAt'>,
): Promise<GithubIntegrationRow> {
  const [saved] = await db
    .insert(githubIntegrations)
    .values(row)
    .onConflictDoUpdate({
      target: githubIntegrations.userId,
      set: {
        accountLogin: row.accountLogin,
        avatarUrl: row.avatarUrl,
        sealedToken: row.sealedToken,
        connectedAt: new Date(),
      },
    })
    .returning();
  return saved as GithubIntegrationRow;
}

/** Forgets the person's connection; the row it was, or null when there was none. */
export async function deleteIntegration(
  db: Executor,
  userId: string,
): Promise<GithubIntegrationRow | null> {
  const [row] = await db
    .delete(githubIntegrations)
    .where(eq(githubIntegrations.userId, userId))
    .returning();
  return row ?? null;
}

/** Keeps an authorize URL's state (by its hash) for the person, until `expiresAt`. */
export async function saveState(
  db: Executor,
  state: { stateHash: string; userId: string; flow: string; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    // States nobody came back with are of no use once expired.
    await tx.delete(githubOauthStates).where(lt(githubOauthStates.expiresAt, new Date()));
    await tx.insert(githubOauthStates).values(state);
  });
}

const liveStateOf = (userId: string, stateHash: string) =>
  and(
    eq(githubOauthStates.stateHash, stateHash),
    eq(githubOauthStates.userId, userId),
    gt(githubOauthStates.expiresAt, new Date()),
  );

/**
 * The flow of the person's state with that hash when it is theirs and has not expired; null
 * otherwise (unknown, another person's, expired, or used already).
 */
export async function findState(
  db: Executor,
  userId: string,
  stateHash: string,
): Promise<{ flow: string } | null> {
  const [row] = await db
    .select({ flow: githubOauthStates.flow })
    .from(githubOauthStates)
    .where(liveStateOf(userId, stateHash))
    .limit(1);
  return row ?? null;
}

/** Uses the person's live state with that hash (deletes it); null when findState would be. */
export async function takeState(
  db: Executor,
  userId: string,
  stateHash: string,
): Promise<{ flow: string } | null> {
  const [row] = await db
    .delete(githubOauthStates)
    .where(liveStateOf(userId, stateHash))
    .returning({ flow: githubOauthStates.flow });
  return row ?? null;
}
