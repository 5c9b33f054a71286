// Test helpers of @mason/server-db (entry `@mason/server-db/testing`): a fresh database per test
// file. Without TEST_DATABASE_URL: PGlite, in a temp folder copied from a migrated template
// folder. With TEST_DATABASE_URL=postgres://…: a new database with a random name on that
// server, dropped afterwards.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type DatabaseHandle, type DatabaseOptions } from './database';
import { findMigrationsFolder } from './migrations-folder';

export interface TestDatabaseTarget {
  /** Opens this same database (again) with createDatabase or a server built from these options. */
  options: DatabaseOptions;
  /** 'pglite' or 'postgres', following TEST_DATABASE_URL. */
  kind: 'pglite' | 'postgres';
  /** Removes the database (drops it or deletes its folder). Close every handle first. */
  dispose: () => Promise<void>;
}

export interface TestDatabase extends DatabaseHandle {
  /** Closes the handle and removes the database. */
  close: () => Promise<void>;
}

/** The PostgreSQL server the tests use, or undefined for PGlite. */
export function testDatabaseUrl(): string | undefined {
  return process.env['TEST_DATABASE_URL'] || undefined;
}

function randomName(): string {
  return `mason_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

async function withServer<T>(
  serverUrl: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database that can be opened (and closed and reopened) by the code under test:
 * a PostgreSQL database on TEST_DATABASE_URL's server, or a PGlite data folder in the temp dir.
 */
export async function createTestDatabaseTarget(): Promise<TestDatabaseTarget> {
  const serverUrl = testDatabaseUrl();
  if (serverUrl) {
    const name = randomName();
    await withServer(serverUrl, async (client) => {
      await client.query(`create database "${name}"`);
      // A commit returns without waiting for its WAL record to reach the disk: a test database
      // never outlives a crash of the PostgreSQL server, and the suite spent its waits there.
      // Mason's own crash and restart tests are unaffected (the server keeps what they commit).
      await client.query(`alter database "${name}" set synchronous_commit = off`);
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      kind: 'postgres',
      options: { databaseUrl: url.toString(), poolSize: 4 },
      dispose: async () => {
        await withServer(serverUrl, (client) =>
          client.query(`drop database if exists "${name}" with (force)`),
        );
      },
    };
  }
  const dataDir = await copyOfPgliteTemplate();
  return {
    kind: 'pglite',
    options: { dataDir },
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A key that changes whenever a migration changes. */
function migrationsKey(folder: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(folder);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A dump of a freshly migrated PGlite database, cached in the temp folder across test files
 * and runs (keyed by the migrations): the template folder below starts from it instead of
 * running initdb and every migration again.
 */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const file = path.join(
    os.tmpdir(),
    `mason-pglite-template-${migrationsKey(findMigrationsFolder())}.tar`,
  );
  if (fs.existsSync(file)) {
    return new Blob([fs.readFileSync(file)]);
  }
  const handle = await createDatabase();
  try {
    if (!handle.dump) throw new Error('PGlite handles can dump their data folder.');
    const dump = await handle.dump();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file); // atomic: parallel test workers never read half a file
    return dump;
  } finally {
    await handle.close();
  }
}

/**
 * A closed, freshly migrated PGlite data folder in the temp folder, made once across test files
 * and runs (keyed by the migrations). Opening a copy of it takes a fraction of loading a
 * snapshot into PGlite's in-memory file system (a 40 MB tar unpacked in JavaScript), and
 * queries on it ran no slower.
 */
async function migratedPgliteTemplate(): Promise<string> {
  const template = path.join(
    os.tmpdir(),
    `mason-pglite-template-${migrationsKey(findMigrationsFolder())}`,
  );
  if (fs.existsSync(path.join(template, 'PG_VERSION'))) return template;
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-pglite-staging-'));
  try {
    const handle = await createDatabase({
      dataDir: staging,
      pgliteSnapshot: await migratedPgliteSnapshot(),
    });
    await handle.close();
    try {
      // Atomic: a parallel test worker never copies half a template.
      fs.renameSync(path.join(staging, 'pglite'), template);
    } catch (error) {
      // Another worker made it first; theirs is as good.
      if (!fs.existsSync(path.join(template, 'PG_VERSION'))) throw error;
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return template;
}

/** A new temp folder holding a copy of the migrated template, to open with createDatabase. */
async function copyOfPgliteTemplate(): Promise<string> {
  const template = await migratedPgliteTemplate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-test-db-'));
  fs.cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** A fresh, migrated database for one test file: PGlite or PostgreSQL (see above). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const target = await createTestDatabaseTarget();
  let handle: DatabaseHandle;
  try {
    handle = await createDatabase(target.options);
  } catch (error) {
    await target.dispose();
    throw error;
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await target.dispose();
    },
  };
}
