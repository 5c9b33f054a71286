import {
  supabaseConnections,
  supabaseOauthStates,
  type Executor,
  type SupabaseConnectionRow,
} from '@mason/server-db';
import { and, eq, gt, lt } from 'drizzle-orm';

/** A person's Supabase connection, or null. */
export async function findConnection(
  db: Executor,
  userId: string,
): Promise<SupabaseConnectionRow | null> {
  const [row] = await db
    .select()
    .from(supabaseConnections)
    .where(eq(supabaseConnections.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Stores the person's connection (a new one replaces the one before; so does a refresh). */
export async function saveConnection(
  db: Executor,
  row: Pick<SupabaseConnectionRow, 'userId' | 'sealedTokens' | 'expiresAt'>,
  connectedNow: boolean,
): Promise<SupabaseConnectionRow> {
  const [saved] = await db
    .insert(supabaseConnections)
    .values(row)
    .onConflictDoUpdate({
      target: supabaseConnections.userId,
      set: {
        sealedTokens: row.sealedTokens,
        expiresAt: row.expiresAt,
        ...(connectedNow ? { connectedAt: new Date() } : {}),
      },
    })
    .returning();
  if (!saved) throw new Error(`The Supabase connection of ${row.userId} was not saved.`);
  return saved;
}

/** Forgets the person's connection; true when there was one. */
export async function deleteConnection(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .delete(supabaseConnections)
    .where(eq(supabaseConnections.userId, userId))
    .returning();
  return rows.length > 0;
}

/** Keeps an authorize URL's state (by its hash) with its sealed PKCE verifier, until `expiresAt`. */
export async function saveState(
  db: Executor,
  state: { stateHash: string; userId: string; sealedVerifier: string; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    // States nobody came back with are of no use once expired.
    await tx.delete(supabaseOauthStates).where(lt(supabaseOauthStates.expiresAt, new Date()));
    await tx.insert(supabaseOauthStates).values(state);
  });
}

/**
 * Takes (deletes) the person's live state with that hash and answers its sealed verifier; null
 * when it is unknown, another person's, expired, or used already.
 */
export async function takeState(
  db: Executor,
  userId: string,
  stateHash: string,
): Promise<string | null> {
  const [row] = await db
    .delete(supabaseOauthStates)
    .where(
      and(
        eq(supabaseOauthStates.stateHash, stateHash),
        eq(supabaseOauthStates.userId, userId),
        gt(supabaseOauthStates.expiresAt, new Date()),
      ),
    )
    .returning();
  return row?.sealedVerifier ?? null;
}
