import {
  deployments,
  isUuid,
  versions,
  type BuildManifest,
  type DeploymentRow,
  type Executor,
} from '@mason/server-db';
import { and, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';

/** A deployment with the number of the version it publishes. */
export type DeploymentWithVersion = DeploymentRow & { readonly versionIndex: number };

/** How many deployments GET /projects/:id/deployment lists. */
export const HISTORY_LENGTH = 20;

const withVersion = {
  deployment: deployments,
  versionIndex: versions.index,
};

function flatten(row: { deployment: DeploymentRow; versionIndex: number }): DeploymentWithVersion {
  return { ...row.deployment, versionIndex: row.versionIndex };
}

/** Deployments with their version's number, where `condition` holds. */
function selectWithVersion(db: Executor, condition: SQL | undefined) {
  return db
    .select(withVersion)
    .from(deployments)
    .innerJoin(versions, eq(versions.id, deployments.versionId))
    .where(condition);
}

/**
 * Queues a publish of a version. Publishes still waiting for a worker are dropped (SUPERSEDED):
 * only the newest asked-for version is worth building.
 */
export async function queueDeployment(
  db: Executor,
  projectId: string,
  versionId: string,
): Promise<DeploymentRow> {
  await db
    .update(deployments)
    .set({ status: 'SUPERSEDED', finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(deployments.projectId, projectId), eq(deployments.status, 'QUEUED')));
  const [row] = await db
    .insert(deployments)
    .values({ projectId, versionId, status: 'QUEUED' })
    .returning();
  return row as DeploymentRow;
}

/** Queued deployments, and building ones whose worker stopped renewing its claim. */
const claimable = or(
  eq(deployments.status, 'QUEUED'),
  and(eq(deployments.status, 'BUILDING'), lt(deployments.leaseUntil, sql`now()`)),
);

export async function claimableDeployments(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: deployments.id })
    .from(deployments)
    .where(claimable)
    .orderBy(deployments.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Claims a deployment for a worker: BUILDING, until `leaseMs` from now. Null when not claimable. */
export async function claimDeployment(
  db: Executor,
  id: string,
  workerId: string,
  leaseMs: number,
): Promise<DeploymentRow | null> {
  const [row] = await db
    .update(deployments)
    .set({
      status: 'BUILDING',
      workerId,
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      attempts: sql`${deployments.attempts} + 1`,
      startedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(deployments.id, id), claimable))
    .returning();
  return row ?? null;
}

const heldBy = (id: string, workerId: string) =>
  and(
    eq(deployments.id, id),
    eq(deployments.status, 'BUILDING'),
    eq(deployments.workerId, workerId),
  );

/**
 * A build that succeeded goes LIVE, and the deployment it replaces becomes SUPERSEDED, in one
 * statement pair under the caller's transaction. When a newer deployment of the project went
 * live meanwhile, this one is kept as SUPERSEDED (it can still be rolled back to). Answers the
 * status it took, or null when the worker no longer held the claim.
 */
export async function finishBuilt(
  db: Executor,
  id: string,
  workerId: string,
  manifest: BuildManifest,
  buildLog: string[],
): Promise<'LIVE' | 'SUPERSEDED' | null> {
  const [claimed] = await db
    .select({ projectId: deployments.projectId, createdAt: deployments.createdAt })
    .from(deployments)
    .where(heldBy(id, workerId))
    .for('update');
  if (!claimed) return null;
  const [newerLive] = await db
    .select({ id: deployments.id })
    .from(deployments)
    .where(
      and(
        eq(deployments.projectId, claimed.projectId),
        eq(deployments.status, 'LIVE'),
        gt(deployments.createdAt, claimed.createdAt),
      ),
    );
  const status = newerLive ? 'SUPERSEDED' : 'LIVE';
  if (status === 'LIVE') {
    await db
      .update(deployments)
      .set({ status: 'SUPERSEDED', updatedAt: sql`now()` })
      .where(and(eq(deployments.projectId, claimed.projectId), eq(deployments.status, 'LIVE')));
  }
  await db
    .update(deployments)
    .set({
      status,
      manifest,
      buildLog,
      error: null,
      workerId: null,
      leaseUntil: null,
      finishedAt: sql`now()`,
      liveAt: status === 'LIVE' ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(deployments.id, id));
  return status;
}

/** A build that failed: FAILED with its error and log. False when the claim was lost. */
export async function finishFailed(
  db: Executor,
  id: string,
  workerId: string,
  error: string,
  buildLog: string[],
): Promise<boolean> {
  const rows = await db
    .update(deployments)
    .set({
      status: 'FAILED',
      error,
      buildLog,
      workerId: null,
      leaseUntil: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(heldBy(id, workerId))
    .returning({ id: deployments.id });
  return rows.length > 0;
}

/** Gives a claimed deployment back (the process is stopping): it is queued again. */
export async function releaseDeployment(db: Executor, id: string, workerId: string): Promise<void> {
  await db
    .update(deployments)
    .set({ status: 'QUEUED', workerId: null, leaseUntil: null, updatedAt: sql`now()` })
    .where(heldBy(id, workerId));
}

export async function findDeployment(
  db: Executor,
  projectId: string,
  id: string,
): Promise<DeploymentWithVersion | null> {
  // An id that is no UUID names no deployment (and PostgreSQL would refuse to compare it).
  if (!isUuid(id)) return null;
  const [row] = await selectWithVersion(
    db,
    and(eq(deployments.id, id), eq(deployments.projectId, projectId)),
  );
  return row ? flatten(row) : null;
}

export async function findDeploymentById(
  db: Executor,
  id: string,
): Promise<DeploymentWithVersion | null> {
  const [row] = await selectWithVersion(db, eq(deployments.id, id));
  return row ? flatten(row) : null;
}

/** The project's deployments, newest first. */
export async function listDeployments(
  db: Executor,
  projectId: string,
  limit = HISTORY_LENGTH,
): Promise<DeploymentWithVersion[]> {
  const rows = await selectWithVersion(db, eq(deployments.projectId, projectId))
    .orderBy(desc(deployments.createdAt))
    .limit(limit);
  return rows.map(flatten);
}

export async function liveDeployment(
  db: Executor,
  projectId: string,
): Promise<DeploymentWithVersion | null> {
  const [row] = await selectWithVersion(
    db,
    and(eq(deployments.projectId, projectId), eq(deployments.status, 'LIVE')),
  );
  return row ? flatten(row) : null;
}

/** The files a project serves now: its LIVE deployment's manifest, or null. */
export async function liveManifest(db: Executor, projectId: string): Promise<BuildManifest | null> {
  const [row] = await db
    .select({ manifest: deployments.manifest })
    .from(deployments)
    .where(and(eq(deployments.projectId, projectId), eq(deployments.status, 'LIVE')));
  return row?.manifest ?? null;
}

/** Makes a built deployment LIVE again and the live one SUPERSEDED; nothing is built. */
export async function makeLive(db: Executor, projectId: string, id: string): Promise<void> {
  await db
    .update(deployments)
    .set({ status: 'SUPERSEDED', updatedAt: sql`now()` })
    .where(and(eq(deployments.projectId, projectId), eq(deployments.status, 'LIVE')));
  await db
    .update(deployments)
    .set({ status: 'LIVE', liveAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(deployments.projectId, projectId), eq(deployments.id, id)));
}

/** Takes the project's app offline: its LIVE deployment becomes OFFLINE. */
export async function takeOffline(db: Executor, projectId: string): Promise<void> {
  await db
    .update(deployments)
    .set({ status: 'OFFLINE', updatedAt: sql`now()` })
    .where(and(eq(deployments.projectId, projectId), eq(deployments.status, 'LIVE')));
}
