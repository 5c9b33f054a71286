// Only on a PostgreSQL server (`nx run server-app-data:test-pg`): two Mason processes (two
// AppDatabases on the same server) creating and bootstrapping the same database at once.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { AppDatabases } from './app-databases';
import { applyMigrations, appliedMigrations } from './migrations';

// Its own small harness: lint counts a .pg-spec.ts as code, and src/test-utils imports src/lib.
jest.setTimeout(180_000);

const serverUrl = process.env['TEST_DATABASE_URL'] || null;
const databasePrefix = `t${randomBytes(4).toString('hex')}_`;
const made: AppDatabases[] = [];
const another = (bootstrap: { name: string; sql: string }[]) => {
  const databases = new AppDatabases({
    dataDir: os.tmpdir(),
    serverUrl,
    databasePrefix,
    bootstrap,
  });
  made.push(databases);
  return databases;
};

async function admin<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl ?? undefined });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const serverDatabases = () =>
  admin(async (client) =>
    (
      await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [databasePrefix],
      )
    ).rows.map((row) => row.datname),
  );

afterAll(async () => {
  for (const databases of made) await databases.close();
  for (const name of await serverDatabases())
    if (/^[a-z0-9_]+$/.test(name))
      await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
});

it('runs in server mode', () => {
  expect(serverUrl).toMatch(/^postgres/);
});

it('lets two processes create, bootstrap and migrate one database at the same time', async () => {
  const steps = [{ name: 'test/001_users', sql: 'create table auth.users (id uuid primary key);' }];
  const first = another(steps);
  const second = another(steps);
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
  expect((await serverDatabases()).filter((name) => name.endsWith('_prod'))).toHaveLength(1);
  await first.close();
  await second.close();
});
