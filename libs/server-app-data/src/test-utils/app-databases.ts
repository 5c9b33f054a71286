// Test harness (not production code): AppDatabases on a fresh temporary DATA_DIR (PGlite), or,
// when TEST_DATABASE_URL is set (`nx run server-app-data:test-pg`), on that PostgreSQL server
// with a database prefix of its own, so runs never see each other's databases. cleanup() closes
// every instance it made and deletes everything they made.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { AppDatabases } from '../lib/databases/app-databases';
import type { AppDatabasesOptions } from '../lib/databases/types';

export type TestAppDatabasesOptions = Omit<
  AppDatabasesOptions,
  'dataDir' | 'serverUrl' | 'databasePrefix'
>;

export interface TestAppDatabases {
  readonly mode: 'pglite' | 'server';
  readonly databases: AppDatabases;
  /** The options of `databases`: another AppDatabases on the same storage is `new AppDatabases(options)`. */
  readonly options: AppDatabasesOptions;
  /** Another AppDatabases on the same storage (closed by cleanup). */
  another(options?: TestAppDatabasesOptions): AppDatabases;
  /** The server databases made so far (empty on PGlite). */
  serverDatabases(): Promise<string[]>;
  cleanup(): Promise<void>;
}

/**
 * PGlite's initialised template, kept between spec files (initdb takes 5 to 20 s here, a copy
 * under one): seeded into each new DATA_DIR, saved from the first one that made it. A stale one
 * (another PGlite version) is made again by the engine itself.
 */
const CACHED_TEMPLATE = path.join(os.tmpdir(), 'mason-app-data-test-template');

async function seedTemplate(dataDir: string) {
  const template = path.join(dataDir, 'app-data', '.template');
  await fs.mkdir(path.dirname(template), { recursive: true });
  await fs.cp(CACHED_TEMPLATE, template, { recursive: true }).catch(() => undefined);
}

async function saveTemplate(dataDir: string) {
  const template = path.join(dataDir, 'app-data', '.template');
  const partial = `${CACHED_TEMPLATE}-${randomBytes(4).toString('hex')}`;
  try {
    await fs.cp(template, partial, { recursive: true });
    await fs.rename(partial, CACHED_TEMPLATE);
  } catch {
    // Not made here, or another spec file saved it first.
  } finally {
    await fs.rm(partial, { recursive: true, force: true });
  }
}

/** PGlite opens in seconds on a busy machine: give a spec's hooks and tests this long. */
export const DATABASE_TEST_TIMEOUT_MS = 180_000;

export async function createTestAppDatabases(
  options: TestAppDatabasesOptions = {},
): Promise<TestAppDatabases> {
  const serverUrl = process.env['TEST_DATABASE_URL'] || null;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mason-app-data-'));
  if (!serverUrl) await seedTemplate(dataDir);
  const databasePrefix = `t${randomBytes(4).toString('hex')}_`;
  const base: AppDatabasesOptions = { ...options, dataDir, serverUrl, databasePrefix };
  const made: AppDatabases[] = [];
  const make = (more: TestAppDatabasesOptions = {}) => {
    const databases = new AppDatabases({ ...base, ...more });
    made.push(databases);
    return databases;
  };
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: serverUrl ?? undefined });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const serverDatabases = async () =>
    serverUrl
      ? admin(async (client) => {
          const { rows } = await client.query<{ datname: string }>(
            'select datname from pg_database where starts_with(datname, $1) order by datname',
            [databasePrefix],
          );
          return rows.map((row) => row.datname);
        })
      : [];
  return {
    mode: serverUrl ? 'server' : 'pglite',
    databases: make(),
    options: base,
    another: make,
    serverDatabases,
    cleanup: async () => {
      try {
        for (const databases of made) await databases.close();
        for (const name of await serverDatabases()) {
          if (!/^[a-z0-9_]+$/.test(name)) continue;
          await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
        }
      } finally {
        if (!serverUrl) await saveTemplate(dataDir);
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Polls `condition` until it holds (no fixed sleeps: a busy machine only makes it slower). */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
