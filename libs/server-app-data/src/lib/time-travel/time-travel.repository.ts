import { appDatabaseStates, type Executor, versions } from '@mason/server-db';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { AppEnvironment } from '../databases/types';

export interface StateRecord {
  readonly projectId: string;
  readonly versionId: string;
  readonly environment: AppEnvironment;
  readonly snapshotId: string;
  readonly bytes: number;
}

/** The state recorded for a version, or null. */
export async function findState(
  db: Executor,
  versionId: string,
  environment: AppEnvironment,
): Promise<{ snapshotId: string } | null> {
  const [row] = await db
    .select({ snapshotId: appDatabaseStates.snapshotId })
    .from(appDatabaseStates)
    .where(
      and(
        eq(appDatabaseStates.versionId, versionId),
        eq(appDatabaseStates.environment, environment),
      ),
    );
  return row ?? null;
}

/** Records a version's state; the snapshot it replaces (to delete), or null. */
export async function recordState(db: Executor, record: StateRecord): Promise<string | null> {
  const replaced = await findState(db, record.versionId, record.environment);
  await db
    .insert(appDatabaseStates)
    .values(record)
    .onConflictDoUpdate({
      target: [appDatabaseStates.versionId, appDatabaseStates.environment],
      set: { snapshotId: record.snapshotId, bytes: record.bytes, createdAt: new Date() },
    });
  return replaced && replaced.snapshotId !== record.snapshotId ? replaced.snapshotId : null;
}

/** The state of the first version from `index` on that has one (the state `index` expects). */
export async function stateFrom(
  db: Executor,
  projectId: string,
  environment: AppEnvironment,
  index: number,
): Promise<{ snapshotId: string; versionIndex: number } | null> {
  const [row] = await db
    .select({ snapshotId: appDatabaseStates.snapshotId, versionIndex: versions.index })
    .from(appDatabaseStates)
    .innerJoin(versions, eq(versions.id, appDatabaseStates.versionId))
    .where(
      and(
        eq(appDatabaseStates.projectId, projectId),
        eq(appDatabaseStates.environment, environment),
        gte(versions.index, index),
      ),
    )
    .orderBy(asc(versions.index))
    .limit(1);
  return row ?? null;
}

/** The project's newest version, or null. */
export async function newestVersion(
  db: Executor,
  projectId: string,
): Promise<{ id: string; index: number } | null> {
  const [row] = await db
    .select({ id: versions.id, index: versions.index })
    .from(versions)
    .where(eq(versions.projectId, projectId))
    .orderBy(desc(versions.index))
    .limit(1);
  return row ?? null;
}
