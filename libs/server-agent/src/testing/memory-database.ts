import type {
  AgentDatabase,
  AgentDatabaseSchema,
  AgentMigration,
  AgentMigrationResult,
} from '../lib/agent-database';

export interface MemoryAgentDatabaseOptions {
  /** Whether the database is on at first (off by default). */
  readonly enabled?: boolean;
  /** Migrations applied before (name -> SQL). */
  readonly applied?: Readonly<Record<string, string>>;
  /** What schema() answers. */
  readonly schema?: AgentDatabaseSchema;
  /**
   * Runs one pending migration: a failure (its line and message) rolls the whole apply back.
   * By default every migration succeeds.
   */
  readonly run?: (migration: AgentMigration) => { line: number | null; message: string } | null;
}

export interface MemoryAgentDatabase extends AgentDatabase {
  /** Whether enable() was called or the database started on. */
  readonly on: boolean;
  /** The applied migrations, in order: name -> SQL. */
  readonly applied: ReadonlyMap<string, string>;
  /** Every migrate() call's migration names, in order. */
  readonly migrateCalls: readonly (readonly string[])[];
  /** The undo each migration of the last migrate() call came with: name -> SQL. */
  readonly undos: ReadonlyMap<string, string>;
  /** Sets what schema() answers. */
  setSchema(schema: AgentDatabaseSchema): void;
}

/**
 * An AgentDatabase in memory, for tests of the agent's tools: it keeps the applied migrations
 * by name like the real one (in one transaction: all or none, an applied one whose SQL changed
 * fails), and runs each pending migration through `options.run`.
 */
export function createMemoryAgentDatabase(
  options: MemoryAgentDatabaseOptions = {},
): MemoryAgentDatabase {
  let on = options.enabled ?? false;
  let schema: AgentDatabaseSchema = options.schema ?? { tables: [] };
  const applied = new Map(Object.entries(options.applied ?? {}));
  const migrateCalls: string[][] = [];
  const undos = new Map<string, string>();
  const requireOn = () => {
    if (!on) throw new Error('The database is off.');
  };
  return {
    get on() {
      return on;
    },
    applied,
    migrateCalls,
    undos,
    setSchema(next) {
      schema = next;
    },
    async enabled() {
      return on;
    },
    async enable() {
      on = true;
    },
    async schema() {
      requireOn();
      return schema;
    },
    async appliedMigrations() {
      requireOn();
      return [...applied.keys()];
    },
    async migrate(migrations): Promise<AgentMigrationResult> {
      requireOn();
      migrateCalls.push(migrations.map((migration) => migration.name));
      undos.clear();
      for (const migration of migrations)
        if (migration.down !== undefined) undos.set(migration.name, migration.down);
      const sorted = [...migrations].sort((a, b) => (a.name < b.name ? -1 : 1));
      for (const migration of sorted) {
        const before = applied.get(migration.name);
        if (before !== undefined && before !== migration.sql) {
          return {
            ok: false,
            file: migration.name,
            line: null,
            message: 'the migration was changed after it was applied',
          };
        }
      }
      const pending = sorted.filter((migration) => !applied.has(migration.name));
      for (const migration of pending) {
        const failure = options.run?.(migration) ?? null;
        if (failure) return { ok: false, file: migration.name, ...failure };
      }
      for (const migration of pending) applied.set(migration.name, migration.sql);
      return { ok: true, applied: pending.map((migration) => migration.name) };
    },
  };
}
