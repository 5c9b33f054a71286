import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { findMigrationsFolder } from './migrations-folder';
import { pgliteCodecs } from './pglite-codecs';
import * as schema from './schema';
import { withStartupLock } from './startup-lock';

export type Schema = typeof schema;

/** One drizzle type for both drivers: code written against it runs on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseOptions {
  /** A PostgreSQL server (postgres://…). When set, dataDir is ignored. */
  databaseUrl?: string;
  /** PGlite's data folder (created if missing). Without databaseUrl and dataDir: PGlite in memory. */
  dataDir?: string;
  /** Where the SQL migrations are; found automatically from source and from the bundled server. */
  migrationsFolder?: string;
  /** Connection pool size for a PostgreSQL server (default 10). */
  poolSize?: number;
  /**
   * PGlite only: start from this data folder dump (PGlite's dumpDataDir) instead of running
   * initdb. Tests load a migrated template this way, several times faster than a fresh start.
   */
  pgliteSnapshot?: Blob;
}

export interface DatabaseHandle {
  db: Database;
  /** 'pglite' (embedded, one connection) or 'postgres' (a server, a pool). */
  kind: 'pglite' | 'postgres';
  /** Closes the connection(s); idempotent. */
  close: () => Promise<void>;
  /** PGlite only: the whole data folder as an uncompressed tar (see pgliteSnapshot). */
  dump?: () => Promise<Blob>;
  /** PostgreSQL only: the server's URL, for clients that need their own connections (LISTEN, a job queue). */
  url?: string;
}

/**
 * Opens Mason's database and brings its schema up to date with the committed migrations.
 * PGlite is a single connection: open one instance per data folder per process (a lock file
 * in the folder refuses a second opener) and share the returned handle.
 */
export async function createDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? findMigrationsFolder();
  if (!fs.existsSync(path.join(migrationsFolder, 'meta', '_journal.json'))) {
    throw new Error(`No SQL migrations in ${migrationsFolder} (meta/_journal.json is missing).`);
  }
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, migrationsFolder, options.poolSize ?? 10)
    : openPglite(options.dataDir, migrationsFolder, options.pgliteSnapshot);
}

async function openPglite(
  dataDir: string | undefined,
  migrationsFolder: string,
  snapshot?: Blob,
): Promise<DatabaseHandle> {
  let unlock = () => undefined as void;
  let client: PGlite;
  if (dataDir) {
    const absolute = path.resolve(dataDir);
    fs.mkdirSync(absolute, { recursive: true });
    unlock = lockDataDir(absolute);
    try {
      const pgdata = path.join(absolute, 'pglite');
      // A snapshot only seeds an empty folder: an existing database is never overwritten.
      const seed = fs.existsSync(path.join(pgdata, 'PG_VERSION')) ? undefined : snapshot;
      client = await PGlite.create(pgdata, { loadDataDir: seed, ...pgliteCodecs });
    } catch (error) {
      unlock();
      throw error;
    }
  } else {
    client = await PGlite.create({ loadDataDir: snapshot, ...pgliteCodecs });
  }
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    unlock();
    throw error;
  }
  let closed = false;
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      unlock();
    },
  };
}

async function openPostgres(
  databaseUrl: string,
  migrationsFolder: string,
  poolSize: number,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  try {
    // Several server processes may start at once: one at a time migrates, the others wait.
    await withStartupLock(databaseUrl, (client) =>
      migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder }),
    );
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzleNodePg({ client: pool, schema });
  let closed = false;
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    url: databaseUrl,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** A transaction of the Database (what `db.transaction(async (tx) => …)` hands its callback). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Either the database or a transaction on it: repository functions take this so callers can compose them. */
export type Executor = Database | Transaction;
