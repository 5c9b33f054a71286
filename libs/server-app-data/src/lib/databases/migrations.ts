// An app's migrations (db/migrations/NNN_name.sql in the project), applied to one of its
// databases: all pending ones in one owner transaction, recorded in mason.migrations, and every
// failure reported at the file and line of the statement PostgreSQL refused.
import { createHash } from 'node:crypto';
import { lineOfPosition, splitStatements } from './split-statements';
import type { AppDatabase, OwnerSqlClient } from './types';

export interface Migration {
  /** The file's name, e.g. '001_notes.sql'; migrations apply in name order. */
  readonly name: string;
  readonly sql: string;
  /**
   * Its undo (db/migrations/001_notes.down.sql), kept with it when it is applied: what reverting
   * a database Mason cannot copy (an attached one) runs to take the migration back.
   */
  readonly down?: string;
}

/** A reverting sync that would need the undo of a migration that has none. */
export class IrreversibleMigrationError extends Error {
  constructor(readonly migration: string) {
    super(
      `${MIGRATIONS_FOLDER}/${migration} has no undo (${MIGRATIONS_FOLDER}/${migration.replace(/\.sql$/, '.down.sql')}), so its changes cannot be taken back.`,
    );
    this.name = 'IrreversibleMigrationError';
  }
}

/** Where migrations live in a project: MigrationError names files from here. */
export const MIGRATIONS_FOLDER = 'db/migrations';

const TRANSACTION_CONTROL = new Set(['begin', 'start', 'commit', 'end', 'rollback', 'abort']);

export class MigrationError extends Error {
  /** e.g. 'db/migrations/001_notes.sql' */
  readonly file: string;
  /** 1-based line of the failing statement in the file, or null when it is not known. */
  readonly line: number | null;
  /** PostgreSQL's message (or Mason's, for a changed or malformed migration). */
  readonly sqlMessage: string;
  /** PostgreSQL's SQLSTATE, when PostgreSQL refused it. */
  readonly code: string | null;

  constructor(file: string, line: number | null, sqlMessage: string, code: string | null = null) {
    super(`${file}${line === null ? '' : `:${line}`}: ${sqlMessage}`);
    this.name = 'MigrationError';
    this.file = file;
    this.line = line;
    this.sqlMessage = sqlMessage;
    this.code = code;
  }
}

export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

interface PgError {
  message: string;
  code?: string;
  position?: string | number;
}

function isPgError(error: unknown): error is PgError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

const fileOf = (migration: Migration) => `${MIGRATIONS_FOLDER}/${migration.name}`;

function checkMigrations(migrations: readonly Migration[]): Migration[] {
  const seen = new Set<string>();
  for (const migration of migrations) {
    if (typeof migration.name !== 'string' || !/^[^/\\]+\.sql$/.test(migration.name))
      throw new MigrationError(
        fileOf(migration),
        null,
        'A migration is a file name ending in .sql, such as 001_notes.sql',
      );
    if (seen.has(migration.name))
      throw new MigrationError(fileOf(migration), null, 'Two migrations have this name');
    seen.add(migration.name);
  }
  return [...migrations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A migration must not end the transaction it runs in: the whole batch applies or none of it. */
function refuseTransactionControl(migration: Migration) {
  for (const statement of splitStatements(migration.sql)) {
    if (TRANSACTION_CONTROL.has(statement.keyword))
      throw new MigrationError(
        fileOf(migration),
        statement.line,
        `${statement.keyword.toUpperCase()} is not allowed: migrations run in one transaction that Mason begins and commits`,
      );
  }
}

/**
 * The line of a failure: from PostgreSQL's position when it gives one, else by running the
 * statements one by one (the savepoint undoes the script's first run) until one fails the same way.
 */
async function lineOfFailure(sql: OwnerSqlClient, migration: Migration, error: PgError) {
  const position = Number(error.position);
  if (position > 0) return lineOfPosition(migration.sql, position);
  await sql.query('rollback to savepoint mason_migration');
  for (const statement of splitStatements(migration.sql)) {
    try {
      await sql.exec(statement.text);
    } catch (again) {
      if (!isPgError(again) || again.code !== error.code) return null;
      const within = Number(again.position);
      if (!(within > 0)) return statement.line;
      const before = Array.from(migration.sql.slice(0, statement.start)).length;
      return lineOfPosition(migration.sql, before + within);
    }
  }
  return null;
}

/**
 * Applies, in one transaction as owner, the migrations not yet applied (by name, in name order),
 * recording each (name, checksum, applied_at) in `mason.migrations`. A checksum change of an
 * applied one is a MigrationError; any failure rolls back everything and throws MigrationError
 * with the file and the line of the failing statement. Invalidates the schema cache on success.
 */
export async function applyMigrations(
  db: AppDatabase,
  migrations: readonly Migration[],
): Promise<{ applied: string[] }> {
  const sorted = checkMigrations(migrations);
  const applied = await db.asOwner((sql) => applyPending(sql, sorted));
  if (applied.length > 0) db.schemaCache.invalidate();
  return { applied };
}

/** In the caller's owner transaction: applies the migrations of `sorted` not applied yet. */
async function applyPending(sql: OwnerSqlClient, sorted: readonly Migration[]): Promise<string[]> {
  // Two appliers of one server database take turns.
  await sql.query('lock table mason.migrations in share row exclusive mode');
  const { rows } = await sql.query<{ name: string; checksum: string }>(
    'select name, checksum from mason.migrations',
  );
  const known = new Map(rows.map((row) => [row.name, row.checksum]));
  for (const migration of sorted) {
    const checksum = known.get(migration.name);
    if (checksum !== undefined && checksum !== migrationChecksum(migration.sql))
      throw new MigrationError(
        fileOf(migration),
        null,
        'This migration changed after it was applied; leave it as it was and write a new migration',
      );
  }
  const pending = sorted.filter((migration) => !known.has(migration.name));
  for (const migration of pending) refuseTransactionControl(migration);
  // An undo written after its migration was applied is kept from now on (never replaced).
  for (const migration of sorted)
    if (known.has(migration.name) && migration.down?.trim())
      await sql.query(
        'update mason.migrations set down_sql = $2 where name = $1 and down_sql is null',
        [migration.name, migration.down],
      );
  for (const migration of pending) {
    await sql.query('savepoint mason_migration');
    try {
      await sql.exec(migration.sql);
    } catch (error) {
      if (!isPgError(error)) throw error;
      const line = await lineOfFailure(sql, migration, error);
      throw new MigrationError(fileOf(migration), line, error.message, error.code ?? null);
    }
    await sql.query('release savepoint mason_migration');
    await sql.query('insert into mason.migrations (name, checksum, down_sql) values ($1, $2, $3)', [
      migration.name,
      migrationChecksum(migration.sql),
      migration.down ?? null,
    ]);
  }
  return pending.map((migration) => migration.name);
}

/**
 * Brings a database's schema to what `migrations` (a version's) expect, in one owner transaction:
 * the applied migrations that version does not have are taken back by their undo (newest first,
 * each forgotten), then its migrations not applied yet are applied. For a database Mason cannot
 * copy (an attached one): its data is not brought back, only the schema. A migration to take back
 * without an undo throws IrreversibleMigrationError and nothing changes; a failing undo or
 * migration throws MigrationError (at its file and line) and nothing changes.
 */
export async function syncMigrations(
  db: AppDatabase,
  migrations: readonly Migration[],
): Promise<{ reverted: string[]; applied: string[] }> {
  const sorted = checkMigrations(migrations);
  const wanted = new Set(sorted.map((migration) => migration.name));
  const outcome = await db.asOwner(async (sql) => {
    await sql.query('lock table mason.migrations in share row exclusive mode');
    const { rows } = await sql.query<{ name: string; down_sql: string | null }>(
      'select name, down_sql from mason.migrations order by name collate "C" desc',
    );
    const extra = rows.filter((row) => !wanted.has(row.name));
    const missing = extra.find((row) => !row.down_sql?.trim());
    if (missing) throw new IrreversibleMigrationError(missing.name);
    for (const row of extra) {
      const undo: Migration = {
        name: row.name.replace(/\.sql$/, '.down.sql'),
        sql: row.down_sql ?? '',
      };
      refuseTransactionControl(undo);
      await sql.query('savepoint mason_migration');
      try {
        await sql.exec(undo.sql);
      } catch (error) {
        if (!isPgError(error)) throw error;
        const line = await lineOfFailure(sql, undo, error);
        throw new MigrationError(fileOf(undo), line, error.message, error.code ?? null);
      }
      await sql.query('release savepoint mason_migration');
      await sql.query('delete from mason.migrations where name = $1', [row.name]);
    }
    return { reverted: extra.map((row) => row.name), applied: await applyPending(sql, sorted) };
  });
  if (outcome.reverted.length > 0 || outcome.applied.length > 0) db.schemaCache.invalidate();
  return outcome;
}

/** The migrations applied to a database, in name order. */
export async function appliedMigrations(
  db: AppDatabase,
): Promise<{ name: string; checksum: string; appliedAt: Date }[]> {
  const { rows } = await db.asOwner((sql) =>
    sql.query<{ name: string; checksum: string; applied_at: Date | string }>(
      'select name, checksum, applied_at from mason.migrations order by name collate "C"',
    ),
  );
  return rows.map((row) => ({
    name: row.name,
    checksum: row.checksum,
    appliedAt: row.applied_at instanceof Date ? row.applied_at : new Date(row.applied_at),
  }));
}
