// Time travel (issue 34 §4): snapshot, change, restore, and forward again, on PGlite and on the
// PostgreSQL server.
import {
  createTestAppDatabases,
  DATABASE_TEST_TIMEOUT_MS,
  type TestAppDatabases,
} from '../../test-utils/app-databases';
import { applyMigrations, appliedMigrations } from './migrations';
import { UnknownSnapshotError } from './names';
import type { AppDatabase } from './types';

jest.setTimeout(DATABASE_TEST_TIMEOUT_MS);

let harness: TestAppDatabases;
beforeAll(async () => {
  harness = await createTestAppDatabases();
});
afterAll(() => harness?.cleanup());

const PROJECT = 'travel';
const v1 = {
  name: '001_notes.sql',
  sql: `create table notes (id serial primary key, title text not null);
alter table notes enable row level security;
create policy anyone on notes for all using (true) with check (true);`,
};
const v2 = {
  name: '002_done.sql',
  sql: 'alter table notes add column done boolean not null default false;',
};

const use = <T>(work: (db: AppDatabase) => Promise<T>) =>
  harness.databases.use(PROJECT, 'development', work);

/** What a person would look at: the migrations, the columns, the rows (as a caller). */
const state = () =>
  use(async (db) => ({
    migrations: (await appliedMigrations(db)).map((m) => m.name),
    columns: await db.asOwner(async (sql) =>
      (
        await sql.query<{ name: string }>(
          `select column_name as name from information_schema.columns where table_name = 'notes' order by ordinal_position`,
        )
      ).rows.map((row) => row.name),
    ),
    titles: await db.asCaller('authenticated', { sub: '44444444-4444-4444-8444-444444444444' })(
      async (sql) =>
        (await sql.query<{ title: string }>('select title from notes order by id')).rows.map(
          (row) => row.title,
        ),
    ),
  }));

const addNote = (title: string) =>
  use((db) =>
    db.asCaller(
      'authenticated',
      {},
    )((sql) => sql.query('insert into notes (title) values ($1)', [title])),
  );

it('restores schema and rows, and going forward again loses nothing', async () => {
  await use((db) => applyMigrations(db, [v1]));
  await addNote('one');
  const atV1 = await harness.databases.snapshot(PROJECT, 'development');
  expect(atV1.bytes).toBeGreaterThan(0);
  expect(atV1.createdAt).toBeInstanceOf(Date);
  const v1State = { migrations: ['001_notes.sql'], columns: ['id', 'title'], titles: ['one'] };
  expect(await state()).toEqual(v1State);

  await use((db) => applyMigrations(db, [v1, v2]));
  await addNote('two');
  const v2State = {
    migrations: ['001_notes.sql', '002_done.sql'],
    columns: ['id', 'title', 'done'],
    titles: ['one', 'two'],
  };
  expect(await state()).toEqual(v2State);

  // Revert: keep the state being left, then bring v1 back.
  const atV2 = await harness.databases.snapshot(PROJECT, 'development');
  await harness.databases.restore(PROJECT, 'development', atV1.id);
  expect(await state()).toEqual(v1State);
  // The schema cache of the restored database is the restored schema's.
  const columns = await use((db) =>
    db.asOwner(async (sql) =>
      (await db.schemaCache.get(sql, 'public')).relations.get('notes')?.columns.map((c) => c.name),
    ),
  );
  expect(columns).toEqual(['id', 'title']);

  // Forward again.
  await harness.databases.restore(PROJECT, 'development', atV2.id);
  expect(await state()).toEqual(v2State);
  // A snapshot stays after a restore: v1 again.
  await harness.databases.restore(PROJECT, 'development', atV1.id);
  expect(await state()).toEqual(v1State);

  expect((await harness.databases.snapshots(PROJECT, 'development')).map((s) => s.id)).toEqual([
    atV1.id,
    atV2.id,
  ]);
  await harness.databases.deleteSnapshot(PROJECT, 'development', atV2.id);
  expect((await harness.databases.snapshots(PROJECT, 'development')).map((s) => s.id)).toEqual([
    atV1.id,
  ]);
  await expect(harness.databases.restore(PROJECT, 'development', atV2.id)).rejects.toThrow(
    UnknownSnapshotError,
  );
  await expect(harness.databases.restore(PROJECT, 'development', '../../x')).rejects.toThrow(
    UnknownSnapshotError,
  );
  expect(await state()).toEqual(v1State);
});

it('keeps environments apart: a development restore leaves production as it was', async () => {
  await harness.databases.use(PROJECT, 'production', (db) => applyMigrations(db, [v1, v2]));
  const snapshot = await harness.databases.snapshot(PROJECT, 'development');
  await expect(harness.databases.restore(PROJECT, 'production', snapshot.id)).rejects.toThrow(
    UnknownSnapshotError,
  );
  await harness.databases.restore(PROJECT, 'development', snapshot.id);
  const production = await harness.databases.use(PROJECT, 'production', appliedMigrations);
  expect(production.map((m) => m.name)).toEqual(['001_notes.sql', '002_done.sql']);
});

it('waits for running work before it copies, so the snapshot has what that work committed', async () => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let inside: () => void = () => undefined;
  const entered = new Promise<void>((resolve) => (inside = resolve));
  const running = use(async (db) => {
    inside();
    await held;
    await db.asCaller(
      'authenticated',
      {},
    )((sql) => sql.query(`insert into notes (title) values ('late')`));
  });
  await entered;
  const snapshotting = harness.databases.snapshot(PROJECT, 'development');
  release();
  await running;
  const snapshot = await snapshotting;
  await addNote('after the snapshot');
  await harness.databases.restore(PROJECT, 'development', snapshot.id);
  expect((await state()).titles.slice(-1)).toEqual(['late']);
});

it('snapshots a database never used (an empty, bootstrapped one)', async () => {
  const snapshot = await harness.databases.snapshot('never-used', 'development');
  expect(await harness.databases.exists('never-used', 'development')).toBe(true);
  await harness.databases.use('never-used', 'development', (db) => applyMigrations(db, [v1]));
  await harness.databases.restore('never-used', 'development', snapshot.id);
  expect(await harness.databases.use('never-used', 'development', appliedMigrations)).toEqual([]);
});
