// Opening, sharing, capping and closing databases, on PGlite and on the PostgreSQL server.
import {
  createTestAppDatabases,
  DATABASE_TEST_TIMEOUT_MS,
  waitFor,
  type TestAppDatabases,
} from '../../test-utils/app-databases';
import type { AppDatabases } from './app-databases';
import type { AppDatabase } from './types';

jest.setTimeout(DATABASE_TEST_TIMEOUT_MS);

let harness: TestAppDatabases;
beforeAll(async () => {
  harness = await createTestAppDatabases();
});
afterAll(() => harness?.cleanup());

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const openIds = (databases: AppDatabases) =>
  databases
    .openDatabases()
    .map((key) => `${key.projectId}/${key.environment}`)
    .sort();

const addRow = (db: AppDatabase, value: string) =>
  db.asOwner((sql) =>
    sql.exec(`create table if not exists kept (v text); insert into kept values ('${value}');`),
  );
const keptRows = (db: AppDatabase) =>
  db.asOwner(async (sql) =>
    (await sql.query<{ v: string }>('select v from kept order by v')).rows.map((row) => row.v),
  );
/** The instance's start: one PGlite per open database, so two opens would show two. */
const startedAt = (db: AppDatabase) =>
  db.asOwner(async (sql) =>
    String((await sql.query<{ t: unknown }>('select pg_postmaster_start_time() as t')).rows[0]?.t),
  );

it('opens a database once for two uses at the same time', async () => {
  const databases = harness.another();
  const [a, b] = await Promise.all([
    databases.use('shared', 'development', startedAt),
    databases.use('shared', 'development', startedAt),
  ]);
  expect(a).toBe(b);
  expect(openIds(databases)).toEqual(['shared/development']);
  await databases.close();
});

it('closes the least recently used idle database over the cap, and reopens it with its data', async () => {
  const databases = harness.another({ maxOpen: 2 });
  await databases.use('cap-a', 'development', (db) => addRow(db, 'a'));
  await databases.use('cap-b', 'development', (db) => addRow(db, 'b'));
  expect(openIds(databases)).toEqual(['cap-a/development', 'cap-b/development']);
  await databases.use('cap-c', 'development', (db) => addRow(db, 'c'));
  expect(openIds(databases)).toEqual(['cap-b/development', 'cap-c/development']);
  expect(await databases.use('cap-a', 'development', keptRows)).toEqual(['a']);
  expect(openIds(databases)).toEqual(['cap-a/development', 'cap-c/development']);
  await databases.close();
});

it('never closes a database under running work to keep the cap', async () => {
  const databases = harness.another({ maxOpen: 1 });
  const hold = deferred();
  const inside = deferred();
  const running = databases.use('busy', 'development', async (db) => {
    await addRow(db, 'before');
    inside.resolve();
    await hold.promise;
    await addRow(db, 'after');
    return keptRows(db);
  });
  try {
    await inside.promise;
    // Opening another goes over the cap for its time: the busy one cannot close, the other one
    // closes as soon as it is idle.
    expect(
      await databases.use('other', 'development', async (db) => {
        await addRow(db, 'x');
        return openIds(databases);
      }),
    ).toEqual(['busy/development', 'other/development']);
    expect(openIds(databases)).toEqual(['busy/development']);
  } finally {
    hold.resolve();
  }
  expect(await running).toEqual(['after', 'before']);
  expect(await databases.use('other', 'development', keptRows)).toEqual(['x']);
  expect(openIds(databases)).toEqual(['other/development']);
  await databases.close();
});

it('closes an idle database after idleMs, never one in use, and reopens it with its data', async () => {
  const databases = harness.another({ idleMs: 1 });
  const hold = deferred();
  const inside = deferred();
  const running = databases.use('in-use', 'development', async (db) => {
    inside.resolve();
    await hold.promise;
    await addRow(db, 'still open');
    return keptRows(db);
  });
  try {
    await inside.promise;
    await databases.use('idle', 'development', (db) => addRow(db, 'i'));
    await waitFor(() => !openIds(databases).includes('idle/development'), 'the idle close');
    expect(openIds(databases)).toEqual(['in-use/development']);
  } finally {
    hold.resolve();
  }
  expect(await running).toEqual(['still open']);
  await waitFor(() => openIds(databases).length === 0, 'the second idle close');
  expect(await databases.use('idle', 'development', keptRows)).toEqual(['i']);
  await databases.close();
});

it('close() waits for running work, then refuses new work', async () => {
  const databases = harness.another();
  const hold = deferred();
  const inside = deferred();
  const running = databases.use('closing', 'development', async (db) => {
    inside.resolve();
    await hold.promise;
    await addRow(db, 'written while closing');
    return keptRows(db);
  });
  await inside.promise;
  let closed = false;
  const closing = databases.close().then(() => (closed = true));
  try {
    await expect(databases.use('closing', 'development', keptRows)).rejects.toThrow('closed');
    expect(closed).toBe(false);
  } finally {
    hold.resolve();
  }
  expect(await running).toEqual(['written while closing']);
  await closing;
  expect(openIds(databases)).toEqual([]);

  const again = harness.another();
  expect(await again.use('closing', 'development', keptRows)).toEqual(['written while closing']);
  await again.close();
});

it('rolls an owner transaction back when its work throws', async () => {
  const databases = harness.another();
  await databases.use('rollback', 'development', async (db) => {
    await addRow(db, 'kept');
    await expect(
      db.asOwner(async (sql) => {
        await sql.query(`insert into kept values ('lost')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await keptRows(db)).toEqual(['kept']);
  });
  await databases.close();
});

it("cancels a caller's statement that runs too long, keeps what was committed, and answers the next caller", async () => {
  const databases = harness.another({ callerStatementTimeoutMs: 500 });
  await databases.use('slow', 'development', (db) => addRow(db, 'committed'));
  const slow = databases.use('slow', 'development', (db) =>
    db.asCaller('anon', { role: 'anon' })((sql) => sql.query('select pg_sleep(60)')),
  );
  await expect(slow).rejects.toMatchObject({
    code: '57014',
    message: 'canceling statement due to statement timeout',
  });
  const next = await databases.use('slow', 'development', (db) =>
    db.asCaller('anon', { role: 'anon' })(
      async (sql) => (await sql.query<{ n: number }>('select 1 as n')).rows,
    ),
  );
  expect(next).toEqual([{ n: 1 }]);
  // The owner's work (a migration) has no such limit.
  await databases.use('slow', 'development', (db) =>
    db.asOwner((sql) => sql.query('select pg_sleep(1)')),
  );
  expect(await databases.use('slow', 'development', keptRows)).toEqual(['committed']);
  await databases.close();
});
