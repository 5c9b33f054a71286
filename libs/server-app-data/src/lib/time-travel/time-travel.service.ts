import type { Executor, VersionManifest } from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import type { AppDatabases } from '../databases/app-databases';
import {
  IrreversibleMigrationError,
  MigrationError,
  syncMigrations,
  type Migration,
} from '../databases/migrations';
import { findState, newestVersion, recordState, stateFrom } from './time-travel.repository';

export interface TimeTravelOptions {
  readonly db: Executor;
  readonly databases: AppDatabases;
  /** Whether the project's database is on (off: there is nothing to rewind). */
  readonly isEnabled: (projectId: string) => Promise<boolean>;
  /** The migrations of a version's files (with their undo files): an attached database's revert. */
  readonly migrationsOf?: (manifest: VersionManifest) => Promise<Migration[]>;
}

/** A version as a revert names it: its index, and its files. */
export interface RevertVersion {
  readonly id: string;
  readonly index: number;
  readonly manifest?: VersionManifest;
}

/** What a revert did to the development database, and how to take it back. */
export interface DatabaseRevert {
  /** The version whose state came back, or null when the database had nothing to rewind. */
  readonly restoredFrom: number | null;
  /**
   * The database is an attached service's: its schema was brought to the version's (its
   * migrations undone or applied), its data stays as it is (Mason keeps no copy of it).
   */
  readonly attached?: { readonly reverted: readonly string[]; readonly applied: readonly string[] };
  /** Puts the database back as it was before the revert (the revert did not happen after all). */
  undo(): Promise<void>;
}

const NOTHING: DatabaseRevert = { restoredFrom: null, undo: async () => undefined };

/**
 * Time travel of a project's development database (issue 34 §4). Versions record the state of
 * the data as the project left them: before a migration of a turn (the newest version's state,
 * when it has none yet) and before a revert away from a version. Reverting to version N brings
 * back the state of the first version from N on that has one; no such state means nothing was
 * migrated since N, and the data stays as it is. Every state a revert replaces is recorded
 * first, so going forward again (reverting to the newer version) loses nothing.
 */
export class TimeTravel {
  constructor(private readonly options: TimeTravelOptions) {}

  /** Before a migration of the development database: the newest version keeps its state. */
  async beforeMigrating(projectId: string): Promise<void> {
    const { db, databases } = this.options;
    if (await databases.isAttached(projectId)) return;
    const newest = await newestVersion(db, projectId);
    if (!newest || (await findState(db, newest.id, 'development'))) return;
    const snapshot = await databases.snapshot(projectId, 'development');
    await this.record(projectId, newest.id, snapshot);
  }

  /**
   * Brings the development database back to the state version `target` expects, recording the
   * state it leaves against `from` (the newest version before the revert) first.
   */
  async revert(
    projectId: string,
    from: Omit<RevertVersion, 'index'> | null,
    target: Omit<RevertVersion, 'id'>,
  ): Promise<DatabaseRevert> {
    const { db, databases, isEnabled } = this.options;
    if (!(await isEnabled(projectId))) return NOTHING;
    if (await databases.isAttached(projectId)) return this.revertAttached(projectId, from, target);
    const state = await stateFrom(db, projectId, 'development', target.index);
    if (!state) return NOTHING;
    const left = await databases.snapshot(projectId, 'development');
    if (from) await this.record(projectId, from.id, left);
    await databases.restore(projectId, 'development', state.snapshotId);
    return {
      restoredFrom: state.versionIndex,
      undo: () => databases.restore(projectId, 'development', left.id),
    };
  }

  /**
   * An attached database Mason cannot copy: its schema is brought to the target version's by the
   * migrations' undo files (and the target's own migrations); its rows stay as they are. A
   * migration without an undo refuses the revert before anything changes.
   */
  private async revertAttached(
    projectId: string,
    from: Omit<RevertVersion, 'index'> | null,
    target: Omit<RevertVersion, 'id'>,
  ): Promise<DatabaseRevert> {
    const { databases, migrationsOf } = this.options;
    if (!migrationsOf || !target.manifest)
      return { ...NOTHING, attached: { reverted: [], applied: [] } };
    const sync = async (manifest: VersionManifest) => {
      const migrations = await migrationsOf(manifest);
      return databases.use(projectId, 'development', (db) => syncMigrations(db, migrations));
    };
    let outcome: { reverted: string[]; applied: string[] };
    try {
      outcome = await sync(target.manifest);
    } catch (error) {
      if (error instanceof IrreversibleMigrationError || error instanceof MigrationError)
        throw new RuleViolation(
          'conflict',
          `Version ${target.index} was not restored: ${error.message} The attached database and the code stay as they are.`,
        );
      throw error;
    }
    const back = from?.manifest;
    return {
      restoredFrom: null,
      attached: outcome,
      undo: async () => {
        if (back) await sync(back);
      },
    };
  }

  private async record(
    projectId: string,
    versionId: string,
    snapshot: { id: string; bytes: number },
  ): Promise<void> {
    const replaced = await recordState(this.options.db, {
      projectId,
      versionId,
      environment: 'development',
      snapshotId: snapshot.id,
      bytes: snapshot.bytes,
    });
    if (replaced) await this.options.databases.deleteSnapshot(projectId, 'development', replaced);
  }
}
