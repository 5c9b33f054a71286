// A PGlite database in its worker thread, as AppDatabases uses it: one transaction at a time,
// PostgreSQL's error fields brought back, and a clear error once the thread is gone.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DATABASE_TEST_TIMEOUT_MS } from '../../test-utils/app-databases';
import { PgliteThread } from './pglite-thread';

jest.setTimeout(DATABASE_TEST_TIMEOUT_MS);

let dataDir: string;
let db: PgliteThread;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mason-pglite-thread-'));
  db = await PgliteThread.open(path.join(dataDir, 'pgdata'));
  await db.transaction((sql) => sql.exec('create table steps (n int primary key, by text)'));
});
afterAll(async () => {
  await db.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('runs transactions one after the other: statements of two never interleave', async () => {
  const seen: string[] = [];
  const writer = (by: string, from: number) =>
    db.transaction(async (sql) => {
      for (let n = from; n < from + 3; n += 1) {
        await sql.query('insert into steps values ($1, $2)', [n, by]);
        seen.push(by);
      }
      return (await sql.query<{ count: number }>('select count(*)::int as count from steps')).rows;
    });
  const [a, b] = await Promise.all([writer('a', 1), writer('b', 10)]);
  expect(seen).toEqual(['a', 'a', 'a', 'b', 'b', 'b']);
  expect([a[0]?.count, b[0]?.count]).toEqual([3, 6]);
});

it('rolls a transaction back when its work throws, and the next one runs', async () => {
  await expect(
    db.transaction(async (sql) => {
      await sql.query("insert into steps values (100, 'undone')");
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  const rows = await db.transaction(
    async (sql) => (await sql.query("select n from steps where by = 'undone'")).rows,
  );
  expect(rows).toEqual([]);
});

it("brings PostgreSQL's error back with its fields (code, position, constraint)", async () => {
  const duplicate = db.transaction((sql) => sql.query("insert into steps values (1, 'again')"));
  await expect(duplicate).rejects.toMatchObject({
    message: expect.stringContaining('duplicate key'),
    code: '23505',
    constraint: 'steps_pkey',
  });
  const typo = db.transaction((sql) => sql.exec('select 1;\nselec 2;'));
  await expect(typo).rejects.toMatchObject({ code: '42601', position: expect.any(String) });
});

it('brings back dates, numbers, JSON and bytes as values', async () => {
  const [row] = await db.transaction(
    async (sql) =>
      (
        await sql.query<Record<string, unknown>>(
          `select timestamptz '2026-01-01T00:00:00Z' as at, 2.5::float8 as n,
             '{"a":[1]}'::jsonb as doc, '\\x0102'::bytea as bytes, null as nothing`,
        )
      ).rows,
  );
  expect(new Date(String(row?.['at'])).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  expect(row).toMatchObject({ n: 2.5, doc: { a: [1] }, nothing: null });
  expect([...(row?.['bytes'] as Uint8Array)]).toEqual([1, 2]);
});

it('keeps what was committed when the database is opened again, and refuses work once closed', async () => {
  const folder = path.join(dataDir, 'reopened');
  const first = await PgliteThread.open(folder);
  await first.transaction((sql) =>
    sql.exec("create table kept (v text); insert into kept values ('x')"),
  );
  await first.close();
  await expect(first.transaction((sql) => sql.query('select 1'))).rejects.toThrow(
    'The database thread has stopped',
  );
  const again = await PgliteThread.open(folder);
  const rows = await again.transaction(async (sql) => (await sql.query('select v from kept')).rows);
  await again.close();
  expect(rows).toEqual([{ v: 'x' }]);
});

it('refuses to open a file as a database folder, and its thread stops', async () => {
  const file = path.join(dataDir, 'not-a-folder');
  await fs.writeFile(file, 'text');
  await expect(PgliteThread.open(file)).rejects.toThrow();
});
