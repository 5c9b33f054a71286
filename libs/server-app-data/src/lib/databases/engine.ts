// The two places an app database can live (a PGlite folder, a database on a PostgreSQL server)
// behind one port. AppDatabases owns the rules (when to open, close, snapshot); an engine only
// does what it is told, on a database that AppDatabases holds exclusively when it must be closed.
import type { DatabaseKey, OwnerSqlClient, Snapshot } from './types';

export interface TransactionOptions {
  /**
   * Each statement may run this long; a longer one is cancelled with PostgreSQL's 57014
   * ("canceling statement due to statement timeout") and the transaction rolls back.
   */
  readonly statementTimeoutMs?: number;
}

export interface EngineDatabase {
  /** One transaction on the database's owner connection; commit on resolve, rollback on throw. */
  transaction<T>(
    work: (sql: OwnerSqlClient) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T>;
  /**
   * Resolves when the database stopped by itself (a PGlite thread ended to cancel a statement):
   * the next use opens it again. Never, for a server's database.
   */
  readonly stopped?: Promise<void>;
  /** True from the moment it began to stop by itself (before `stopped` resolves). */
  readonly stopping?: boolean;
  close(): Promise<void>;
}

export interface Engine {
  /** A short description for logs and the bench: 'PGlite' or 'PostgreSQL (host)'. */
  readonly kind: string;
  exists(key: DatabaseKey): Promise<boolean>;
  /** Opens the database, creating it (empty) when it does not exist. */
  open(key: DatabaseKey): Promise<EngineDatabase>;
  /** Deletes the database and all its snapshots (the database is closed). */
  remove(key: DatabaseKey): Promise<void>;
  /** Copies the closed database. */
  snapshot(key: DatabaseKey): Promise<Snapshot>;
  /** Replaces the closed database with a copy of the snapshot (which stays). */
  restore(key: DatabaseKey, snapshotId: string): Promise<void>;
  deleteSnapshot(key: DatabaseKey, snapshotId: string): Promise<void>;
  /** Oldest first. */
  snapshots(key: DatabaseKey): Promise<Snapshot[]>;
  close(): Promise<void>;
}
