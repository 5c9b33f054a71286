import type { ProductionBackup } from '@mason/contract';
import { type Executor, isUuid } from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import type { AppDatabases } from '../databases/app-databases';
import {
  findBackup,
  insertBackup,
  listBackups,
  type BackupRow,
} from './production-backups.repository';

export interface ProductionBackupsOptions {
  readonly db: Executor;
  readonly databases: AppDatabases;
  /** Whether the project's database is on (built in, or attached after backups were taken). */
  readonly isEnabled: (projectId: string) => Promise<boolean>;
}

export const NO_PRODUCTION_DATABASE =
  'This project has no database yet: turn it on in its settings.';
export const ATTACHED_NOT_RESTORED =
  'This app uses an attached database now: detach it to restore a backup of the built-in one.';
export const BACKUP_NOT_FOUND = 'There is no such backup of this app’s database.';

const toBackup = (row: BackupRow): ProductionBackup => ({
  id: row.id,
  reason: row.reason,
  deploymentId: row.deploymentId,
  versionIndex: row.versionIndex,
  bytes: row.bytes,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The history of a published app's database (issue 34 §4). A preview revert never touches it:
 * its history is a backup before each publish that migrates it, and the owner's Restore, which
 * backs up the database as it is first, so a restore can be undone too.
 */
export class ProductionBackups {
  constructor(private readonly options: ProductionBackupsOptions) {}

  /**
   * Before a publish applies migrations to production: the database as it is, kept. An attached
   * service's database is not Mason's to copy (its own backups keep it): nothing is taken.
   */
  async beforePublish(projectId: string, deploymentId: string): Promise<void> {
    const { db, databases } = this.options;
    if (await databases.isAttached(projectId)) return;
    const snapshot = await databases.snapshot(projectId, 'production');
    await insertBackup(db, {
      projectId,
      reason: 'BEFORE_PUBLISH',
      deploymentId,
      snapshotId: snapshot.id,
      bytes: snapshot.bytes,
    });
  }

  /** GET /projects/:id/database/backups: newest first. */
  async list(projectId: string): Promise<ProductionBackup[]> {
    await this.#requireDatabase(projectId);
    return (await listBackups(this.options.db, projectId)).map(toBackup);
  }

  /** POST /projects/:id/database/backups/:backupId/restore: answers the backups after it. */
  async restore(projectId: string, backupId: string): Promise<ProductionBackup[]> {
    const { db, databases } = this.options;
    await this.#requireDatabase(projectId);
    const backup = isUuid(backupId) ? await findBackup(db, projectId, backupId) : null;
    if (!backup) throw new RuleViolation('not-found', BACKUP_NOT_FOUND);
    if (await databases.isAttached(projectId))
      throw new RuleViolation('conflict', ATTACHED_NOT_RESTORED);
    const current = await databases.snapshot(projectId, 'production');
    await insertBackup(db, {
      projectId,
      reason: 'BEFORE_RESTORE',
      deploymentId: null,
      snapshotId: current.id,
      bytes: current.bytes,
    });
    await databases.restore(projectId, 'production', backup.snapshotId);
    return this.list(projectId);
  }

  async #requireDatabase(projectId: string) {
    if (!(await this.options.isEnabled(projectId)))
      throw new RuleViolation('not-found', NO_PRODUCTION_DATABASE);
  }
}
