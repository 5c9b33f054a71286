import { createMemoryAgentDatabase } from '../testing/memory-database';
import { createMemoryAgentFiles } from '../testing/memory-files';
import type { AgentDatabase, AgentDatabaseSchema, AgentMigration } from './agent-database';
import { DatabaseAccess, MIGRATION_MAX_CHARS } from './database-tools';
import { createAgentTools, createAgentToolState } from './tools';
import type { AgentFiles } from './types';

function setup(database: AgentDatabase | undefined, files: AgentFiles = createMemoryAgentFiles()) {
  const state = createAgentToolState();
  const tools = createAgentTools(
    files,
    state,
    undefined,
    undefined,
    database && new DatabaseAccess(database),
  );
  const run = async (name: string, input: Record<string, unknown> = {}): Promise<string> => {
    const execute = tools[name]?.execute;
    if (!execute) throw new Error(`No tool ${name}`);
    return (await execute(input, { toolCallId: 'call', messages: [] })) as string;
  };
  return { run, state, tools };
}

/** Fails a migration at the first line that misspells "table", as PostgreSQL would. */
function typoRun(migration: AgentMigration) {
  const lines = migration.sql.split('\n');
  const at = lines.findIndex((line) => line.includes('tabel'));
  return at === -1 ? null : { line: at + 1, message: 'syntax error at or near "tabel"' };
}

const NOTES = `create table notes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users(id),
  title text not null
);
alter table notes enable row level security;
create policy "Own notes" on notes for all to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());
`;

describe('the database tools', () => {
  it('are offered only when the turn has the project’s database', () => {
    expect(Object.keys(setup(undefined).tools)).not.toContain('apply_migrations');
    expect(Object.keys(setup(createMemoryAgentDatabase()).tools)).toEqual(
      expect.arrayContaining(['enable_database', 'read_database_schema', 'apply_migrations']),
    );
  });

  it('enable_database turns the database on and says to tell the person; again, it says it was on', async () => {
    const database = createMemoryAgentDatabase();
    const { run } = setup(database);
    expect(await run('enable_database')).toMatch(
      /^Turned on the project's database .*VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY\. Tell the person in your answer that you turned on the database\.$/,
    );
    expect(database.on).toBe(true);
    expect(await run('enable_database')).toMatch(/^The project's database was already on\./);
  });

  it('reads the applied migrations again once the database is turned on', async () => {
    // Off, nothing counts as applied; on, the database's own list does.
    const database = createMemoryAgentDatabase({ applied: { '001_notes.sql': NOTES } });
    const files = createMemoryAgentFiles({ 'db/migrations/001_notes.sql': NOTES });
    const { run } = setup(database, files);
    expect(await run('write_file', { path: 'db/migrations/002_a.sql', content: 'select 1;' })).toBe(
      'Created db/migrations/002_a.sql (1 line).',
    );
    await run('enable_database');
    await expect(
      run('write_file', { path: 'db/migrations/001_notes.sql', content: 'select 2;' }),
    ).rejects.toThrow(/already applied/);
  });

  it('read_database_schema answers each table compactly: columns, keys, row-level security, policies, and the applied migrations', async () => {
    const schema: AgentDatabaseSchema = {
      tables: [
        {
          schema: 'public',
          name: 'notes',
          columns: [
            { name: 'id', type: 'uuid', nullable: false, default: 'gen_random_uuid()' },
            { name: 'user_id', type: 'uuid', nullable: false, default: 'auth.uid()' },
            { name: 'title', type: 'text', nullable: true, default: null },
          ],
          primaryKey: ['id'],
          foreignKeys: [
            {
              columns: ['user_id'],
              references: { schema: 'auth', table: 'users', columns: ['id'] },
            },
          ],
          rowLevelSecurity: true,
          policies: [
            {
              name: 'Own notes',
              command: 'SELECT',
              roles: ['authenticated'],
              using: '(user_id = auth.uid())',
              withCheck: null,
            },
          ],
        },
        {
          schema: 'public',
          name: 'note_tags',
          columns: [
            { name: 'note_id', type: 'uuid', nullable: false, default: null },
            { name: 'tag', type: 'text', nullable: false, default: null },
          ],
          primaryKey: ['note_id', 'tag'],
          foreignKeys: [
            {
              columns: ['note_id', 'tag'],
              references: { schema: 'public', table: 'tags', columns: ['note_id', 'name'] },
            },
          ],
          rowLevelSecurity: false,
          policies: [],
        },
        {
          schema: 'public',
          name: 'tags',
          columns: [{ name: 'name', type: 'text', nullable: false, default: null }],
          primaryKey: [],
          foreignKeys: [],
          rowLevelSecurity: true,
          policies: [],
        },
      ],
    };
    const database = createMemoryAgentDatabase({
      enabled: true,
      schema,
      applied: { '001_notes.sql': NOTES },
    });
    expect(await setup(database).run('read_database_schema')).toBe(
      `The development database has 3 tables. Applied migrations: 001_notes.sql.

table note_tags (row-level security OFF: the app’s requests to it are refused with 403 until a migration enables it and adds policies)
  note_id uuid not null
  tag text not null
  primary key (note_id, tag)
  foreign key (note_id, tag) references tags(note_id, name)

table notes (row-level security on)
  id uuid primary key default gen_random_uuid()
  user_id uuid not null default auth.uid() references auth.users(id)
  title text
  policy "Own notes" for select to authenticated using ((user_id = auth.uid()))

table tags (row-level security on, but no policy: every request of the app to it is refused)
  name text not null`,
    );
  });

  it('read_database_schema says when there is no table yet, or when the database is off', async () => {
    expect(await setup(createMemoryAgentDatabase()).run('read_database_schema')).toMatch(
      /database is off\. Call enable_database when the app needs stored data or sign-in\./,
    );
    expect(
      await setup(createMemoryAgentDatabase({ enabled: true })).run('read_database_schema'),
    ).toBe('The development database has no tables yet. No migration is applied yet.');
  });

  it('apply_migrations applies the migration files in name order, and nothing twice', async () => {
    const database = createMemoryAgentDatabase({ enabled: true });
    const files = createMemoryAgentFiles({
      'db/migrations/002_tags.sql': 'create table tags (name text primary key);',
      'db/migrations/001_notes.sql': NOTES,
      'db/migrations/README.md': 'Notes on the schema.',
      'src/App.tsx': 'export const App = () => null;',
    });
    const { run } = setup(database, files);

    expect(await run('apply_migrations')).toMatch(
      /^Applied db\/migrations\/001_notes\.sql, db\/migrations\/002_tags\.sql to the development database\./,
    );
    expect([...database.applied.keys()]).toEqual(['001_notes.sql', '002_tags.sql']);
    expect(database.applied.get('001_notes.sql')).toBe(NOTES);
    expect(await run('apply_migrations')).toBe(
      'Every migration is already applied (2); nothing to do.',
    );
    expect(database.migrateCalls).toHaveLength(1);
  });

  it('apply_migrations answers a failing migration as file:line: message, applies none, and counts it as a failed check', async () => {
    const database = createMemoryAgentDatabase({ enabled: true, run: typoRun });
    const files = createMemoryAgentFiles({
      'db/migrations/001_notes.sql': NOTES,
      'db/migrations/002_tags.sql': 'create table tags (\n  name text\n);\ncreate tabel x ();\n',
    });
    const { run, state } = setup(database, files);

    const failed = await run('apply_migrations');
    expect(failed).toBe(
      `The migrations were not applied; the database did not change.
db/migrations/002_tags.sql:4: syntax error at or near "tabel"
They run in one transaction, so none of them was applied. Fix db/migrations/002_tags.sql (it is not applied yet, so edit it), then call apply_migrations again.`,
    );
    expect(database.applied.size).toBe(0);
    expect(state).toMatchObject({
      failedChecks: 1,
      lastCheckError: 'db/migrations/002_tags.sql:4: syntax error at or near "tabel"',
      lastCheckKind: 'migration',
    });

    await run('edit_file', {
      path: 'db/migrations/002_tags.sql',
      old_string: 'create tabel x ();\n',
      new_string: '',
    });
    expect(state.unappliedMigrations).toBe(true);
    expect(await run('apply_migrations')).toMatch(/^Applied db\/migrations\/001_notes\.sql, /);
    expect(state).toMatchObject({ failedChecks: 1, lastCheckError: null });
    expect(state.unappliedMigrations).toBe(false);
  });

  it('refuses to change or delete an applied migration, and says to write a new one with the next number', async () => {
    const database = createMemoryAgentDatabase({
      enabled: true,
      applied: { '001_notes.sql': NOTES },
    });
    const files = createMemoryAgentFiles({ 'db/migrations/001_notes.sql': NOTES });
    const { run, state } = setup(database, files);
    const refusal =
      'db/migrations/001_notes.sql is already applied to the database, so it cannot be changed. Write a new migration instead (db/migrations/002_….sql) that changes what it made (alter table, drop policy, …).';

    await expect(
      run('write_file', { path: 'db/migrations/001_notes.sql', content: 'drop table notes;' }),
    ).rejects.toThrow(refusal);
    await expect(
      run('edit_file', {
        path: './db/migrations/001_notes.sql',
        old_string: 'title text not null',
        new_string: 'title text',
      }),
    ).rejects.toThrow(refusal);
    await expect(run('delete_file', { path: 'db/migrations/001_notes.sql' })).rejects.toThrow(
      /already applied to the database, so it cannot be deleted\./,
    );
    expect(files.files.get('db/migrations/001_notes.sql')).toBe(NOTES);
    expect(state.unappliedMigrations).toBe(false);

    // Once apply_migrations applied a migration in this turn, it is refused too.
    await run('write_file', {
      path: 'db/migrations/002_tags.sql',
      content: 'create table tags (name text);',
    });
    await run('apply_migrations');
    await expect(
      run('write_file', { path: 'db/migrations/002_tags.sql', content: 'select 1;' }),
    ).rejects.toThrow(/002_tags\.sql is already applied.*\(db\/migrations\/003_….sql\)/);
  });

  it('tells the model to put back an applied migration that was changed outside the tools', async () => {
    const database = createMemoryAgentDatabase({
      enabled: true,
      applied: { '001_notes.sql': NOTES },
    });
    const files = createMemoryAgentFiles({
      'db/migrations/001_notes.sql': `${NOTES}-- changed in the editor\n`,
      'db/migrations/002_tags.sql': 'create table tags (name text);',
    });
    expect(await setup(database, files).run('apply_migrations')).toBe(
      `The migrations were not applied; the database did not change.
db/migrations/001_notes.sql: the migration was changed after it was applied
db/migrations/001_notes.sql is already applied, so it must stay as it was: put it back as it was applied and write a new migration for the change.`,
    );
    expect([...database.applied.keys()]).toEqual(['001_notes.sql']);
  });

  it('refuses a migration whose name breaks the rule, or that would run after a later applied one', async () => {
    const database = createMemoryAgentDatabase({
      enabled: true,
      applied: { '001_notes.sql': NOTES, '003_tags.sql': 'select 1;' },
    });
    const files = createMemoryAgentFiles({
      'db/migrations/001_notes.sql': NOTES,
      'db/migrations/003_tags.sql': 'select 1;',
    });
    const { run } = setup(database, files);

    for (const path of [
      'db/migrations/notes.sql',
      'db/migrations/4_notes.sql',
      'db/migrations/004-Notes.sql',
      'db/migrations/old/004_notes.sql',
    ]) {
      await expect(run('write_file', { path, content: 'select 1;' })).rejects.toThrow(
        `${path} is not a migration's name. A migration is db/migrations/NNN_name.sql`,
      );
    }
    expect(await run('write_file', { path: 'db/notes.md', content: 'ok' })).toMatch(/^Created/);

    await run('write_file', { path: 'db/migrations/002_late.sql', content: 'select 2;' });
    const late = await run('apply_migrations');
    expect(late).toContain(
      'db/migrations/002_late.sql would run after db/migrations/003_tags.sql, which is already applied, though its name comes before it.',
    );
    expect(late).toContain('(db/migrations/004_….sql)');
    expect(database.migrateCalls).toHaveLength(0);
  });

  it('apply_migrations sends each migration with its undo file, and refuses an undo without its migration', async () => {
    const database = createMemoryAgentDatabase({ enabled: true });
    const files = createMemoryAgentFiles({
      'db/migrations/001_notes.sql': NOTES,
      'db/migrations/001_notes.down.sql': 'drop table notes;',
      'db/migrations/002_tags.sql': 'create table tags (name text primary key);',
    });
    const { run } = setup(database, files);
    expect(await run('apply_migrations')).toMatch(
      /^Applied db\/migrations\/001_notes\.sql, db\/migrations\/002_tags\.sql/,
    );
    expect(database.migrateCalls[0]).toEqual(['001_notes.sql', '002_tags.sql']);
    expect([...database.undos]).toEqual([['001_notes.sql', 'drop table notes;']]);

    // An undo is written with write_file like its migration, and may come after it was applied.
    expect(
      await run('write_file', {
        path: 'db/migrations/002_tags.down.sql',
        content: 'drop table tags;',
      }),
    ).not.toMatch(/already applied|not a migration/);
    await files.write('db/migrations/003_orphan.down.sql', 'drop table orphan;');
    expect(await run('apply_migrations')).toContain(
      'db/migrations/003_orphan.down.sql: an undo without its migration (db/migrations/003_orphan.sql).',
    );
  });

  it('refuses a file in db/migrations with a bad name at apply time too (written outside the tools)', async () => {
    const database = createMemoryAgentDatabase({ enabled: true });
    const files = createMemoryAgentFiles({
      'db/migrations/001_notes.sql': NOTES,
      'db/migrations/Notes.sql': NOTES,
    });
    const result = await setup(database, files).run('apply_migrations');
    expect(result).toContain("db/migrations/Notes.sql: not a migration's name.");
    expect(database.applied.size).toBe(0);
  });

  it('caps the size of a migration, and refuses an empty one', async () => {
    const database = createMemoryAgentDatabase({ enabled: true });
    const files = createMemoryAgentFiles({ 'db/migrations/001_empty.sql': '  \n' });
    const { run } = setup(database, files);
    await expect(
      run('write_file', {
        path: 'db/migrations/002_big.sql',
        content: 'x'.repeat(MIGRATION_MAX_CHARS + 1),
      }),
    ).rejects.toThrow(/That migration is too large/);
    expect(await run('apply_migrations')).toContain(
      'db/migrations/001_empty.sql: the migration is empty.',
    );
  });

  it('asks to turn the database on before applying, and says when there is nothing to apply', async () => {
    const database = createMemoryAgentDatabase();
    const files = createMemoryAgentFiles();
    const { run } = setup(database, files);
    expect(await run('write_file', { path: 'db/migrations/001_notes.sql', content: NOTES })).toBe(
      'Created db/migrations/001_notes.sql (8 lines).',
    );
    expect(await run('apply_migrations')).toMatch(
      /The project’s database is off\.\nCall enable_database first/,
    );
    await run('delete_file', { path: 'db/migrations/001_notes.sql' });
    await run('enable_database');
    expect(await run('apply_migrations')).toBe(
      'There are no migrations yet: write the first as db/migrations/001_name.sql.',
    );
  });

  it('reports a database that cannot be reached as an error of the tool, not a failed migration', async () => {
    const database: AgentDatabase = {
      ...createMemoryAgentDatabase({ enabled: true }),
      enabled: async () => true,
      appliedMigrations: async () => {
        throw new Error('connection refused');
      },
    };
    const files = createMemoryAgentFiles({ 'db/migrations/001_notes.sql': NOTES });
    const { run, state } = setup(database, files);
    await expect(run('apply_migrations')).rejects.toThrow(
      "Mason could not reach the project's database (connection refused). Your files are kept; try apply_migrations again later.",
    );
    expect(state.failedChecks).toBe(0);
  });
});
