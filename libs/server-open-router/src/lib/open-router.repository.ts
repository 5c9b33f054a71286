import {
  openRouterConnections,
  openRouterOauthStates,
  type Executor,
  type OpenRouterConnectionRow,
  type OpenRouterOauthStateRow,
} from '@mason/server-db';
import { and, eq, gt, lt } from 'drizzle-orm';

/** The person's OpenRouter connection (their sealed key), or null. */
export async function findConnection(
  db: Executor,
  userId: string,
): Promise<OpenRouterConnectionRow | null> {
  const [row] = await db
    .select()
    .from(openRouterConnections)
    .where(eq(openRouterConnections.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Whether the person has a connection, without reading its key. */
export async function hasConnection(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: openRouterConnections.userId })
    .from(openRouterConnections)
    .where(eq(openRouterConnections.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** Keeps the person's new key (connecting again replaces the key before, and its date). */
export async function saveConnection(
  db: Executor,
  userId: string,
  sealedKey: string,
): Promise<OpenRouterConnectionRow> {
  const connectedAt = new Date();
  const [saved] = await db
    .insert(openRouterConnections)
    .values({ userId, sealedKey, connectedAt })
    .onConflictDoUpdate({ target: openRouterConnections.userId, set: { sealedKey, connectedAt } })
    .returning();
  if (!saved) throw new Error(`The OpenRouter connection of ${userId} was not saved.`);
  return saved;
}

/** Forgets the person's key. */
export async function deleteConnection(db: Executor, userId: string): Promise<void> {
  await db.delete(openRouterConnections).where(eq(openRouterConnections.userId, userId));
}

export type NewOauthState = Pick<
  OpenRouterOauthStateRow,
  'stateHash' | 'userId' | 'sealedVerifier' | 'expiresAt'
>;

/** Keeps an authorize URL's state (its hash) and sealed verifier; expired ones are dropped. */
export async function saveState(db: Executor, state: NewOauthState): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(openRouterOauthStates).where(lt(openRouterOauthStates.expiresAt, new Date()));
    await tx.insert(openRouterOauthStates).values(state);
  });
}

/**
 * Uses up the person's live state with that hash: deletes it and answers it; null when it is
 * unknown, another person's (theirs is left alone), expired, or used already.
 */
export async function takeState(
  db: Executor,
  userId: string,
  stateHash: string,
): Promise<NewOauthState | null> {
  const [row] = await db
    .delete(openRouterOauthStates)
    .where(
      and(
        eq(openRouterOauthStates.stateHash, stateHash),
        eq(openRouterOauthStates.userId, userId),
        gt(openRouterOauthStates.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/** Puts a taken state back, as it was (OpenRouter could not be reached: the person retries). */
export async function restoreState(db: Executor, state: NewOauthState): Promise<void> {
  await db.insert(openRouterOauthStates).values(state).onConflictDoNothing();
}
