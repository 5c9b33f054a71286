// The PGlite engine's own folder handling (in both test passes: it never uses a server).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DATABASE_TEST_TIMEOUT_MS } from '../../test-utils/app-databases';
import { AppDatabases } from './app-databases';
import type { AppDatabase } from './types';

jest.setTimeout(DATABASE_TEST_TIMEOUT_MS);

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mason-pglite-engine-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

const addRow = (db: AppDatabase, value: string) =>
  db.asOwner((sql) =>
    sql.exec(`create table if not exists kept (v text); insert into kept values ('${value}');`),
  );
const keptRows = (db: AppDatabase) =>
  db.asOwner(async (sql) =>
    (await sql.query<{ v: string }>('select v from kept order by v')).rows.map((row) => row.v),
  );

it('keeps each database in its folder under DATA_DIR/app-data', async () => {
  const databases = new AppDatabases({ dataDir });
  await databases.use('folders', 'production', (db) => addRow(db, 'p'));
  const snapshot = await databases.snapshot('folders', 'production');
  await databases.close();
  const folder = path.join(dataDir, 'app-data', 'folders', 'production');
  expect((await fs.readdir(folder)).sort()).toEqual(['pgdata', 'snapshots']);
  expect(await fs.readdir(path.join(folder, 'snapshots'))).toEqual([snapshot.id]);
});

it('makes the template again when PGlite cannot open it (one made by another PGlite version)', async () => {
  const databases = new AppDatabases({ dataDir });
  await databases.use('before-upgrade', 'development', (db) => addRow(db, 'old'));
  await databases.close();
  // What an older PGlite's template looks like to this one: a data folder of another version.
  await fs.writeFile(path.join(dataDir, 'app-data/.template/PG_VERSION'), '9\n');
  const upgraded = new AppDatabases({ dataDir });
  await upgraded.use('after-upgrade', 'development', (db) => addRow(db, 'new'));
  expect(await upgraded.use('after-upgrade', 'development', keptRows)).toEqual(['new']);
  expect(await upgraded.use('before-upgrade', 'development', keptRows)).toEqual(['old']);
  await upgraded.close();
});
