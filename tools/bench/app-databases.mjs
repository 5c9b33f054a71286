// Apps' databases (issue 34, §4 and §8), measured on the library itself (no Mason server):
//
// - Snapshot and restore per version at 1, 10 and 100 MB of rows: the time to take a snapshot
//   and its bytes, the time from a restore to the first query answered. On PGlite beside the
//   alternative Mason did not choose, PGlite's own dumpDataDir('gzip') / loadDataDir, on a copy
//   of the same database. On PostgreSQL (BENCH_DATABASE_URL's server) by CREATE DATABASE TEMPLATE.
// - Opening a project's idle PGlite database: time to the first query, at the same sizes, and a
//   new project's first query (its database copied from the template and bootstrapped).
//
// The library is bundled with esbuild into dist/bench/ first (its workspace imports resolved
// through tsconfig paths, its packages from node_modules).
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { workspaceRoot } from './processes.mjs';

const SIZES_MB = [1, 10, 100];
const ROW_BYTES = 1000;
const IDLE_MS = 100;

const now = () => performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function loadLibrary() {
  const { build } = await import('esbuild');
  const outfile = path.join(workspaceRoot, 'dist/bench/server-app-data.mjs');
  await build({
    entryPoints: [path.join(workspaceRoot, 'libs/server-app-data/src/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    packages: 'external',
    tsconfig: path.join(workspaceRoot, 'tsconfig.base.json'),
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}

async function waitUntil(condition) {
  const deadline = Date.now() + 120_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for an idle close');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Rows of about ROW_BYTES each: random hex text, which compresses about 2x (app text, more). */
async function fill(databases, projectId, mb) {
  const rows = Math.round((mb * 1024 * 1024) / ROW_BYTES);
  return databases.use(projectId, 'development', (db) =>
    db.asOwner(async (sql) => {
      await sql.exec(`create table items (id serial primary key, body text not null);
alter table items enable row level security;
create policy anyone on items for select using (true);`);
      await sql.query(
        `insert into items (body)
         select (select string_agg(md5(i::text || j::text || random()::text), '')
                 from generate_series(1, $2::int / 32) j)
         from generate_series(1, $1::int) i`,
        [rows, ROW_BYTES],
      );
      const { rows: size } = await sql.query(
        `select pg_total_relation_size('items') as bytes, pg_database_size(current_database()) as database`,
      );
      return { table: Number(size[0].bytes), database: Number(size[0].database) };
    }),
  );
}

const firstQuery = (databases, projectId) =>
  databases.use(projectId, 'development', (db) =>
    db.asCaller('anon', { role: 'anon' })((sql) => sql.query('select count(*) from items')),
  );

/** PGlite's own dump of a closed copy of the folder, and its load until the first query. */
async function pgliteDump(pgdata) {
  const { PGlite } = await import('@electric-sql/pglite');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'mason-bench-dump-'));
  try {
    cpSync(pgdata, path.join(scratch, 'copy'), { recursive: true });
    const db = await PGlite.create(path.join(scratch, 'copy'));
    let started = now();
    const dump = await db.dumpDataDir('gzip');
    const dumpMs = now() - started;
    await db.close();
    started = now();
    const loaded = await PGlite.create({
      dataDir: path.join(scratch, 'loaded'),
      loadDataDir: dump,
    });
    await loaded.query('select count(*) from items');
    const loadMs = now() - started;
    await loaded.close();
    return { dumpMs, loadMs, bytes: dump.size };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function measureEngine(library, options, { compareDump }) {
  const databases = new library.AppDatabases({ ...options, idleMs: IDLE_MS });
  const kind = databases.kind;
  const snapshotRows = [];
  const openRows = [];
  const run = randomBytes(3).toString('hex');
  const projects = [];
  try {
    for (const [nth, what] of [
      ['first', 'the first in its DATA_DIR (initialises the template)'],
      ['second', 'another (a copy of the template)'],
    ]) {
      const newProject = `bench-new-${nth}-${run}`;
      projects.push(newProject);
      const started = now();
      await databases.use(newProject, 'development', (db) =>
        db.asOwner((sql) => sql.query('select 1')),
      );
      openRows.push({
        measure: `${kind}: a new project's database, ${what}, to the first query`,
        value: seconds(now() - started),
        target: '(for information)',
      });
    }
    let started;
    for (const mb of SIZES_MB) {
      const projectId = `bench-${mb}mb-${run}`;
      projects.push(projectId);
      const size = await fill(databases, projectId, mb);
      const label = `${mb} MB of rows (table ${megabytes(size.table)}, database ${megabytes(size.database)})`;

      started = now();
      const snapshot = await databases.snapshot(projectId, 'development');
      const snapshotMs = now() - started;
      await databases.use(projectId, 'development', (db) =>
        db.asOwner((sql) => sql.query(`insert into items (body) values ('after the snapshot')`)),
      );
      started = now();
      await databases.restore(projectId, 'development', snapshot.id);
      await firstQuery(databases, projectId);
      const restoreMs = now() - started;

      let dump = null;
      if (compareDump) {
        const folder = path.join(options.dataDir, 'app-data', projectId, 'development');
        dump = await pgliteDump(path.join(folder, 'snapshots', snapshot.id));
      }
      snapshotRows.push({
        measure: `${label}: snapshot`,
        value: `${seconds(snapshotMs)}, ${megabytes(snapshot.bytes)}`,
        target: dump
          ? `dumpDataDir('gzip'): ${seconds(dump.dumpMs)}, ${megabytes(dump.bytes)} (${(dump.dumpMs / snapshotMs).toFixed(1)}x the time, ${(dump.bytes / snapshot.bytes).toFixed(2)}x the bytes)`
          : '(for information)',
      });
      snapshotRows.push({
        measure: `${label}: restore to the first query`,
        value: seconds(restoreMs),
        target: dump
          ? `loadDataDir: ${seconds(dump.loadMs)} (${(dump.loadMs / restoreMs).toFixed(1)}x)`
          : '(for information)',
      });

      const open = () => databases.openDatabases().some((key) => key.projectId === projectId);
      await waitUntil(() => !open());
      started = now();
      await firstQuery(databases, projectId);
      openRows.push({
        measure: `${kind}: an idle database of ${mb} MB of rows, to the first query`,
        value: seconds(now() - started),
        target: '(for information)',
      });
    }
  } finally {
    for (const projectId of projects) await databases.drop(projectId).catch(() => undefined);
    await databases.close();
  }
  return { kind, snapshotRows, openRows };
}

export async function appDatabases() {
  const library = await loadLibrary();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mason-bench-app-data-'));
  const rows = [];
  try {
    const pglite = await measureEngine(library, { dataDir }, { compareDump: true });
    const engines = [pglite];
    const serverUrl = process.env.BENCH_DATABASE_URL;
    if (serverUrl) {
      engines.push(
        await measureEngine(
          library,
          { dataDir, serverUrl, databasePrefix: `bench${randomBytes(3).toString('hex')}_` },
          { compareDump: false },
        ),
      );
    }
    for (const engine of engines) {
      const title =
        engine === pglite
          ? 'Snapshot and restore per version (PGlite: a copy of the closed folder, beside its own dump)'
          : `Snapshot and restore per version (${engine.kind}: CREATE DATABASE ... TEMPLATE)`;
      rows.push(...engine.snapshotRows.map((row) => ({ bench: title, ...row })));
    }
    rows.push(
      ...pglite.openRows.map((row) => ({
        bench: "Opening a project's idle PGlite database: time to the first query",
        ...row,
      })),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
