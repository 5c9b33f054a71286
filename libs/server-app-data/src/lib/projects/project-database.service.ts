import { DATABASE_ENV_KEYS, type ProjectDatabase } from '@mason/contract';
import type { Executor, ProjectDatabaseRow } from '@mason/server-db';
import { anonKey, type AppJwtKeys } from '../auth/jwt';
import type { AppDataTarget } from '../api/app-data-api';
import type { AppDatabases } from '../databases/app-databases';
import {
  appliedMigrations,
  applyMigrations,
  MIGRATIONS_FOLDER,
  MigrationError,
  type Migration,
} from '../databases/migrations';
import type { AppEnvironment } from '../databases/types';
import { attachmentSummary } from './attachment-summary';
import { findProjectDatabase, insertBuiltInDatabase } from './project-database.repository';

export interface ProjectDatabaseServiceOptions {
  readonly db: Executor;
  readonly databases: AppDatabases;
  readonly keysOf: (target: AppDataTarget) => AppJwtKeys;
  /** The origin the preview's app runs on (its data API is that origin's /rest/v1 and /auth/v1). */
  readonly previewOrigin: (projectId: string) => string;
  /** The origin the published app runs on, once it has one. */
  readonly publishedOrigin: (projectId: string) => Promise<string | null>;
  /** The app's environment changed (its builds must be made again with the new variables). */
  readonly envChanged: (projectId: string) => void;
  /** The project's attached database service, decrypted (null: none). */
  readonly attachmentOf?: (projectId: string) => Promise<AttachedService | null>;
}

/** What the service reads of an attached database (never shown: the password). */
export interface AttachedService {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly database: string;
  /** A Supabase project: the app reads it directly, at its own URL with its anon key. */
  readonly supabase: {
    readonly projectRef: string;
    readonly projectUrl: string;
    readonly anonKey: string;
  } | null;
}

/** An environment variable Mason sets for an app (never stored with the person's own). */
export interface AppEnvVariable {
  readonly key: string;
  readonly value: string;
}

/** What applying a project's migrations did: the names applied now, or where it failed. */
export type MigrationOutcome =
  | { readonly ok: true; readonly applied: readonly string[] }
  | {
      readonly ok: false;
      /** 'db/migrations/002_tags.sql' */
      readonly file: string;
      readonly line: number | null;
      readonly message: string;
    };

const MIGRATION_PATH = new RegExp(`^${MIGRATIONS_FOLDER}/([^/]+\\.sql)$`);
const UNDO_SUFFIX = '.down.sql';

/**
 * The migration files among a version's files (path -> text or bytes), by name, each with its undo
 * when the version has one (db/migrations/001_notes.down.sql beside 001_notes.sql).
 */
export function migrationsInFiles(
  files: Iterable<readonly [string, string | Uint8Array]>,
): Migration[] {
  const ups = new Map<string, string>();
  const undos = new Map<string, string>();
  for (const [path, content] of files) {
    const name = MIGRATION_PATH.exec(path)?.[1];
    if (!name) continue;
    const sql = typeof content === 'string' ? content : Buffer.from(content).toString('utf8');
    if (name.endsWith(UNDO_SUFFIX)) undos.set(`${name.slice(0, -UNDO_SUFFIX.length)}.sql`, sql);
    else ups.set(name, sql);
  }
  return [...ups].map(([name, sql]) => {
    const down = undos.get(name);
    return down === undefined ? { name, sql } : { name, sql, down };
  });
}

/**
 * The migrations of a version's manifest (path -> blob), their undo files included, read with
 * `readTextFiles` (the version store's): only the files of db/migrations are read.
 */
export async function migrationsOfManifest(
  manifest: Readonly<Record<string, string>>,
  readTextFiles: (
    manifest: Readonly<Record<string, string>>,
    paths: readonly string[],
  ) => Promise<Map<string, string>>,
): Promise<Migration[]> {
  const paths = Object.keys(manifest).filter((path) => MIGRATION_PATH.test(path));
  return migrationsInFiles(await readTextFiles(manifest, paths));
}

/** Turning a project's database on, and what its app reads it with. */
export class ProjectDatabaseService {
  constructor(private readonly options: ProjectDatabaseServiceOptions) {}

  isEnabled = async (projectId: string): Promise<boolean> =>
    (await findProjectDatabase(this.options.db, projectId)) !== null;

  /**
   * Whether Mason serves the app's data API and sign-in (the built-in database, or an attached
   * PostgreSQL one); an attached Supabase project serves its own.
   */
  isServed = async (projectId: string): Promise<boolean> => {
    const row = await findProjectDatabase(this.options.db, projectId);
    return row !== null && row.provider !== 'SUPABASE';
  };

  /** Whether the project's database is the built-in one (the one Mason can copy and rewind). */
  isBuiltIn = async (projectId: string): Promise<boolean> =>
    (await findProjectDatabase(this.options.db, projectId))?.provider === 'MASON';

  async get(projectId: string): Promise<ProjectDatabase | null> {
    const row = await findProjectDatabase(this.options.db, projectId);
    return row ? this.describe(row) : null;
  }

  /**
   * Turns the built-in database on: the row, then the development database made and set up (so
   * the first preview after it finds its tables' home ready); the app's builds follow the new
   * variables. Calling it again changes nothing.
   */
  async enable(projectId: string): Promise<ProjectDatabase> {
    const before = await findProjectDatabase(this.options.db, projectId);
    const row = before ?? (await insertBuiltInDatabase(this.options.db, projectId));
    await this.options.databases.use(projectId, 'development', async () => undefined);
    if (!before) this.options.envChanged(projectId);
    return await this.describe(row);
  }

  /**
   * Applies the migrations not applied yet to the environment's database, in one transaction;
   * a failing one applies none and says where. Nothing to do while the database is off.
   */
  async migrate(
    projectId: string,
    environment: AppEnvironment,
    migrations: readonly Migration[],
  ): Promise<MigrationOutcome> {
    if (migrations.length === 0 || !(await this.isEnabled(projectId)))
      return { ok: true, applied: [] };
    try {
      const { applied } = await this.options.databases.use(projectId, environment, (db) =>
        applyMigrations(db, migrations),
      );
      return { ok: true, applied };
    } catch (error) {
      if (!(error instanceof MigrationError)) throw error;
      return { ok: false, file: error.file, line: error.line, message: error.sqlMessage };
    }
  }

  /** Whether any of `migrations` is not applied yet to the environment's database. */
  async hasPending(
    projectId: string,
    environment: AppEnvironment,
    migrations: readonly Migration[],
  ): Promise<boolean> {
    if (migrations.length === 0) return false;
    const applied = new Set(await this.appliedMigrations(projectId, environment));
    return migrations.some((migration) => !applied.has(migration.name));
  }

  /** The names of the migrations the environment's database has applied, in order. */
  async appliedMigrations(projectId: string, environment: AppEnvironment): Promise<string[]> {
    if (!(await this.isEnabled(projectId))) return [];
    const rows = await this.options.databases.use(projectId, environment, (db) =>
      appliedMigrations(db),
    );
    return rows.map((row) => row.name);
  }

  /** The variables Mason sets for the app in `environment` (none while the database is off). */
  async envVariables(projectId: string, environment: AppEnvironment): Promise<AppEnvVariable[]> {
    const row = await findProjectDatabase(this.options.db, projectId);
    if (!row) return [];
    const [urlKey, anonKeyKey] = DATABASE_ENV_KEYS;
    const supabase =
      row.provider === 'SUPABASE' ? (await this.attachment(projectId))?.supabase : null;
    if (supabase)
      return [
        { key: urlKey, value: supabase.projectUrl },
        { key: anonKeyKey, value: supabase.anonKey },
      ];
    const origin =
      environment === 'development'
        ? this.options.previewOrigin(projectId)
        : await this.options.publishedOrigin(projectId);
    if (!origin) return [];
    return [
      { key: urlKey, value: origin },
      { key: anonKeyKey, value: await anonKey(this.options.keysOf({ projectId, environment })) },
    ];
  }

  private async attachment(projectId: string): Promise<AttachedService | null> {
    return (await this.options.attachmentOf?.(projectId)) ?? null;
  }

  private async describe(row: ProjectDatabaseRow): Promise<ProjectDatabase> {
    const attached = row.provider === 'MASON' ? null : await this.attachment(row.projectId);
    return {
      provider: row.provider,
      enabledAt: row.updatedAt.toISOString(),
      developmentUrl: attached?.supabase?.projectUrl ?? this.options.previewOrigin(row.projectId),
      envKeys: [...DATABASE_ENV_KEYS],
      attachment: attached && attachmentSummary(attached),
    };
  }
}
