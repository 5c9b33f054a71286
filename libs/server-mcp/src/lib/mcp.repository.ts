import {
  type Executor,
  type McpListedTool,
  mcpOauthStates,
  mcpServers,
  type McpServerRow,
  type McpToolPolicy,
  mcpToolPolicies,
  projectMcpServers,
} from '@mason/server-db';
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';

/** A server of the person's, or null (another person's is null too). */
export async function findServer(
  db: Executor,
  userId: string,
  serverId: string,
): Promise<McpServerRow | null> {
  const [row] = await db
    .select()
    .from(mcpServers)
    .where(and(eq(mcpServers.id, serverId), eq(mcpServers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The person's servers, by name. */
export async function listServers(db: Executor, userId: string): Promise<McpServerRow[]> {
  return db
    .select()
    .from(mcpServers)
    .where(eq(mcpServers.userId, userId))
    .orderBy(asc(mcpServers.name));
}

/** Whether the person has a server of that name (other than `exceptId`). */
export async function nameTaken(
  db: Executor,
  userId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: mcpServers.id })
    .from(mcpServers)
    .where(and(eq(mcpServers.userId, userId), eq(mcpServers.name, name)))
    .limit(1);
  return row !== undefined && row.id !== exceptId;
}

export type NewServer = Pick<
  McpServerRow,
  'userId' | 'name' | 'url' | 'authKind' | 'sealedHeaders' | 'sealedOauth' | 'oauthExpiresAt'
> &
  Partial<Pick<McpServerRow, 'tools' | 'toolsListedAt' | 'lastError'>>;

/** Adds a server; null when the person has one of that name already. */
export async function insertServer(db: Executor, row: NewServer): Promise<McpServerRow | null> {
  const [saved] = await db
    .insert(mcpServers)
    .values(row)
    .onConflictDoNothing({ target: [mcpServers.userId, mcpServers.name] })
    .returning();
  return saved ?? null;
}

export type ServerChanges = Partial<
  Pick<
    McpServerRow,
    | 'name'
    | 'url'
    | 'authKind'
    | 'sealedHeaders'
    | 'sealedOauth'
    | 'oauthExpiresAt'
    | 'tools'
    | 'toolsListedAt'
    | 'lastError'
  >
>;

/** Changes a server of the person's; null when there is none. */
export async function updateServer(
  db: Executor,
  userId: string,
  serverId: string,
  changes: ServerChanges,
): Promise<McpServerRow | null> {
  const [saved] = await db
    .update(mcpServers)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(mcpServers.id, serverId), eq(mcpServers.userId, userId)))
    .returning();
  return saved ?? null;
}

/** Stores a listing: the tools, when, and no error. */
export function listingChanges(tools: McpListedTool[]): ServerChanges {
  return { tools, toolsListedAt: new Date(), lastError: null };
}

/** Removes a server of the person's (its policies, project links and states with it). */
export async function deleteServer(
  db: Executor,
  userId: string,
  serverId: string,
): Promise<boolean> {
  const rows = await db
    .delete(mcpServers)
    .where(and(eq(mcpServers.id, serverId), eq(mcpServers.userId, userId)))
    .returning({ id: mcpServers.id });
  return rows.length > 0;
}

/** The policies set for the servers' tools, by server id and tool name. */
export async function policiesOf(
  db: Executor,
  serverIds: readonly string[],
): Promise<Map<string, Map<string, McpToolPolicy>>> {
  const policies = new Map<string, Map<string, McpToolPolicy>>();
  if (serverIds.length === 0) return policies;
  const rows = await db
    .select()
    .from(mcpToolPolicies)
    .where(inArray(mcpToolPolicies.serverId, [...serverIds]));
  for (const row of rows) {
    const ofServer = policies.get(row.serverId) ?? new Map<string, McpToolPolicy>();
    ofServer.set(row.toolName, row.policy);
    policies.set(row.serverId, ofServer);
  }
  return policies;
}

export async function savePolicy(
  db: Executor,
  serverId: string,
  toolName: string,
  policy: McpToolPolicy,
): Promise<void> {
  await db
    .insert(mcpToolPolicies)
    .values({ serverId, toolName, policy })
    .onConflictDoUpdate({
      target: [mcpToolPolicies.serverId, mcpToolPolicies.toolName],
      set: { policy, updatedAt: new Date() },
    });
}

/** The ids of the servers the project's assistant may use. */
export async function projectServerIds(db: Executor, projectId: string): Promise<Set<string>> {
  const rows = await db
    .select({ serverId: projectMcpServers.serverId })
    .from(projectMcpServers)
    .where(eq(projectMcpServers.projectId, projectId));
  return new Set(rows.map((row) => row.serverId));
}

/** The person's servers the project's assistant may use, by name. */
export async function allowedServers(
  db: Executor,
  userId: string,
  projectId: string,
): Promise<McpServerRow[]> {
  const rows = await db
    .select({ server: mcpServers })
    .from(projectMcpServers)
    .innerJoin(mcpServers, eq(mcpServers.id, projectMcpServers.serverId))
    .where(and(eq(projectMcpServers.projectId, projectId), eq(mcpServers.userId, userId)))
    .orderBy(asc(mcpServers.name));
  return rows.map((row) => row.server);
}

/** Sets the servers the project's assistant may use (all others: not). */
export async function setProjectServers(
  db: Executor,
  projectId: string,
  serverIds: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(projectMcpServers).where(eq(projectMcpServers.projectId, projectId));
    if (serverIds.length > 0)
      await tx
        .insert(projectMcpServers)
        .values(serverIds.map((serverId) => ({ projectId, serverId })));
  });
}

/** Keeps an authorize URL's state (by its hash) with its sealed PKCE verifier, until `expiresAt`. */
export async function saveOauthState(
  db: Executor,
  state: {
    stateHash: string;
    userId: string;
    serverId: string;
    sealedVerifier: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    // States nobody came back with are of no use once expired.
    await tx.delete(mcpOauthStates).where(lt(mcpOauthStates.expiresAt, new Date()));
    await tx.insert(mcpOauthStates).values(state);
  });
}

/**
 * Takes (deletes) the person's live state with that hash: its server and sealed verifier; null
 * when it is unknown, another person's, expired, or used already.
 */
export async function takeOauthState(
  db: Executor,
  userId: string,
  stateHash: string,
): Promise<{ serverId: string; sealedVerifier: string } | null> {
  const [row] = await db
    .delete(mcpOauthStates)
    .where(
      and(
        eq(mcpOauthStates.stateHash, stateHash),
        eq(mcpOauthStates.userId, userId),
        gt(mcpOauthStates.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ? { serverId: row.serverId, sealedVerifier: row.sealedVerifier } : null;
}
