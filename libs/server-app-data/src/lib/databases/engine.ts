// The two places an app database can live (a PGlite folder, a database on a PostgreSQL server)
// behind one port. AppDatabases owns the rules (when to open, close, snapshot); an engine only
// does what it is told, on a database that AppDatabases holds exclusively when it must be closed.
import type { DatabaseKey, EngineDatabase, Snapshot } from './types';

export type { EngineDatabase, TransactionOptions } from './types';

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
