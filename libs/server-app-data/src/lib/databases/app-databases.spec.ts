// What every app database starts with, and who can reach what: on PGlite (`nx test`) and on the
// PostgreSQL server (`nx run server-app-data:test-pg`).
import {
  createTestAppDatabases,
  DATABASE_TEST_TIMEOUT_MS,
  type TestAppDatabases,
} from '../../test-utils/app-databases';
import type { SqlClient } from '@mason/server-postgrest';
import type { AppDatabases } from './app-databases';

jest.setTimeout(DATABASE_TEST_TIMEOUT_MS);

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

let harness: TestAppDatabases;
let databases: AppDatabases;

beforeAll(async () => {
  harness = await createTestAppDatabases({
    bootstrap: [
      { name: 'test/001_kinds', sql: 'create table auth.kinds (name text primary key);' },
      { name: 'test/002_kind', sql: "insert into auth.kinds values ('first');" },
    ],
  });
  databases = harness.databases;
});

afterAll(() => harness?.cleanup());

const notesSql = `
create table notes (
  id serial primary key,
  user_id uuid not null default auth.uid(),
  title text not null
);
alter table notes enable row level security;
create policy own_notes on notes for all using (user_id = auth.uid()) with check (user_id = auth.uid());
insert into notes (user_id, title) values
  ('${ALICE}', 'alice 1'), ('${ALICE}', 'alice 2'), ('${BOB}', 'bob 1');`;

/** The PostgreSQL error a promise rejects with. */
async function pgError(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected a PostgreSQL error');
}

describe('a new database', () => {
  it('is created on first use, not by exists()', async () => {
    expect(await databases.exists('fresh', 'development')).toBe(false);
    await databases.use('fresh', 'development', async () => undefined);
    expect(await databases.exists('fresh', 'development')).toBe(true);
    expect(await databases.exists('fresh', 'production')).toBe(false);
  });

  it('has the roles anon and authenticated, which cannot log in, and the owner may become both', async () => {
    const { rows } = await databases.use('roles', 'development', (db) =>
      db.asOwner((sql) =>
        sql.query<{ rolname: string; rolcanlogin: boolean; member: boolean }>(
          `select rolname, rolcanlogin, pg_has_role(current_user, rolname, 'member') as member
           from pg_roles where rolname in ('anon', 'authenticated') order by rolname`,
        ),
      ),
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolcanlogin: false, member: true },
      { rolname: 'authenticated', rolcanlogin: false, member: true },
    ]);
  });

  it('runs a caller as its role with auth.uid(), auth.role() and auth.jwt() from the claims', async () => {
    const claims = { sub: ALICE, role: 'authenticated', email: 'alice@example.com' };
    const [asAlice, asAnon] = await databases.use('claims', 'development', async (db) => [
      await db.asCaller(
        'authenticated',
        claims,
      )((sql) =>
        sql.query(
          'select current_user as "user", auth.uid() as uid, auth.role() as role, auth.jwt() as jwt',
        ),
      ),
      await db.asCaller('anon', { role: 'anon' })((sql) =>
        sql.query('select current_user as "user", auth.uid() as uid, auth.role() as role'),
      ),
    ]);
    expect(asAlice.rows).toEqual([
      { user: 'authenticated', uid: ALICE, role: 'authenticated', jwt: claims },
    ]);
    expect(asAnon.rows).toEqual([{ user: 'anon', uid: null, role: 'anon' }]);
  });

  it('applies the given bootstrap steps once, in order, after its own', async () => {
    const { rows } = await databases.use('steps', 'development', async (db) => {
      await db.asOwner((sql) => sql.query('select 1'));
      return db.asOwner((sql) =>
        sql.query<{ name: string }>(
          'select name from mason.bootstrap_steps order by applied_at, name',
        ),
      );
    });
    const names = rows.map((row) => row.name);
    expect(names.slice(-2)).toEqual(['test/001_kinds', 'test/002_kind']);
    expect(names.filter((name) => name.startsWith('mason/')).length).toBeGreaterThan(0);

    // A newer Mason with one more step: only that one runs on the existing database.
    const newer = harness.another({
      bootstrap: [
        { name: 'test/001_kinds', sql: 'create table auth.kinds (name text primary key);' },
        { name: 'test/002_kind', sql: "insert into auth.kinds values ('first');" },
        { name: 'test/003_kind', sql: "insert into auth.kinds values ('second');" },
      ],
    });
    await databases.drop('unused-to-release');
    await databases.close();
    const kinds = await newer.use('steps', 'development', (db) =>
      db.asOwner((sql) => sql.query<{ name: string }>('select name from auth.kinds order by name')),
    );
    expect(kinds.rows.map((row) => row.name)).toEqual(['first', 'second']);
    databases = newer;
  });

  it('refuses a project id that is not a plain name', async () => {
    await expect(databases.use('../etc', 'development', async () => 1)).rejects.toThrow(
      'Not a project id',
    );
    await expect(databases.exists('a/b', 'development')).rejects.toThrow('Not a project id');
  });
});

describe('callers', () => {
  beforeAll(() =>
    databases.use('rls', 'development', (db) => db.asOwner((sql) => sql.exec(notesSql))),
  );

  const titles = (caller: 'anon' | 'authenticated', claims: Record<string, unknown>) =>
    databases.use('rls', 'development', (db) =>
      db.asCaller(
        caller,
        claims,
      )(async (sql) =>
        (await sql.query<{ title: string }>('select title from notes order by id')).rows.map(
          (row) => row.title,
        ),
      ),
    );

  it('see only the rows their policy lets them see; anon sees none', async () => {
    expect(await titles('authenticated', { sub: ALICE, role: 'authenticated' })).toEqual([
      'alice 1',
      'alice 2',
    ]);
    expect(await titles('authenticated', { sub: BOB, role: 'authenticated' })).toEqual(['bob 1']);
    expect(await titles('anon', { role: 'anon' })).toEqual([]);
  });

  it('cannot write a row as someone else, and a refused write changes nothing', async () => {
    const error = await pgError(
      databases.use('rls', 'development', (db) =>
        db.asCaller('authenticated', { sub: BOB })((sql) =>
          sql.query('insert into notes (user_id, title) values ($1, $2)', [ALICE, 'forged']),
        ),
      ),
    );
    expect(error.code).toBe('42501');
    expect(error.message).toMatch(/row-level security/);
    expect(await titles('authenticated', { sub: ALICE })).toEqual(['alice 1', 'alice 2']);
  });

  it('write their own rows through the default privileges (table and sequence)', async () => {
    await databases.use('rls', 'development', (db) =>
      db.asCaller('authenticated', { sub: BOB })((sql) =>
        sql.query('insert into notes (title) values ($1)', ['bob 2']),
      ),
    );
    expect(await titles('authenticated', { sub: BOB })).toEqual(['bob 1', 'bob 2']);
  });

  it.each([
    ['read the mason schema', 'select name from mason.migrations'],
    ['read the bootstrap record', 'select name from mason.bootstrap_steps'],
    ['read the auth schema tables', 'select name from auth.kinds'],
    ['create a table in public', 'create table public.mine (id int)'],
    [
      'create a function in public',
      'create function public.f() returns int language sql as $$ select 1 $$',
    ],
  ])('cannot %s', async (_what, statement) => {
    for (const role of ['anon', 'authenticated'] as const) {
      const error = await pgError(
        databases.use('rls', 'development', (db) =>
          db.asCaller(role, { sub: ALICE })((sql) => sql.query(statement)),
        ),
      );
      expect(error.code).toBe('42501');
    }
  });

  it('are not an owner: a table without policy shows them nothing, row-level security is not bypassed', async () => {
    const { rows } = await databases.use('rls', 'development', (db) =>
      db.asCaller('authenticated', { sub: ALICE })((sql) =>
        sql.query<{ super: boolean; bypass: boolean }>(
          `select rolsuper as super, rolbypassrls as bypass from pg_roles where rolname = current_user`,
        ),
      ),
    );
    expect(rows).toEqual([{ super: false, bypass: false }]);
  });

  describe('in a read-only transaction', () => {
    const asAlice = <T>(work: (sql: SqlClient) => Promise<T>) =>
      databases.use('rls', 'development', (db) =>
        db.asCaller('authenticated', { sub: ALICE })(work, { readOnly: true }),
      );

    it('read with a final statement, and the next transaction sees the same rows', async () => {
      const rows = await asAlice(
        async (sql) =>
          (
            await sql.query<{ title: string }>('select title from notes order by id', [], {
              final: true,
            })
          ).rows,
      );
      expect(rows.map((row) => row.title)).toEqual(['alice 1', 'alice 2']);
      expect(await titles('authenticated', { sub: ALICE })).toEqual(['alice 1', 'alice 2']);
    });

    it('refuse a write with 25006, and nothing is written', async () => {
      const error = await pgError(
        asAlice((sql) => sql.query('insert into notes (title) values ($1)', ['read-only'])),
      );
      expect(error.code).toBe('25006');
      expect(await titles('authenticated', { sub: ALICE })).toEqual(['alice 1', 'alice 2']);
    });

    it('refuse a statement after the final one; a failed final statement leaves the database usable', async () => {
      await expect(
        asAlice(async (sql) => {
          await sql.query('select 1', [], { final: true });
          return sql.query('select 2');
        }),
      ).rejects.toThrow('The transaction has ended');
      const error = await pgError(
        asAlice((sql) => sql.query('select no_such_column from notes', [], { final: true })),
      );
      expect(error.code).toBe('42703');
      expect(await titles('authenticated', { sub: ALICE })).toEqual(['alice 1', 'alice 2']);
    });
  });

  it('refuse an unknown role instead of running as the owner', () =>
    databases.use('rls', 'development', async (db) => {
      expect(() => db.asCaller('postgres' as 'anon', {})).toThrow('Not a caller role');
    }));
});

describe('projects', () => {
  it('never see each other: B has none of A’s tables or rows, and environments are apart', async () => {
    await databases.use('project-a', 'development', (db) =>
      db.asOwner((sql) =>
        sql.exec(`create table secrets (v text); insert into secrets values ('a');`),
      ),
    );
    const tables = (projectId: string, environment: 'development' | 'production') =>
      databases.use(projectId, environment, (db) =>
        db.asOwner(async (sql) =>
          (
            await sql.query<{ name: string }>(
              `select table_name as name from information_schema.tables where table_schema = 'public'`,
            )
          ).rows.map((row) => row.name),
        ),
      );
    expect(await tables('project-a', 'development')).toEqual(['secrets']);
    expect(await tables('project-b', 'development')).toEqual([]);
    expect(await tables('project-a', 'production')).toEqual([]);
    const error = await pgError(
      databases.use('project-b', 'development', (db) =>
        db.asOwner((sql) => sql.query('select v from secrets')),
      ),
    );
    expect(error.code).toBe('42P01');
  });

  it('drop deletes both environments and their snapshots; the next use starts empty', async () => {
    for (const environment of ['development', 'production'] as const)
      await databases.use('doomed', environment, (db) =>
        db.asOwner((sql) => sql.exec('create table t (v int); insert into t values (1);')),
      );
    await databases.snapshot('doomed', 'development');
    const before = await harness.serverDatabases();
    await databases.drop('doomed');
    expect(await databases.exists('doomed', 'development')).toBe(false);
    expect(await databases.exists('doomed', 'production')).toBe(false);
    expect(await databases.snapshots('doomed', 'development')).toEqual([]);
    if (harness.mode === 'server') {
      expect(before.filter((name) => name.includes('doomed'))).toHaveLength(3);
      expect((await harness.serverDatabases()).filter((name) => name.includes('doomed'))).toEqual(
        [],
      );
    }
    const { rows } = await databases.use('doomed', 'development', (db) =>
      db.asOwner((sql) => sql.query(`select to_regclass('public.t') as t`)),
    );
    expect(rows).toEqual([{ t: null }]);
  });
});
