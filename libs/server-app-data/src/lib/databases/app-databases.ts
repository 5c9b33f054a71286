// Every project's databases: opened on first use (created and bootstrapped the first time), held
// open while a `use` runs, closed when idle or when too many are open, snapshotted and restored
// while held alone. Each database has a ReadWriteLock: `use` shares it, closing, snapshots,
// restores and drops take it alone, so nothing closes a database under running work.
import { createSchemaCache } from '@mason/server-postgrest';
import type { RunAsCaller } from '@mason/server-postgrest';
import {
  checkBootstrapSteps,
  MASON_BOOTSTRAP,
  MIGRATIONS_BOOTSTRAP,
  runBootstrap,
} from './bootstrap';
import type { Engine } from './engine';
import { checkDatabasePrefix, checkProjectId, databaseKey } from './names';
import { PgliteEngine } from './pglite-engine';
import { ReadWriteLock } from './read-write-lock';
import { ServerEngine } from './server-engine';
import type {
  AppDatabase,
  AppDatabasesOptions,
  AppEnvironment,
  AttachedDatabase,
  BootstrapStep,
  CallerRole,
  DatabaseKey,
  EngineDatabase,
  Snapshot,
} from './types';

/** A snapshot or restore of a database Mason does not host (an attached service's). */
export class AttachedDatabaseError extends Error {
  constructor(projectId: string) {
    super(`Project ${projectId} uses an attached database: Mason cannot copy or rewind it.`);
    this.name = 'AttachedDatabaseError';
  }
}

const DEFAULT_MAX_OPEN = 16;
const DEFAULT_IDLE_MS = 5 * 60_000;
/** As Supabase's `authenticated` role: an app's caller cannot hold its database for longer. */
const DEFAULT_CALLER_STATEMENT_TIMEOUT_MS = 8_000;
const ENVIRONMENTS: readonly AppEnvironment[] = ['development', 'production'];

/** The only roles a caller runs as: never a role name from elsewhere. */
const CALLER_ROLES: ReadonlySet<CallerRole> = new Set(['anon', 'authenticated']);

interface Open {
  readonly engine: EngineDatabase;
  readonly db: AppDatabase;
}

interface Slot {
  readonly key: DatabaseKey;
  readonly lock: ReadWriteLock;
  open: Promise<Open> | null;
  lastUsed: number;
  idleTimer: NodeJS.Timeout | null;
}

export class AppDatabases {
  readonly #engine: Engine;
  readonly #steps: readonly BootstrapStep[];
  readonly #maxOpen: number;
  readonly #idleMs: number;
  readonly #callerTimeoutMs: number;
  readonly #attached: (projectId: string) => Promise<AttachedDatabase | null>;
  readonly #slots = new Map<string, Slot>();
  /** Closes started by an idle timer or the cap: close() waits for them. */
  readonly #background = new Set<Promise<void>>();
  #closed = false;

  constructor(options: AppDatabasesOptions) {
    this.#engine = options.serverUrl
      ? new ServerEngine(
          options.serverUrl,
          checkDatabasePrefix(options.databasePrefix ?? 'mason_app_'),
        )
      : new PgliteEngine(options.dataDir);
    this.#steps = checkBootstrapSteps([...MASON_BOOTSTRAP, ...(options.bootstrap ?? [])]);
    this.#maxOpen = Math.max(1, options.maxOpen ?? DEFAULT_MAX_OPEN);
    this.#idleMs = Math.max(0, options.idleMs ?? DEFAULT_IDLE_MS);
    this.#callerTimeoutMs = Math.max(
      1,
      options.callerStatementTimeoutMs ?? DEFAULT_CALLER_STATEMENT_TIMEOUT_MS,
    );
    this.#attached = options.attached ?? (async () => null);
  }

  /** Where the databases live: 'PGlite' or 'PostgreSQL (host:port)'. */
  get kind(): string {
    return this.#engine.kind;
  }

  /**
   * Opens (creating and bootstrapping it on first use) and holds the database open while `work`
   * runs (never closed under a running work). Never call `use` of the same database inside
   * `work`: a snapshot waiting in between would wait for the outer one forever.
   */
  async use<T>(
    projectId: string,
    environment: AppEnvironment,
    work: (db: AppDatabase) => Promise<T>,
  ): Promise<T> {
    const slot = this.#slot(databaseKey(projectId, environment));
    return await slot.lock
      .shared(async () => {
        const open = await this.#openRunning(slot);
        try {
          return await work(open.db);
        } finally {
          slot.lastUsed = Date.now();
        }
      })
      .finally(() => this.#released(slot));
  }

  /** True when the database was ever created (no creation). */
  async exists(projectId: string, environment: AppEnvironment): Promise<boolean> {
    this.#checkOpen();
    return await this.#engine.exists(databaseKey(projectId, environment));
  }

  /** The databases open now (for the operator's view and tests). */
  openDatabases(): DatabaseKey[] {
    return [...this.#slots.values()].filter((slot) => slot.open).map((slot) => slot.key);
  }

  /** True when the project's database is an attached service's (asked anew each time). */
  async isAttached(projectId: string): Promise<boolean> {
    return (await this.#attached(projectId)) !== null;
  }

  /**
   * Closes both environments' databases of a project once their running work is done: the next
   * use opens whichever database the project has then (after an attach or a detach).
   */
  async closeProject(projectId: string): Promise<void> {
    checkProjectId(projectId);
    for (const environment of ENVIRONMENTS)
      await this.#alone(databaseKey(projectId, environment), async () => undefined);
  }

  /** Deletes both environments' built-in databases of a project (and their snapshots). */
  async drop(projectId: string): Promise<void> {
    checkProjectId(projectId);
    for (const environment of ENVIRONMENTS) {
      const key = databaseKey(projectId, environment);
      await this.#alone(key, () => this.#engine.remove(key));
    }
  }

  /**
   * The whole database (schema and data) at one moment, consistent: the database is closed
   * while it is copied (running work finishes first, new work waits). Creates the database when
   * it was never used.
   */
  async snapshot(projectId: string, environment: AppEnvironment): Promise<Snapshot> {
    const key = databaseKey(projectId, environment);
    await this.#refuseAttached(projectId);
    return await this.#alone(key, async () => {
      if (!(await this.#engine.exists(key))) await (await this.#bootstrapped(key)).close();
      return this.#engine.snapshot(key);
    });
  }

  /**
   * Brings a snapshot's state back (the snapshot stays, to restore again). The state it replaces
   * is gone unless the caller took a snapshot of it first: to be able to go forward again, call
   * `snapshot` before `restore` (time travel does).
   */
  async restore(projectId: string, environment: AppEnvironment, snapshotId: string): Promise<void> {
    const key = databaseKey(projectId, environment);
    await this.#refuseAttached(projectId);
    return await this.#alone(key, () => this.#engine.restore(key, snapshotId));
  }

  /** Deletes a snapshot; deleting one that is not there does nothing. */
  async deleteSnapshot(
    projectId: string,
    environment: AppEnvironment,
    snapshotId: string,
  ): Promise<void> {
    const key = databaseKey(projectId, environment);
    return await this.#alone(key, () => this.#engine.deleteSnapshot(key, snapshotId), false);
  }

  /** A database's snapshots, oldest first. */
  async snapshots(projectId: string, environment: AppEnvironment): Promise<Snapshot[]> {
    this.#checkOpen();
    return await this.#engine.snapshots(databaseKey(projectId, environment));
  }

  /** Waits for running work, closes every database; later calls are refused. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const slot of this.#slots.values()) {
      await slot.lock.exclusive(() => this.#closeSlot(slot)).catch(() => undefined);
    }
    while (this.#background.size > 0) await Promise.all(this.#background);
    await this.#engine.close();
  }

  async #refuseAttached(projectId: string) {
    if (await this.isAttached(projectId)) throw new AttachedDatabaseError(projectId);
  }

  #checkOpen() {
    if (this.#closed) throw new Error('The app databases are closed');
  }

  #slot(key: DatabaseKey): Slot {
    this.#checkOpen();
    const id = `${key.projectId}/${key.environment}`;
    let slot = this.#slots.get(id);
    if (!slot) {
      slot = { key, lock: new ReadWriteLock(), open: null, lastUsed: 0, idleTimer: null };
      this.#slots.set(id, slot);
    }
    return slot;
  }

  /** Runs `work` holding the database alone, closed first unless `close` is false. */
  #alone<T>(key: DatabaseKey, work: () => Promise<T>, close = true): Promise<T> {
    const slot = this.#slot(key);
    return slot.lock
      .exclusive(async () => {
        if (close) await this.#closeSlot(slot);
        return work();
      })
      .finally(() => this.#released(slot));
  }

  #ensureOpen(slot: Slot): Promise<Open> {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    if (!slot.open) {
      const opening = this.#openSlot(slot);
      slot.open = opening;
      opening.catch(() => {
        if (slot.open === opening) slot.open = null;
      });
    }
    return slot.open;
  }

  async #openSlot(slot: Slot): Promise<Open> {
    // The cap: make room first, closing the least recently used idle databases.
    // The slot being opened counts (it is open from here on) and cannot be closed (it is in use).
    await this.#closeOverCap(this.#maxOpen);
    const engine = await this.#bootstrapped(slot.key);
    return { engine, db: this.#appDatabase(slot.key, engine) };
  }

  /**
   * The slot's open database, opened again when it stopped by itself (a PGlite thread that
   * cancelled a statement): once the old one has ended, never two on one folder.
   */
  async #openRunning(slot: Slot): Promise<Open> {
    const open = await this.#ensureOpen(slot);
    if (!open.engine.stopping) return open;
    await open.engine.stopped;
    if ((await slot.open?.catch(() => null)) === open) slot.open = null;
    return this.#ensureOpen(slot);
  }

  async #bootstrapped(key: DatabaseKey): Promise<EngineDatabase> {
    const attached = await this.#attached(key.projectId);
    const engine = attached ? await attached.open() : await this.#engine.open(key);
    const steps = attached?.bootstrap === 'migrations' ? MIGRATIONS_BOOTSTRAP : this.#steps;
    try {
      await engine.transaction((sql) => runBootstrap(sql, steps));
    } catch (error) {
      await engine.close().catch(() => undefined);
      throw error;
    }
    return engine;
  }

  #appDatabase(key: DatabaseKey, engine: EngineDatabase): AppDatabase {
    return {
      projectId: key.projectId,
      environment: key.environment,
      schemaCache: createSchemaCache(),
      asOwner: (work) => engine.transaction(work),
      asCaller: (role, claims): RunAsCaller => {
        if (!CALLER_ROLES.has(role)) throw new Error(`Not a caller role: ${String(role)}`);
        // The role and the claims for the transaction only, set as it begins (set_config's
        // 'role' is SET LOCAL ROLE, as PostgREST sets it).
        const settings = [
          ['role', role],
          ['request.jwt.claims', JSON.stringify(claims)],
        ] as const;
        return (work, run = {}) =>
          engine.transaction(
            // The caller gets statements only, not the owner's script runner.
            (sql) => work({ query: sql.query }),
            { statementTimeoutMs: this.#callerTimeoutMs, settings, readOnly: run.readOnly },
          );
      },
    };
  }

  /** Called holding the slot alone: closes its database if it is open. */
  async #closeSlot(slot: Slot) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    const opening = slot.open;
    slot.open = null;
    const open = await opening?.catch(() => null);
    await open?.engine.close();
  }

  #released(slot: Slot) {
    if (this.#closed || !slot.open || !slot.lock.idle) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => this.#closeIfIdle(slot), this.#idleMs);
    slot.idleTimer.unref();
    void this.#closeOverCap(this.#maxOpen);
  }

  #closeIfIdle(slot: Slot) {
    slot.idleTimer = null;
    const release = slot.lock.tryExclusive();
    // In use or awaited: its release arms the timer again.
    if (!release) return;
    this.#inBackground(this.#closeSlot(slot).finally(release));
  }

  /** Closes idle databases, least recently used first, until at most `limit` are open. */
  async #closeOverCap(limit: number) {
    const open = [...this.#slots.values()].filter((slot) => slot.open);
    let count = open.length;
    const closing: Promise<void>[] = [];
    for (const slot of open.sort((a, b) => a.lastUsed - b.lastUsed)) {
      if (count <= limit) break;
      const release = slot.lock.tryExclusive();
      if (!release) continue;
      count -= 1;
      closing.push(this.#inBackground(this.#closeSlot(slot).finally(release)));
    }
    await Promise.all(closing);
  }

  #inBackground(closing: Promise<void>): Promise<void> {
    const tracked = closing.catch(() => undefined);
    this.#background.add(tracked);
    void tracked.finally(() => this.#background.delete(tracked));
    return tracked;
  }
}
