// Migrations as the assistant and publishing use them, on PGlite and on the PostgreSQL server.
import {
  createTestAppDatabases,
  DATABASE_TEST_TIMEOUT_MS,
  type TestAppDatabases,
} from '../../test-utils/app-databases';
import {
  applyMigrations,
  appliedMigrations,
  IrreversibleMigrationError,
  migrationChecksum,
  MigrationError,
  syncMigrations,
} from './migrations';
import type { AppDatabase } from './types';

jest.setTimeout(DATABASE_TEST_TIMEOUT_MS);

let harness: TestAppDatabases;
beforeAll(async () => {
  harness = await createTestAppDatabases();
});
afterAll(() => harness?.cleanup());

const notes = {
  name: '001_notes.sql',
  sql: `create table notes (
  id serial primary key,
  user_id uuid not null default auth.uid(),
  title text not null
);
alter table notes enable row level security;
create policy own_notes on notes for all using (user_id = auth.uid()) with check (user_id = auth.uid());
`,
};
const tags = {
  name: '002_tags.sql',
  sql: "alter table notes add column tags text[] not null default '{}';\n",
};

const use = <T>(projectId: string, work: (db: AppDatabase) => Promise<T>) =>
  harness.databases.use(projectId, 'development', work);

const publicTables = (db: AppDatabase) =>
  db.asOwner(async (sql) =>
    (
      await sql.query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
      )
    ).rows.map((row) => row.name),
  );

async function migrationError(promise: Promise<unknown>): Promise<MigrationError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MigrationError) return error;
    throw error;
  }
  throw new Error('expected a MigrationError');
}

describe('applyMigrations', () => {
  it('applies the pending ones in name order, records them, and a caller can use the tables', async () => {
    const user = '33333333-3333-4333-8333-333333333333';
    await use('happy', async (db) => {
      // Given out of order: applied by name.
      expect(await applyMigrations(db, [tags, notes])).toEqual({
        applied: ['001_notes.sql', '002_tags.sql'],
      });
      expect(await applyMigrations(db, [notes, tags])).toEqual({ applied: [] });
      const recorded = await appliedMigrations(db);
      expect(recorded.map(({ name, checksum }) => ({ name, checksum }))).toEqual([
        { name: '001_notes.sql', checksum: migrationChecksum(notes.sql) },
        { name: '002_tags.sql', checksum: migrationChecksum(tags.sql) },
      ]);
      for (const { appliedAt } of recorded) expect(appliedAt).toBeInstanceOf(Date);

      const third = { name: '003_more.sql', sql: 'create table more (id int);' };
      expect(await applyMigrations(db, [notes, tags, third])).toEqual({
        applied: ['003_more.sql'],
      });
      expect(await publicTables(db)).toEqual(['more', 'notes']);

      const rows = await db.asCaller('authenticated', { sub: user })(async (sql) => {
        await sql.query(`insert into notes (title, tags) values ('mine', '{a}')`);
        return (await sql.query('select title, tags, user_id from notes')).rows;
      });
      expect(rows).toEqual([{ title: 'mine', tags: ['a'], user_id: user }]);
    });
  });

  it('invalidates the schema cache, so the data API sees the new table', async () => {
    await use('cache', async (db) => {
      const before = await db.asOwner((sql) => db.schemaCache.get(sql, 'public'));
      await applyMigrations(db, [notes]);
      const after = await db.asOwner((sql) => db.schemaCache.get(sql, 'public'));
      expect(before).not.toBe(after);
      expect([...after.relations.keys()]).toEqual(['notes']);
      expect(after.relations.get('notes')?.guarded).toBe(true);
      expect([...before.relations.keys()]).toEqual([]);
    });
  });

  it('fails at the file and line of the failing statement, and applies nothing of the batch', async () => {
    const broken = {
      name: '003_broken.sql',
      sql: 'create table good (id int);\n\n-- the next one is wrong\nselect *\n  from missing_table;\n',
    };
    await use('broken', async (db) => {
      await applyMigrations(db, [notes]);
      const error = await migrationError(applyMigrations(db, [notes, tags, broken]));
      expect(error.message).toBe(
        'db/migrations/003_broken.sql:5: relation "missing_table" does not exist',
      );
      expect(error).toMatchObject({
        file: 'db/migrations/003_broken.sql',
        line: 5,
        sqlMessage: 'relation "missing_table" does not exist',
        code: '42P01',
      });
      expect((await appliedMigrations(db)).map((m) => m.name)).toEqual(['001_notes.sql']);
      expect(await publicTables(db)).toEqual(['notes']);
      const columns = await db.asOwner((sql) =>
        sql.query(
          `select 1 from information_schema.columns where table_name = 'notes' and column_name = 'tags'`,
        ),
      );
      expect(columns.rows).toEqual([]);
    });
  });

  it('finds the line of an error PostgreSQL gives no position for', async () => {
    const duplicate = {
      name: '001_seed.sql',
      sql: `create table kinds (name text primary key);
insert into kinds values ('a');
insert into kinds values ('b');
insert into kinds
  values ('a');
`,
    };
    await use('no-position', async (db) => {
      const error = await migrationError(applyMigrations(db, [duplicate]));
      expect(error.code).toBe('23505');
      expect(error.line).toBe(4);
      expect(error.message).toMatch(
        /^db\/migrations\/001_seed\.sql:4: duplicate key value violates unique constraint/,
      );
      expect(await publicTables(db)).toEqual([]);
    });
  });

  it('refuses a change to an applied migration, applying nothing', async () => {
    await use('changed', async (db) => {
      await applyMigrations(db, [notes]);
      const error = await migrationError(
        applyMigrations(db, [{ ...notes, sql: `${notes.sql}\n-- edited` }, tags]),
      );
      expect(error.file).toBe('db/migrations/001_notes.sql');
      expect(error.line).toBeNull();
      expect(error.message).toMatch(
        /^db\/migrations\/001_notes\.sql: This migration changed after it was applied/,
      );
      expect((await appliedMigrations(db)).map((m) => m.name)).toEqual(['001_notes.sql']);
    });
  });

  it('refuses transaction control in a migration, before running any', async () => {
    await use('transactions', async (db) => {
      const error = await migrationError(
        applyMigrations(db, [
          notes,
          {
            name: '002_commit.sql',
            sql: 'create table x (id int);\ncommit;\ncreate table y (id int);',
          },
        ]),
      );
      expect(error.message).toBe(
        'db/migrations/002_commit.sql:2: COMMIT is not allowed: migrations run in one transaction that Mason begins and commits',
      );
      expect(await publicTables(db)).toEqual([]);
    });
  });

  it('refuses names that are not .sql files, and twice the same name', async () => {
    await use('names', async (db) => {
      await expect(applyMigrations(db, [{ name: '../x.sql', sql: '' }])).rejects.toThrow(
        MigrationError,
      );
      await expect(applyMigrations(db, [{ name: '001.txt', sql: '' }])).rejects.toThrow(
        MigrationError,
      );
      await expect(applyMigrations(db, [notes, notes])).rejects.toThrow(
        'Two migrations have this name',
      );
      expect(await appliedMigrations(db)).toEqual([]);
    });
  });
});

describe('syncMigrations: an attached database’s revert, by the migrations’ undo files', () => {
  const undoable = [
    { ...notes, down: 'drop table notes;' },
    { ...tags, down: 'alter table notes drop column tags;' },
  ];
  const columns = (db: AppDatabase) =>
    db.asOwner(async (sql) =>
      (
        await sql.query<{ name: string }>(
          `select column_name as name from information_schema.columns where table_name = 'notes' order by ordinal_position`,
        )
      ).rows.map((row) => row.name),
    );

  it('takes back what a version does not have, newest first, and applies what it has', async () => {
    await use('sync', async (db) => {
      await applyMigrations(db, undoable);
      await db.asOwner((sql) =>
        sql.query(`insert into notes (title, user_id) values ('kept', gen_random_uuid())`),
      );

      expect(await syncMigrations(db, undoable.slice(0, 1))).toEqual({
        reverted: ['002_tags.sql'],
        applied: [],
      });
      expect(await columns(db)).toEqual(['id', 'user_id', 'title']);
      // The rows of what stays are kept; only the schema went back.
      const { rows } = await db.asOwner((sql) => sql.query('select title from notes'));
      expect(rows).toEqual([{ title: 'kept' }]);

      expect(await syncMigrations(db, [])).toEqual({ reverted: ['001_notes.sql'], applied: [] });
      expect(await publicTables(db)).toEqual([]);
      expect(await appliedMigrations(db)).toEqual([]);

      expect(await syncMigrations(db, undoable)).toEqual({
        reverted: [],
        applied: ['001_notes.sql', '002_tags.sql'],
      });
      expect(await columns(db)).toEqual(['id', 'user_id', 'title', 'tags']);
    });
  });

  it('refuses, changing nothing, when a migration to take back has no undo', async () => {
    await use('sync-irreversible', async (db) => {
      await applyMigrations(db, [undoable[0] ?? notes, tags]);
      const error = await syncMigrations(db, []).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(IrreversibleMigrationError);
      expect((error as Error).message).toBe(
        'db/migrations/002_tags.sql has no undo (db/migrations/002_tags.down.sql), so its changes cannot be taken back.',
      );
      expect((await appliedMigrations(db)).map((row) => row.name)).toEqual([
        '001_notes.sql',
        '002_tags.sql',
      ]);
      expect(await publicTables(db)).toEqual(['notes']);
    });
  });

  it('says where a failing undo failed, and changes nothing', async () => {
    await use('sync-failing', async (db) => {
      await applyMigrations(db, [{ ...notes, down: 'drop table notes;\ndrop table nowhere;' }]);
      const error = await syncMigrations(db, []).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as MigrationError).file).toBe('db/migrations/001_notes.down.sql');
      expect((error as MigrationError).line).toBe(2);
      expect(await publicTables(db)).toEqual(['notes']);
    });
  });

  it('keeps an undo written after its migration was applied', async () => {
    await use('sync-late-undo', async (db) => {
      await applyMigrations(db, [notes]);
      await applyMigrations(db, [{ ...notes, down: 'drop table notes;' }]);
      expect(await syncMigrations(db, [])).toEqual({ reverted: ['001_notes.sql'], applied: [] });
    });
  });
});
