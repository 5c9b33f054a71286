import type {
  ApiErrorBody,
  DatabaseMigrationsResponse,
  DatabaseRowResponse,
  DatabaseRowsResponse,
  DatabaseSqlResponse,
  DatabaseTablesResponse,
  DatabaseUsersResponse,
} from '@mason/contract';
import { signUp } from '../test-utils/accounts';
import { NOTES_MIGRATION, projectWithDatabase, signUpAppUser } from '../test-utils/app-data';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import { createProject, waitForTask } from '../test-utils/task-loop';

/** The notes of the app, 25 items to page through, and a table without a primary key. */
const MIGRATION = `${NOTES_MIGRATION}
create table items (
  id int primary key,
  name text not null,
  price numeric(8, 2),
  tags jsonb,
  made_at timestamptz not null default '2026-01-01T00:00:00Z'
);
insert into items (id, name, price, tags)
  select g, 'item ' || g, g * 1.5, jsonb_build_object('n', g) from generate_series(1, 25) g;
create table loose (entry text);
insert into loose values ('one'), ('two');
`;

describe('the workspace’s Database view of a project’s development database', () => {
  // Opening a new PGlite database keeps the process busy for seconds on a loaded machine: the
  // turn's lease (10 s in tests) must outlast it, or the turn is taken away and retried.
  const env = useScriptedTestApp({ turnLeaseSeconds: 120 });
  let app: Awaited<ReturnType<typeof projectWithDatabase>>;
  const base = () => `/api/projects/${app.project.id}/database`;
  const get = <T>(path: string, token = app.token) =>
    env.server.request<T>('GET', `${base()}${path}`, { token });
  const sql = (text: string, token = app.token) =>
    env.server.request<DatabaseSqlResponse | ApiErrorBody>('POST', `${base()}/sql`, {
      token,
      body: { sql: text },
    });
  const patch = (table: string, body: unknown, token = app.token) =>
    env.server.request<DatabaseRowResponse | ApiErrorBody>(
      'PATCH',
      `${base()}/tables/${encodeURIComponent(table)}/rows`,
      { token, body },
    );
  const count = async (table: string) =>
    (await get<DatabaseTablesResponse>('/tables')).body.tables.find(
      (candidate) => candidate.name === table,
    )?.rowCount;

  beforeAll(async () => {
    app = await projectWithDatabase(env, MIGRATION);
  });

  it('lists the app’s tables with their columns, keys, row rules and row counts', async () => {
    const alice = await signUpAppUser(env.port, app.url, app.anonKey, 'alice');
    expect(
      (await alice.supabase.from('notes').insert([{ body: 'a' }, { body: 'b' }])).error,
    ).toBeNull();

    const answer = await get<DatabaseTablesResponse>('/tables');
    expect(answer.status).toBe(200);
    const byName = new Map(answer.body.tables.map((table) => [table.name, table]));
    expect([...byName.keys()]).toEqual(['audit', 'items', 'loose', 'notes']);
    expect(byName.get('notes')).toMatchObject({
      rowCount: 2,
      primaryKey: ['id'],
      rowLevelSecurity: true,
      policies: [{ name: 'own notes', command: 'ALL', roles: ['authenticated'] }],
      foreignKeys: [
        { columns: ['user_id'], references: { schema: 'auth', table: 'users', columns: ['id'] } },
      ],
    });
    expect(byName.get('notes')?.columns.map((column) => column.name)).toEqual([
      'id',
      'user_id',
      'body',
    ]);
    expect(byName.get('items')).toMatchObject({ rowCount: 25, rowLevelSecurity: false });
    expect(byName.get('loose')).toMatchObject({ rowCount: 2, primaryKey: [] });
    expect(byName.get('audit')?.rowCount).toBe(0);
  });

  it('pages, sorts and filters a table’s rows, with how many match', async () => {
    const first = await get<DatabaseRowsResponse>('/tables/items/rows?limit=3');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(25);
    expect(first.body.columns).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'name', type: 'text' },
      { name: 'price', type: 'numeric(8,2)' },
      { name: 'tags', type: 'jsonb' },
      { name: 'made_at', type: 'timestamp with time zone' },
    ]);
    expect(first.body.rows).toHaveLength(3);
    expect(first.body.rows[0]).toMatchObject({ id: 1, name: 'item 1', tags: { n: 1 } });
    expect(new Date(String(first.body.rows[0]?.['made_at'])).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );

    const sorted = await get<DatabaseRowsResponse>(
      '/tables/items/rows?order=price&direction=desc&offset=5&limit=4',
    );
    expect(sorted.body.rows.map((row) => row['id'])).toEqual([20, 19, 18, 17]);
    expect(sorted.body.total).toBe(25);

    const filtered = await get<DatabaseRowsResponse>(
      '/tables/items/rows?filterColumn=name&filterValue=ITEM%202&order=id',
    );
    expect(filtered.body.rows.map((row) => row['id'])).toEqual([2, 20, 21, 22, 23, 24, 25]);
    expect(filtered.body.total).toBe(7);
    // LIKE's own characters are taken literally.
    const literal = await get<DatabaseRowsResponse>(
      '/tables/items/rows?filterColumn=name&filterValue=%25',
    );
    expect(literal.body).toMatchObject({ rows: [], total: 0 });
  });

  it('refuses names that are not the schema’s: 404 for a table, 400 for a column or a page too large', async () => {
    const injected = await get<ApiErrorBody>(
      `/tables/${encodeURIComponent('items"; drop table items; --')}/rows`,
    );
    expect(injected.status).toBe(404);
    expect((await get<ApiErrorBody>('/tables/nothing/rows')).status).toBe(404);
    // Another schema's table is not one of the app's.
    expect((await get<ApiErrorBody>('/tables/users/rows')).status).toBe(404);
    const column = await get<ApiErrorBody>(
      `/tables/items/rows?order=${encodeURIComponent('id; drop table items')}`,
    );
    expect(column.status).toBe(400);
    expect(column.body.message).toContain('has no column');
    expect(
      (await get<ApiErrorBody>('/tables/items/rows?filterColumn=nope&filterValue=x')).status,
    ).toBe(400);
    expect((await get<ApiErrorBody>('/tables/items/rows?limit=101')).status).toBe(400);
    expect((await get<ApiErrorBody>('/tables/items/rows?direction=sideways')).status).toBe(400);
    expect(await count('items')).toBe(25);
  });

  it('edits a row as the owner, and answers a refused value, a missing row or key clearly', async () => {
    const edited = await patch('items', {
      key: { id: 3 },
      values: { name: 'renamed', price: '9.99', tags: { edited: true } },
    });
    expect(edited.status).toBe(200);
    expect((edited.body as DatabaseRowResponse).row).toMatchObject({
      id: 3,
      name: 'renamed',
      price: '9.99',
      tags: { edited: true },
    });
    const reread = await get<DatabaseRowsResponse>(
      '/tables/items/rows?filterColumn=id&filterValue=3&order=id',
    );
    expect(reread.body.rows.find((row) => row['id'] === 3)).toMatchObject({ name: 'renamed' });

    // Owner's edits pass the row rules (an app user's note).
    const note = (await get<DatabaseRowsResponse>('/tables/notes/rows?order=id')).body.rows[0];
    const noteEdit = await patch('notes', { key: { id: note?.['id'] }, values: { body: 'fixed' } });
    expect(noteEdit.status).toBe(200);

    const refused = await patch('items', { key: { id: 4 }, values: { price: 'a lot' } });
    expect(refused.status).toBe(400);
    expect((refused.body as ApiErrorBody).message).toMatch(/invalid input syntax/i);
    const notNull = await patch('items', { key: { id: 4 }, values: { name: null } });
    expect(notNull.status).toBe(400);
    expect((notNull.body as ApiErrorBody).message).toMatch(/null value/i);

    expect((await patch('items', { key: { id: 999 }, values: { name: 'x' } })).status).toBe(404);
    expect((await patch('items', { key: { name: 'item 5' }, values: { name: 'x' } })).status).toBe(
      400,
    );
    expect((await patch('items', { key: { id: 5 }, values: { nope: 'x' } })).status).toBe(400);
    expect((await patch('items', { key: { id: 5 }, values: {} })).status).toBe(400);
    expect((await patch('nothing', { key: { id: 5 }, values: { name: 'x' } })).status).toBe(404);
    const noKey = await patch('loose', { key: { entry: 'one' }, values: { entry: 'uno' } });
    expect(noKey.status).toBe(409);
    expect((noKey.body as ApiErrorBody).message).toContain('no primary key');

    const untouched = await get<DatabaseRowsResponse>(
      '/tables/items/rows?filterColumn=id&filterValue=4&order=id',
    );
    expect(untouched.body.rows[0]).toMatchObject({ id: 4, name: 'item 4', price: '6.00' });
  });

  it('lists the app’s users without their passwords or hashes', async () => {
    const bob = await signUpAppUser(env.port, app.url, app.anonKey, 'bob');
    const answer = await get<DatabaseUsersResponse>('/users');
    expect(answer.status).toBe(200);
    const listed = answer.body.users.find((user) => user.id === bob.id);
    expect(listed).toEqual({
      id: bob.id,
      email: bob.email,
      createdAt: expect.any(String),
      lastSignInAt: expect.anything(),
    });
    for (const user of answer.body.users)
      expect(Object.keys(user).sort()).toEqual(['createdAt', 'email', 'id', 'lastSignInAt']);
    const text = JSON.stringify(answer.body);
    expect(text).not.toMatch(/password|\$argon|\$scrypt|\$2[aby]\$/i);
  });

  it('lists the migrations applied', async () => {
    const answer = await get<DatabaseMigrationsResponse>('/migrations');
    expect(answer.status).toBe(200);
    expect(answer.body.migrations).toEqual([
      { name: '001_notes.sql', appliedAt: expect.any(String) },
    ]);
  });

  it('runs read-only SQL: rows capped, writes and several statements refused with PostgreSQL’s words, nothing changed', async () => {
    const read = await sql('select id, name from items where id <= 2 order by id');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      columns: ['id', 'name'],
      rows: [
        { id: 1, name: 'item 1' },
        { id: 2, name: 'item 2' },
      ],
      truncated: false,
    });
    const many = (await sql('select g from generate_series(1, 600) g')).body as DatabaseSqlResponse;
    expect(many.rows).toHaveLength(500);
    expect(many.truncated).toBe(true);
    expect((await sql('show search_path')).status).toBe(200);

    const insert = await sql("insert into items (id, name) values (100, 'sneaked in')");
    expect(insert.status).toBe(400);
    expect((insert.body as ApiErrorBody).message).toMatch(/read-only transaction/);
    const drop = await sql('drop table items');
    expect(drop.status).toBe(400);
    expect((drop.body as ApiErrorBody).message).toMatch(/read-only transaction/);
    const cte = await sql('with gone as (delete from items returning *) select count(*) from gone');
    expect(cte.status).toBe(400);
    const several = await sql('select 1; drop table items');
    expect(several.status).toBe(400);
    expect((several.body as ApiErrorBody).message).toContain('one statement');
    expect((await sql('commit')).status).toBe(400);
    expect((await sql('begin read write')).status).toBe(400);
    const syntax = await sql('select from where');
    expect(syntax.status).toBe(400);
    expect((syntax.body as ApiErrorBody).message).toMatch(/syntax error/);
    // A setting changed for the session is rolled back with the statement's transaction.
    expect((await sql("select set_config('search_path', 'nowhere', false)")).status).toBe(200);
    expect((await sql('select count(*)::int as n from items')).body).toMatchObject({
      rows: [{ n: 25 }],
    });
    expect(await count('items')).toBe(25);
  });

  it('answers 404 while the database is off', async () => {
    const { token } = await signUp(env.server);
    env.model.enqueue({ text: 'Made.' });
    const { project, firstTask } = await createProject(env.server, token, 'No data');
    await waitForTask(env.server, token, firstTask.id);
    const off = `/api/projects/${project.id}/database`;
    for (const [method, path, body] of [
      ['GET', '/tables', undefined],
      ['GET', '/tables/items/rows', undefined],
      ['PATCH', '/tables/items/rows', { key: { id: 1 }, values: { name: 'x' } }],
      ['GET', '/users', undefined],
      ['GET', '/migrations', undefined],
      ['POST', '/sql', { sql: 'select 1' }],
    ] as const) {
      const answer = await env.server.request<ApiErrorBody>(method, `${off}${path}`, {
        token,
        body,
      });
      expect([method, path, answer.status]).toEqual([method, path, 404]);
      expect(answer.body.message).toContain('no database');
    }
  });

  it('shows another person nothing: 404 for every call', async () => {
    const { token } = await signUp(env.server);
    expect((await get<ApiErrorBody>('/tables', token)).status).toBe(404);
    expect((await get<ApiErrorBody>('/tables/items/rows', token)).status).toBe(404);
    expect((await get<ApiErrorBody>('/users', token)).status).toBe(404);
    expect((await get<ApiErrorBody>('/migrations', token)).status).toBe(404);
    expect((await sql('select * from items', token)).status).toBe(404);
    expect(
      (await patch('items', { key: { id: 1 }, values: { name: 'stolen' } }, token)).status,
    ).toBe(404);
    expect(await count('items')).toBe(25);
    const one = await get<DatabaseRowsResponse>(
      '/tables/items/rows?filterColumn=id&filterValue=1&order=id',
    );
    expect(one.body.rows[0]).toMatchObject({ name: 'item 1' });
  });
});
