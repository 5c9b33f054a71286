// Only on a PostgreSQL server (`nx run server-app-data:test-pg`): two Mason processes (two
// AppDatabases on the same server) creating and bootstrapping the same database at once.
import {
  createTestAppDatabases,
  DATABASE_TEST_TIMEOUT_MS,
  type TestAppDatabases,
} from '../../test-utils/app-databases';
import { applyMigrations, appliedMigrations } from './migrations';

jest.setTimeout(DATABASE_TEST_TIMEOUT_MS);

let harness: TestAppDatabases;
beforeAll(async () => {
  harness = await createTestAppDatabases();
});
afterAll(() => harness?.cleanup());

it('runs in server mode', () => {
  expect(harness.mode).toBe('server');
});

it('lets two processes create, bootstrap and migrate one database at the same time', async () => {
  const steps = [{ name: 'test/001_users', sql: 'create table auth.users (id uuid primary key);' }];
  const first = harness.another({ bootstrap: steps });
  const second = harness.another({ bootstrap: steps });
  const migration = { name: '001_notes.sql', sql: 'create table notes (id int);' };
  const results = await Promise.all(
    [first, second, first, second].map((databases) =>
      databases.use('raced', 'production', (db) => applyMigrations(db, [migration])),
    ),
  );
  // Exactly one of them applied it; the others found it applied.
  expect(results.flatMap((result) => result.applied)).toEqual(['001_notes.sql']);
  const applied = await first.use('raced', 'production', async (db) => ({
    migrations: (await appliedMigrations(db)).map((m) => m.name),
    steps: (
      await db.asOwner((sql) =>
        sql.query<{ name: string; times: number }>(
          `select name, count(*)::int as times from mason.bootstrap_steps group by name having name like 'test/%'`,
        ),
      )
    ).rows,
  }));
  expect(applied).toEqual({
    migrations: ['001_notes.sql'],
    steps: [{ name: 'test/001_users', times: 1 }],
  });
  expect((await harness.serverDatabases()).filter((name) => name.endsWith('_prod'))).toHaveLength(
    1,
  );
  await first.close();
  await second.close();
});
