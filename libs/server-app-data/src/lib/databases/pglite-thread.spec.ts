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

describe('a read-only transaction of one final statement (sent in one message)', () => {
  const readOnly = { readOnly: true, settings: [['mason.who', 'reader']] as [string, string][] };
  const finalRead = <Row>(text: string, params: unknown[] = []) =>
    db.transaction(
      async (sql) => (await sql.query<Row>(text, params, { final: true })).rows,
      readOnly,
    );

  it('answers the rows a plain query does, its settings seen by the statement only', async () => {
    const text = `select $1::int + 1 as next, $2::text as word, $3::text is null as missing,
      current_setting('mason.who', true) as who, '{"a":[1]}'::jsonb as doc, 7::bigint as big`;
    const params = [41, 'hi', null];
    const plain = await db.transaction(
      async (sql) => (await sql.query(text, params)).rows,
      readOnly,
    );
    const [row] = await finalRead<Record<string, unknown>>(text, params);
    expect(row).toEqual({ ...plain[0], who: 'reader' });
    expect(row).toMatchObject({ next: 42, word: 'hi', missing: true, doc: { a: [1] } });
    const after = await db.transaction(
      async (sql) =>
        (
          await sql.query<{ who: string | null }>(
            `select current_setting('mason.who', true) as who`,
          )
        ).rows,
    );
    expect(after[0]?.who ?? '').toBe('');
  });

  it("brings an error back with PostgreSQL's fields, refuses writes, and the next transaction runs", async () => {
    await expect(finalRead('select 1 / $1::int as n', [0])).rejects.toMatchObject({
      code: '22012',
    });
    await expect(
      finalRead("insert into steps values (90, 'no') returning n"),
    ).rejects.toMatchObject({
      code: '25006',
    });
    const rows = await finalRead<{ count: number }>(
      'select count(*)::int as count from steps where n = $1',
      [90],
    );
    expect(rows).toEqual([{ count: 0 }]);
    // The failed transactions were rolled back: a write transaction runs and commits.
    await db.transaction((sql) => sql.query("insert into steps values (91, 'after')"));
    expect(await finalRead<{ by: string }>('select by from steps where n = $1', [91])).toEqual([
      { by: 'after' },
    ]);
  });
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
