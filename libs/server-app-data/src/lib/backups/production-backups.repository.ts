import {
  deployments,
  type Executor,
  type ProductionBackupReason,
  productionDatabaseBackups,
  versions,
} from '@mason/server-db';
import { and, desc, eq, type SQL } from 'drizzle-orm';

export interface BackupRecord {
  readonly projectId: string;
  readonly reason: ProductionBackupReason;
  readonly deploymentId: string | null;
  readonly snapshotId: string;
  readonly bytes: number;
}

export interface BackupRow {
  readonly id: string;
  readonly reason: ProductionBackupReason;
  readonly deploymentId: string | null;
  readonly versionIndex: number | null;
  readonly snapshotId: string;
  readonly bytes: number;
  readonly createdAt: Date;
}

const backupColumns = {
  id: productionDatabaseBackups.id,
  reason: productionDatabaseBackups.reason,
  deploymentId: productionDatabaseBackups.deploymentId,
  versionIndex: versions.index,
  snapshotId: productionDatabaseBackups.snapshotId,
  bytes: productionDatabaseBackups.bytes,
  createdAt: productionDatabaseBackups.createdAt,
};

export async function insertBackup(db: Executor, record: BackupRecord): Promise<void> {
  await db.insert(productionDatabaseBackups).values(record);
}

/** Backups with the version each publish served, of `projectId` and matching `where`. */
function selectBackups(db: Executor, projectId: string, where?: SQL) {
  return db
    .select(backupColumns)
    .from(productionDatabaseBackups)
    .leftJoin(deployments, eq(deployments.id, productionDatabaseBackups.deploymentId))
    .leftJoin(versions, eq(versions.id, deployments.versionId))
    .where(and(eq(productionDatabaseBackups.projectId, projectId), where));
}

/** The project's backups, newest first. */
export async function listBackups(db: Executor, projectId: string): Promise<BackupRow[]> {
  return selectBackups(db, projectId).orderBy(
    desc(productionDatabaseBackups.createdAt),
    desc(productionDatabaseBackups.id),
  );
}

/** One of the project's backups, or null (another project's is null too). */
export async function findBackup(
  db: Executor,
  projectId: string,
  backupId: string,
): Promise<BackupRow | null> {
  const [row] = await selectBackups(db, projectId, eq(productionDatabaseBackups.id, backupId));
  return row ?? null;
}
