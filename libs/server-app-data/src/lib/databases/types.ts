// The shapes of the apps' databases: what a caller of AppDatabases gets to work with.
import type { RunAsCaller, SchemaCache, SqlClient } from '@mason/server-postgrest';

export type AppEnvironment = 'development' | 'production';
export type CallerRole = 'anon' | 'authenticated';

/** SQL applied once per database, in order, recorded by name (in `mason.bootstrap_steps`). */
export interface BootstrapStep {
  readonly name: string;
  readonly sql: string;
}

/** The owner's connection: `query` for one statement with bound parameters, `exec` for a script. */
export interface OwnerSqlClient extends SqlClient {
  /** Runs several statements without parameters (a migration file, a bootstrap step). */
  exec(sql: string): Promise<void>;
}

export interface AppDatabase {
  readonly projectId: string;
  readonly environment: AppEnvironment;
  /**
   * One transaction as the database's owner (migrations, auth tables, the Database view); commit
   * on resolve, rollback on throw. On PGlite transactions run one at a time: never start another
   * `asOwner` or `asCaller` transaction of the same database inside `work`.
   */
  asOwner<T>(work: (sql: OwnerSqlClient) => Promise<T>): Promise<T>;
  /**
   * A RunAsCaller: one transaction, `set local role <role>`,
   * `select set_config('request.jwt.claims', $1, true)`, commit/rollback. Never runs as an owner.
   */
  asCaller(role: CallerRole, claims: Record<string, unknown>): RunAsCaller;
  /** One per open database, shared by every request; invalidated by applyMigrations. */
  readonly schemaCache: SchemaCache;
}

export interface TransactionOptions {
  /**
   * Each statement may run this long; a longer one is cancelled with PostgreSQL's 57014
   * ("canceling statement due to statement timeout") and the transaction rolls back.
   */
  readonly statementTimeoutMs?: number;
  /**
   * Settings for this transaction only (`set_config(name, value, true)`), set as it begins in as
   * few round trips as the engine can: a caller's role and claims.
   */
  readonly settings?: readonly (readonly [string, string])[];
  /** `begin read only`: a write in the transaction is PostgreSQL's 25006. */
  readonly readOnly?: boolean;
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

/**
 * A project whose database is a service it attached (issue 34 §5): both of its environments are
 * that one database, reached through `open` (its address checked again on every open).
 */
export interface AttachedDatabase {
  open(): Promise<EngineDatabase>;
  /**
   * 'full': every step, as a built-in database (Mason serves its data API and sign-in);
   * 'migrations': only Mason's own `mason` schema (a Supabase project has its roles, `auth` and
   * sign-in already, and Mason never touches them).
   */
  readonly bootstrap: 'full' | 'migrations';
}

export interface AppDatabasesOptions {
  /**
   * Mason's DATA_DIR: PGlite databases live under <dataDir>/app-data/<projectId>/<environment>/.
   * A PGlite folder is one process's: one AppDatabases per DATA_DIR.
   */
  readonly dataDir: string;
  /** APPS_DATABASE_URL: when set, one database per project and environment on this server instead of PGlite. */
  readonly serverUrl?: string | null;
  /**
   * The start of every database name made on `serverUrl`'s server (default `mason_app_`): lower
   * case letters, digits and `_`, at most 16 characters. Tests use a unique one per run.
   */
  readonly databasePrefix?: string;
  /** Applied after Mason's own steps (roles, schemas `auth` and `mason`), in order. */
  readonly bootstrap?: readonly BootstrapStep[];
  /** Most databases open at once (default 16): the least recently used idle one is closed to open another. */
  readonly maxOpen?: number;
  /** An unused database is closed after this long (default 5 min). */
  readonly idleMs?: number;
  /**
   * A caller's statement (the data API's) is cancelled after this long (default 8 s, as
   * Supabase's `authenticated` role), with PostgreSQL's 57014; the owner's (migrations) never.
   */
  readonly callerStatementTimeoutMs?: number;
  /** The attached database of a project, or null for the built-in ones (asked on each open). */
  readonly attached?: (projectId: string) => Promise<AttachedDatabase | null>;
}

/** The whole database (schema and data) at one moment. */
export interface Snapshot {
  readonly id: string;
  readonly bytes: number;
  readonly createdAt: Date;
}

export interface DatabaseKey {
  readonly projectId: string;
  readonly environment: AppEnvironment;
}
