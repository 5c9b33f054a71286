import { tool, type ToolSet } from 'ai';
import { formatDatabaseSchema, type AgentDatabase, type AgentMigration } from './agent-database';
import { capOutput, messageOf } from './output';
import { NO_INPUT } from './tool-inputs';
import { ToolError } from './tool-error';
import type { AgentToolState } from './tool-state';
import type { AgentFiles } from './types';

/** Where the project's migrations live: one SQL file each, applied in file name order. */
export const MIGRATIONS_FOLDER = 'db/migrations';
/** A migration's file name: three digits, an underscore, lowercase words ('003_add_tags.sql'). */
export const MIGRATION_NAME = /^\d{3}_[a-z0-9_]+\.sql$/;
/** A migration's undo, beside it: '003_add_tags.down.sql' takes back '003_add_tags.sql'. */
export const UNDO_NAME = /^\d{3}_[a-z0-9_]+\.down\.sql$/;
const undoOf = (name: string) => name.replace(/\.sql$/, '.down.sql');
/** The most one migration file may hold. */
export const MIGRATION_MAX_CHARS = 100_000;
/** The most every migration file together may hold. */
export const MIGRATIONS_MAX_CHARS = 1_000_000;

const NAME_RULE =
  'A migration is db/migrations/NNN_name.sql: three digits, an underscore, then lowercase letters, digits and underscores (e.g. db/migrations/001_create_notes.sql).';

/** 'db/migrations/001_notes.sql' (or './db//migrations/001_notes.sql') → its path in the folder. */
function inMigrationsFolder(path: string): string | null {
  const normal = path
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/^\.\//, '');
  const prefix = `${MIGRATIONS_FOLDER}/`;
  return normal.startsWith(prefix) ? normal.slice(prefix.length) : null;
}

function nextNumber(names: readonly string[]): string {
  const highest = names.reduce((max, name) => Math.max(max, Number(name.slice(0, 3)) || 0), 0);
  return String(Math.min(highest + 1, 999)).padStart(3, '0');
}

/**
 * What the database tools share during a turn: the port and the names of the applied
 * migrations, read from the database once and kept up to date by apply_migrations.
 */
export class DatabaseAccess {
  private applied: Promise<string[]> | null = null;

  constructor(readonly database: AgentDatabase) {}

  /** The applied migrations' names, in order (none while the database is off). */
  appliedMigrations(): Promise<string[]> {
    this.applied ??= (async () =>
      (await this.database.enabled()) ? [...(await this.database.appliedMigrations())] : [])();
    // A failed read is asked again next time.
    this.applied.catch(() => {
      this.applied = null;
    });
    return this.applied;
  }

  /** The database was turned on: the applied migrations are read again. */
  forget(): void {
    this.applied = null;
  }

  /** Names just applied (apply_migrations); without a list read yet, the next read asks. */
  markApplied(names: readonly string[]): void {
    const known = this.applied;
    if (known === null) return;
    this.applied = known.then((list) => [...list, ...names.filter((name) => !list.includes(name))]);
  }
}

/**
 * `files` as the file tools see them when the project has a database: a migration file is
 * named by the rule and capped, an applied one never changes (the model is told to write a new
 * one), and a change to the migrations is noted so the turn applies them before it ends.
 */
export function guardMigrationFiles(
  files: AgentFiles,
  access: DatabaseAccess,
  state: AgentToolState,
): AgentFiles {
  const refuseApplied = async (name: string, what: string) => {
    const applied = await access.appliedMigrations();
    if (!applied.includes(name)) return;
    throw new ToolError(
      `${MIGRATIONS_FOLDER}/${name} is already applied to the database, so it cannot be ${what}. Write a new migration instead (${MIGRATIONS_FOLDER}/${nextNumber(applied)}_….sql) that changes what it made (alter table, drop policy, …).`,
    );
  };
  return {
    list: () => files.list(),
    read: (path) => files.read(path),
    check: () => files.check(),
    async write(path, content) {
      const name = inMigrationsFolder(path);
      if (name !== null && name.endsWith('.sql') && !UNDO_NAME.test(name)) {
        if (!MIGRATION_NAME.test(name)) {
          throw new ToolError(`${path} is not a migration's name. ${NAME_RULE}`);
        }
        if (content.length > MIGRATION_MAX_CHARS) {
          throw new ToolError(
            `That migration is too large (${content.length} characters; at most ${MIGRATION_MAX_CHARS}). Split it into several migrations.`,
          );
        }
        await refuseApplied(name, 'changed');
        state.unappliedMigrations = true;
      }
      await files.write(path, content);
    },
    async delete(path) {
      const name = inMigrationsFolder(path);
      const migration = name !== null && MIGRATION_NAME.test(name);
      if (migration) await refuseApplied(name, 'deleted');
      const deleted = await files.delete(path);
      if (deleted && migration) state.unappliedMigrations = true;
      return deleted;
    },
  };
}

/** An apply of the project's migrations: what the model is told, and the first error. */
export interface MigrationsReport {
  readonly ok: boolean;
  readonly report: string;
  /** "db/migrations/003_tags.sql:4: message", or the refusal; null when it went well. */
  readonly error: string | null;
}

function refused(error: string, advice: string): MigrationsReport {
  return {
    ok: false,
    report: `The migrations were not applied; the database did not change.\n${error}\n${advice}`,
    error,
  };
}

/** Every db/migrations/*.sql file of the working tree, checked, applied through the port. */
export async function applyProjectMigrations(
  files: AgentFiles,
  access: DatabaseAccess,
): Promise<MigrationsReport> {
  const { database } = access;
  if (!(await database.enabled())) {
    return refused(
      'The project’s database is off.',
      'Call enable_database first (only when the app needs stored data or sign-in), then apply_migrations.',
    );
  }
  const prefix = `${MIGRATIONS_FOLDER}/`;
  const paths = (await files.list()).filter(
    (path) => path.startsWith(prefix) && path.endsWith('.sql'),
  );
  const isUndo = (path: string) => UNDO_NAME.test(path.slice(prefix.length));
  const badNames = paths.filter(
    (path) => !MIGRATION_NAME.test(path.slice(prefix.length)) && !isUndo(path),
  );
  if (badNames.length > 0) {
    return refused(
      `${badNames.join(', ')}: not a migration's name.`,
      `${NAME_RULE} Rename it: write it under a good name and delete the old file.`,
    );
  }
  const undoPaths = new Set(paths.filter(isUndo));
  const ups = paths.filter((path) => !isUndo(path));
  const orphan = [...undoPaths].find((path) => !ups.includes(path.replace(/\.down\.sql$/, '.sql')));
  if (orphan) {
    return refused(
      `${orphan}: an undo without its migration (${orphan.replace(/\.down\.sql$/, '.sql')}).`,
      'Name an undo after the migration it takes back, or delete it.',
    );
  }
  const migrations: AgentMigration[] = [];
  let total = 0;
  for (const path of ups) {
    const sql = (await files.read(path)) ?? '';
    if (sql.trim().length === 0) {
      return refused(`${path}: the migration is empty.`, 'Write its SQL, or delete the file.');
    }
    if (sql.length > MIGRATION_MAX_CHARS) {
      return refused(
        `${path}: the migration is too large (${sql.length} characters; at most ${MIGRATION_MAX_CHARS}).`,
        'Split it into several migrations.',
      );
    }
    total += sql.length;
    const name = path.slice(prefix.length);
    const undoPath = prefix + undoOf(name);
    const down = undoPaths.has(undoPath) ? ((await files.read(undoPath)) ?? '') : undefined;
    if (down !== undefined) total += down.length;
    migrations.push(down?.trim() ? { name, sql, down } : { name, sql });
  }
  if (total > MIGRATIONS_MAX_CHARS) {
    return refused(
      `The migrations hold ${total} characters together; at most ${MIGRATIONS_MAX_CHARS}.`,
      'Keep migrations to the schema (tables, policies, functions), not bulk data.',
    );
  }
  migrations.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const applied = await access.appliedMigrations();
  const pending = migrations.filter((migration) => !applied.includes(migration.name));
  const newest = [...applied].sort().at(-1);
  const early = newest ? pending.filter((migration) => migration.name < newest) : [];
  if (early.length > 0 && newest) {
    return refused(
      `${early.map((m) => prefix + m.name).join(', ')} would run after ${prefix}${newest}, which is already applied, though its name comes before it.`,
      `Migrations run in name order everywhere (also when the app is published): rename it to come after the newest applied one (${prefix}${nextNumber(applied)}_….sql) and delete the old file.`,
    );
  }
  if (pending.length === 0) {
    const note =
      migrations.length === 0
        ? `There are no migrations yet: write the first as ${prefix}001_name.sql.`
        : `Every migration is already applied (${migrations.length}); nothing to do.`;
    return { ok: true, report: note, error: null };
  }

  const result = await database.migrate(migrations);
  if (!result.ok) {
    const file = result.file.startsWith(prefix) ? result.file : prefix + result.file;
    const error = `${file}${result.line !== null ? `:${result.line}` : ''}: ${result.message}`;
    const appliedFile = applied.includes(file.slice(prefix.length));
    return refused(
      error,
      appliedFile
        ? `${file} is already applied, so it must stay as it was: put it back as it was applied and write a new migration for the change.`
        : `They run in one transaction, so none of them was applied. Fix ${file} (it is not applied yet, so edit it), then call apply_migrations again.`,
    );
  }
  access.markApplied(result.applied);
  const names = result.applied.map((name) => prefix + name);
  if (names.length === 0) {
    return { ok: true, report: 'Every migration is already applied; nothing to do.', error: null };
  }
  return {
    ok: true,
    report: `Applied ${names.join(', ')} to the development database. The preview’s data API uses the new schema now. Applied files never change: make later changes in new migrations.`,
    error: null,
  };
}

/** The database tools (offered when the turn has the project's database). */
export function createDatabaseTools(
  files: AgentFiles,
  access: DatabaseAccess,
  state: AgentToolState,
  serial: <T>(run: () => Promise<T>) => Promise<T>,
): ToolSet {
  const { database } = access;
  return {
    enable_database: tool({
      description:
        "Turns on the project's built-in PostgreSQL database (with sign-in for the app's users). Call it only when the app needs data stored on a server (shared between devices or people) or sign-in, and say in your answer that you turned it on.",
      inputSchema: NO_INPUT,
      execute: () =>
        serial(async () => {
          if (await database.enabled()) {
            return "The project's database was already on. The app reaches it with supabase-js through import.meta.env.VITE_SUPABASE_URL and import.meta.env.VITE_SUPABASE_ANON_KEY.";
          }
          await database.enable();
          access.forget();
          return "Turned on the project's database (PostgreSQL; the preview uses its development database). The app's builds now get VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY. Tell the person in your answer that you turned on the database.";
        }),
    }),

    read_database_schema: tool({
      description:
        "Reads the schema of the project's development database: every table with its columns, keys, whether row-level security is on and its policies, and the migrations applied. Read it before writing a migration.",
      inputSchema: NO_INPUT,
      execute: () =>
        serial(async () => {
          if (!(await database.enabled())) {
            return "The project's database is off. Call enable_database when the app needs stored data or sign-in.";
          }
          const [schema, applied] = await Promise.all([
            database.schema(),
            access.appliedMigrations(),
          ]);
          return capOutput(
            formatDatabaseSchema(schema, applied),
            'The schema is too large to show whole.',
          );
        }),
    }),

    apply_migrations: tool({
      description: `Applies the migrations of ${MIGRATIONS_FOLDER} (every NNN_name.sql file you wrote with write_file, in name order, each with its undo NNN_name.down.sql when there is one) that are not applied yet to the development database, in one transaction. Answers what it applied, or the error as "db/migrations/003_x.sql:4: message": fix it and apply again. Applied migrations never change: write a new one.`,
      inputSchema: NO_INPUT,
      execute: () =>
        serial(async () => {
          let result: MigrationsReport;
          try {
            result = await applyProjectMigrations(files, access);
          } catch (error) {
            throw new ToolError(
              `Mason could not reach the project's database (${messageOf(error)}). Your files are kept; try apply_migrations again later.`,
            );
          }
          state.unappliedMigrations = false;
          if (result.ok) {
            if (state.lastCheckKind === 'migration') state.lastCheckError = null;
          } else {
            state.failedChecks += 1;
            state.lastCheckError = result.error;
            state.lastCheckKind = 'migration';
          }
          return capOutput(result.report, 'Fix the first error, then apply again.');
        }),
    }),
  };
}
