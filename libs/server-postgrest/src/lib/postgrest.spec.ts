// The protocol as the official client sees it: @supabase/supabase-js against a real HTTP server
// over a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL: `nx run server-postgrest:test-pg`).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import {
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../test-utils/test-server';

const schemaSql = `
create table users (id text primary key, name text not null);
create table notes (
  id serial primary key,
  owner text not null references users(id) default (current_setting('request.jwt.claims', true)::jsonb ->> 'sub'),
  title text not null unique, body text, rank int, tags text[]
);
create table comments (id serial primary key, note_id int not null references notes(id) on delete cascade, body text not null);
create table unguarded (id int primary key);
alter table users enable row level security;
create policy users_read on users for select using (true);
alter table notes enable row level security;
create policy notes_own on notes for all
  using (owner = current_setting('request.jwt.claims', true)::jsonb ->> 'sub')
  with check (owner = current_setting('request.jwt.claims', true)::jsonb ->> 'sub');
alter table comments enable row level security;
create policy comments_of_visible_notes on comments for all using (exists (select 1 from notes n where n.id = note_id));
grant select on users, notes, comments, unguarded to anon;
grant select, insert, update, delete on users, notes, comments, unguarded to authenticated;
grant usage on all sequences in schema public to authenticated;
create function add(a int, b int default 1) returns int language sql as $$ select a + b $$;
create function my_notes(min_rank int default 0) returns setof notes language sql stable as $$ select * from notes where rank >= min_rank $$;
create function nothing() returns void language sql as $$ select $$;
create function fail(reason text) returns void language plpgsql as $$ begin raise exception '%', reason; end $$;
create table visits (id serial primary key);
alter table visits enable row level security;
create policy visits_read on visits for select using (true);
grant select on visits to authenticated;
create function count_visit() returns boolean language plpgsql security definer
  as $$ begin insert into visits default values; return true; end $$;
create table counted (id int primary key);
alter table counted enable row level security;
create policy counted_read on counted for select using (count_visit());
grant select on counted to anon, authenticated;
insert into counted values (1);
insert into users values ('alice', 'Alice'), ('bob', 'Bob');
insert into notes (owner, title, body, rank, tags) values
  ('alice', 'first', 'one', 1, '{a}'), ('alice', 'second', null, 2, '{a,b}'),
  ('alice', 'third', 'Three, with a comma', 3, '{}'), ('bob', 'bobs', 'secret', 9, '{}');
insert into comments (note_id, body) values (1, 'c1'), (1, 'c2'), (2, 'c3'), (4, 'bob only');
`;

let db: TestDatabase;
let server: TestServer;
let alice: SupabaseClient;
let anon: SupabaseClient;

function client(user?: string): SupabaseClient {
  return createClient(server.url, 'test-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: user ? { 'x-test-user': user } : {} },
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  await db.exec(schemaSql);
  server = await startTestServer(db);
  alice = client('alice');
  anon = client();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const titles = (data: unknown) => (data as { title: string }[]).map((n) => n.title);

describe('reads', () => {
  const cases: [
    string,
    (c: SupabaseClient) => PromiseLike<{ data: unknown; error: unknown }>,
    string[],
  ][] = [
    [
      'all visible rows, ordered',
      (c) => c.from('notes').select('title').order('id'),
      ['first', 'second', 'third'],
    ],
    ['eq', (c) => c.from('notes').select('title').eq('rank', 2), ['second']],
    ['neq', (c) => c.from('notes').select('title').neq('rank', 2).order('id'), ['first', 'third']],
    ['gt / lte', (c) => c.from('notes').select('title').gt('rank', 1).lte('rank', 2), ['second']],
    ['gte / lt', (c) => c.from('notes').select('title').gte('rank', 2).lt('rank', 3), ['second']],
    [
      'like with *',
      (c) => c.from('notes').select('title').like('title', '%ir%').order('id'),
      ['first', 'third'],
    ],
    ['ilike', (c) => c.from('notes').select('title').ilike('body', '%THREE%'), ['third']],
    [
      'in with a quoted value',
      (c) => c.from('notes').select('title').in('body', ['one', 'Three, with a comma']).order('id'),
      ['first', 'third'],
    ],
    ['is null', (c) => c.from('notes').select('title').is('body', null), ['second']],
    [
      'not is null',
      (c) => c.from('notes').select('title').not('body', 'is', null).order('id'),
      ['first', 'third'],
    ],
    ['not in', (c) => c.from('notes').select('title').not('rank', 'in', '(1,2)'), ['third']],
    [
      'or',
      (c) => c.from('notes').select('title').or('rank.eq.1,title.eq.third').order('id'),
      ['first', 'third'],
    ],
    [
      'or with and inside',
      (c) =>
        c.from('notes').select('title').or('rank.eq.1,and(rank.gt.1,body.is.null)').order('id'),
      ['first', 'second'],
    ],
    [
      'contains (array)',
      (c) => c.from('notes').select('title').contains('tags', ['b']),
      ['second'],
    ],
    [
      'order desc nulls last',
      (c) => c.from('notes').select('title').order('body', { ascending: false, nullsFirst: false }),
      ['first', 'third', 'second'],
    ],
    [
      'limit and offset (range)',
      (c) => c.from('notes').select('title').order('id').range(1, 2),
      ['second', 'third'],
    ],
    [
      'limit',
      (c) => c.from('notes').select('title').order('rank', { ascending: false }).limit(1),
      ['third'],
    ],
    [
      "RLS hides another user's rows",
      (c) => c.from('notes').select('title').eq('title', 'bobs'),
      [],
    ],
    [
      'an injection in a value is a value',
      (c) => c.from('notes').select('title').eq('title', "first' or '1'='1"),
      [],
    ],
  ];
  it.each(cases)('%s', async (_name, query, expected) => {
    const { data, error } = await query(alice);
    expect(error).toBeNull();
    expect(titles(data)).toEqual(expected);
  });

  it('aliases and casts columns', async () => {
    const { data, error } = await alice.from('notes').select('name:title,rank::text').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'first', rank: '1' }]);
  });

  it('embeds many-to-one as an object and one-to-many as an array', async () => {
    const { data, error } = await alice
      .from('notes')
      .select('title,author:users(name),comments(body)')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'first', author: { name: 'Alice' }, comments: [{ body: 'c1' }, { body: 'c2' }] },
    ]);
  });

  it('filters and orders an embedded resource, and !inner filters the parent', async () => {
    const { data } = await alice
      .from('notes')
      .select('title,comments(body)')
      .eq('comments.body', 'c2')
      .order('id')
      .limit(2);
    expect(data).toEqual([
      { title: 'first', comments: [{ body: 'c2' }] },
      { title: 'second', comments: [] },
    ]);
    const inner = await alice
      .from('notes')
      .select('title,comments!inner(body)')
      .eq('comments.body', 'c3');
    expect(inner.data).toEqual([{ title: 'second', comments: [{ body: 'c3' }] }]);
  });

  it('counts exactly with Content-Range and 206 when partial', async () => {
    const { data, count, status } = await alice
      .from('notes')
      .select('title', { count: 'exact' })
      .order('id')
      .range(0, 1);
    expect([titles(data), count, status]).toEqual([['first', 'second'], 3, 206]);
    const whole = await alice.from('notes').select('title', { count: 'exact', head: true });
    expect([whole.count, whole.status]).toEqual([3, 200]);
  });

  it('single() and maybeSingle()', async () => {
    expect((await alice.from('notes').select('title').eq('id', 2).single()).data).toEqual({
      title: 'second',
    });
    const none = await alice.from('notes').select('title').eq('id', 99).single();
    expect([none.status, none.error]).toEqual([
      406,
      {
        code: 'PGRST116',
        details: 'The result contains 0 rows',
        hint: null,
        message: 'Cannot coerce the result to a single JSON object',
      },
    ]);
    expect((await alice.from('notes').select('title').eq('id', 99).maybeSingle()).data).toBeNull();
    expect((await alice.from('notes').select('title').maybeSingle()).error).toMatchObject({
      code: 'PGRST116',
    });
  });
});

describe('errors', () => {
  it('refuses a table without row-level security, naming it', async () => {
    const { error, status } = await alice.from('unguarded').select();
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: '42501', details: null });
    expect((error as { message: string }).message).toContain(
      'Table "unguarded" has no row-level security rules',
    );
  });

  it('answers an unknown table with PGRST205', async () => {
    const { error, status } = await alice.from('nope').select();
    expect([status, error]).toEqual([
      404,
      {
        code: 'PGRST205',
        details: null,
        hint: null,
        message: "Could not find the table 'public.nope' in the schema cache",
      },
    ]);
  });

  it('answers an unknown column with 42703, and a column shaped like an injection with a 400', async () => {
    const unknown = await alice.from('notes').select('nope');
    expect([unknown.status, unknown.error]).toEqual([
      400,
      { code: '42703', details: null, hint: null, message: 'column notes.nope does not exist' },
    ]);
    for (const column of ['title"; drop table notes; --', '"title; drop table notes"']) {
      const { status } = await alice.from('notes').select(column);
      expect(status).toBe(400);
      expect((await alice.from('notes').select().order(column)).status).toBe(400);
    }
    expect((await alice.from('notes').select('id')).data).toHaveLength(3);
  });

  it('answers a bad operator with PGRST100 and bad input with 22P02', async () => {
    const bad = await alice.from('notes').select().filter('rank', 'eqx', 1);
    expect([bad.status, bad.error]).toMatchObject([400, { code: 'PGRST100' }]);
    const text = await alice.from('notes').select().eq('rank', 'abc');
    expect([text.status, text.error]).toMatchObject([400, { code: '22P02' }]);
  });

  it('answers a missing relationship with PGRST200', async () => {
    const { error, status } = await alice.from('users').select('name,unguarded(id)');
    expect([status, error]).toMatchObject([400, { code: 'PGRST200' }]);
  });

  it('runs a read read-only: a rule that writes is 405 25006 and writes nothing', async () => {
    const read = await alice.from('counted').select('id');
    expect({ status: read.status, code: read.error?.code }).toEqual({ status: 405, code: '25006' });
    expect((await alice.from('visits').select('id')).data).toEqual([]);
  });

  it('answers insufficient privileges with 401 for anon', async () => {
    const { error, status } = await anon.from('notes').insert({ title: 'anon', owner: 'alice' });
    expect([status, error]).toMatchObject([401, { code: '42501' }]);
  });
});

describe('writes', () => {
  it('inserts with representation, then updates and deletes with filters', async () => {
    const inserted = await alice
      .from('notes')
      .insert({ title: 'new', rank: 5 })
      .select('title,owner,rank')
      .single();
    expect(inserted).toMatchObject({
      status: 201,
      data: { title: 'new', owner: 'alice', rank: 5 },
    });
    const updated = await alice
      .from('notes')
      .update({ body: 'edited' })
      .eq('title', 'new')
      .select('body');
    expect(updated).toMatchObject({ status: 200, data: [{ body: 'edited' }] });
    const deleted = await alice.from('notes').delete().eq('title', 'new').select('title');
    expect(deleted).toMatchObject({ status: 200, data: [{ title: 'new' }] });
    expect((await alice.from('notes').select().eq('title', 'new')).data).toEqual([]);
  });

  it('inserts an array with return=minimal', async () => {
    const { status, data, error } = await alice
      .from('notes')
      .insert([{ title: 'm1' }, { title: 'm2', rank: 7 }]);
    expect([status, data, error]).toEqual([201, null, null]);
    expect(
      titles(
        (await alice.from('notes').select('title').in('title', ['m1', 'm2']).order('title')).data,
      ),
    ).toEqual(['m1', 'm2']);
    await alice.from('notes').delete().in('title', ['m1', 'm2']);
  });

  it('answers a duplicate with 409 23505 and an RLS check violation with 403', async () => {
    const dup = await alice.from('notes').insert({ title: 'first' });
    expect([dup.status, dup.error]).toMatchObject([409, { code: '23505' }]);
    const other = await alice.from('notes').insert({ title: 'as bob', owner: 'bob' });
    expect([other.status, other.error]).toMatchObject([403, { code: '42501' }]);
  });

  it('upserts with merge-duplicates and ignore-duplicates', async () => {
    const merged = await alice
      .from('notes')
      .upsert({ id: 1, title: 'first', rank: 10 })
      .select('id,rank');
    expect(merged.data).toEqual([{ id: 1, rank: 10 }]);
    const ignored = await alice
      .from('notes')
      .upsert({ title: 'first', rank: 99 }, { onConflict: 'title', ignoreDuplicates: true })
      .select('rank');
    expect(ignored.data).toEqual([]);
    expect((await alice.from('notes').select('rank').eq('id', 1).single()).data).toEqual({
      rank: 10,
    });
    await alice.from('notes').update({ rank: 1 }).eq('id', 1);
  });

  it("does not touch another user's rows", async () => {
    const { data } = await alice
      .from('notes')
      .update({ body: 'hacked' })
      .eq('title', 'bobs')
      .select();
    expect(data).toEqual([]);
    expect(
      (await client('bob').from('notes').select('body').eq('title', 'bobs').single()).data,
    ).toEqual({ body: 'secret' });
  });
});

describe('rpc', () => {
  it('returns a scalar, with a default argument and by GET', async () => {
    expect((await alice.rpc('add', { a: 2, b: 3 })).data).toBe(5);
    expect((await alice.rpc('add', { a: 2 })).data).toBe(3);
    expect((await alice.rpc('add', { a: 4, b: 4 }, { get: true })).data).toBe(8);
  });

  it('returns a set of rows, filtered and ordered, under RLS', async () => {
    const { data, error } = await alice
      .rpc('my_notes', { min_rank: 2 })
      .select('title')
      .order('rank', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'third' }, { title: 'second' }]);
  });

  it('void is no content; a raise is 400 P0001; an unknown function is 404 PGRST202', async () => {
    expect(await alice.rpc('nothing')).toMatchObject({ status: 204, data: null, error: null });
    expect(await alice.rpc('fail', { reason: 'nope' })).toMatchObject({
      status: 400,
      error: { code: 'P0001', message: 'nope' },
    });
    expect(await alice.rpc('missing', { x: 1 })).toMatchObject({
      status: 404,
      error: { code: 'PGRST202' },
    });
  });
});
