// The data API of an app's database over real HTTP: under generated bad input (fast-check, fixed
// seed), as every kind of caller, no answer is a 5xx or shows internals, every error is JSON, and a
// refused request leaves the database as it was; a statement past its time is cancelled; reads are
// read-only and keep answering across migrations.
import { createHash } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import fc from 'fast-check';
import { AppAuth } from '../auth/app-auth';
import { anonKey, type AppJwtKeys } from '../auth/jwt';
import { AUTH_BOOTSTRAP } from '../auth/schema';
import { applyMigrations } from '../databases/migrations';
import {
  createTestAppDatabases,
  DATABASE_TEST_TIMEOUT_MS,
  type TestAppDatabases,
} from '../../test-utils/app-databases';
import { startDataApiServer } from '../../test-utils/data-api-server';
import { AppDataApi, type AppDataTarget } from './app-data-api';

/** FUZZ_RUNS=500 FUZZ_SEED=7: a longer run, another seed. */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 60);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261202);

const NOTES = `create table notes (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid() references auth.users (id),
  body text not null check (length(body) < 200),
  created_at timestamptz not null default now()
);
alter table notes enable row level security;
create policy "own notes" on notes for all to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());
create table audit (id int primary key, entry text);
create function note_count() returns bigint language sql stable as $$ select count(*) from notes $$;
`;

const PROJECT = '0b6c3f3e-5a51-4c1b-9a8e-1d2f3a4b5c6d';
const OTHER = '7e0d1c2b-3a49-4f5e-8d7c-6b5a4f3e2d1c';
const keysOf = ({ projectId, environment }: AppDataTarget): AppJwtKeys => ({
  secret: createHash('sha256').update(`fuzz:${projectId}:${environment}`).digest(),
  issuer: 'mason',
  ref: `${projectId}:${environment}`,
});
const target: AppDataTarget = { projectId: PROJECT, environment: 'development' };

// ---- What is generated ----

const IDENTIFIER = fc.constantFrom(
  'notes',
  'audit',
  'missing',
  'auth.users',
  'mason.migrations',
  'pg_user',
  'Notes',
  '',
);
const COLUMN = fc.constantFrom(
  'id',
  'body',
  'user_id',
  'created_at',
  'nope',
  '*',
  'body::int',
  'audit(*)',
  'count()',
);
const OPERATOR = fc.constantFrom(
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'in',
  'is',
  'cs',
  'fts',
  'not.eq',
  'nope',
  '',
);
const VALUE = fc.oneof(
  fc.constantFrom(
    '1',
    '-1',
    'null',
    'true',
    '(1,2)',
    '("a","b")',
    '%x%',
    "'; drop table notes; --",
    '\u0000',
    '9'.repeat(40),
    '',
  ),
  fc.string({ maxLength: 30 }),
);
const SELECT = fc.oneof(
  fc.array(COLUMN, { maxLength: 4 }).map((columns) => columns.join(',')),
  fc.string({ maxLength: 40, unit: fc.constantFrom(...'abc_(),*:!.->"\' '.split('')) }),
);
const QUERY = fc.array(
  fc.oneof(
    fc.tuple(fc.constant('select'), SELECT),
    fc.tuple(
      fc.constant('order'),
      fc.tuple(COLUMN, fc.constantFrom('', '.asc', '.desc.nullslast', '.x')).map(([c, d]) => c + d),
    ),
    fc.tuple(
      fc.constantFrom('limit', 'offset'),
      fc.oneof(fc.constantFrom('-1', '0', '1', 'x', '1e9'), fc.nat().map(String)),
    ),
    fc.tuple(
      fc.constantFrom('or', 'and'),
      fc.tuple(COLUMN, OPERATOR, VALUE).map(([c, o, v]) => `(${c}.${o}.${v})`),
    ),
    fc.tuple(fc.constantFrom('on_conflict', 'columns'), COLUMN),
    fc.tuple(
      COLUMN,
      fc.tuple(OPERATOR, VALUE).map(([o, v]) => `${o}.${v}`),
    ),
  ),
  { maxLength: 4 },
);
const BODY = fc.oneof(
  fc.constant(''),
  fc.constantFrom('{', 'null', '[]', '"x"', '{"body":1}'),
  fc.json({ maxDepth: 2 }),
  fc
    .record({ body: VALUE, user_id: fc.oneof(fc.uuid(), VALUE) }, { requiredKeys: [] })
    .map((value) => JSON.stringify(value)),
  fc
    .record(
      { email: fc.oneof(fc.emailAddress(), VALUE), password: VALUE, refresh_token: VALUE },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
);
const PATH = fc.oneof(
  IDENTIFIER.map((table) => `/rest/v1/${table}`),
  fc.constantFrom(
    '/rest/v1/rpc/note_count',
    '/rest/v1/rpc/missing',
    '/rest/v1/',
    '/rest/v1',
    '/rest/v1/notes/1',
  ),
  fc.constantFrom(
    '/auth/v1/signup',
    '/auth/v1/token',
    '/auth/v1/user',
    '/auth/v1/logout',
    '/auth/v1/settings',
    '/auth/v1/nope',
    '/auth/v1',
  ),
);
const REQUEST = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'),
  path: PATH,
  query: QUERY,
  grant: fc.constantFrom(null, 'password', 'refresh_token', 'nope'),
  scope: fc.constantFrom(null, 'global', 'local', 'others', 'x'),
  prefer: fc.constantFrom(
    null,
    'return=representation',
    'count=exact',
    'resolution=merge-duplicates',
    'tx=rollback',
    'nope',
  ),
  range: fc.constantFrom(null, '0-9', '5-1', 'x'),
  accept: fc.constantFrom(
    null,
    'application/json',
    'application/vnd.pgrst.object+json',
    'text/csv',
  ),
  contentType: fc.constantFrom(null, 'application/json', 'text/plain'),
  body: BODY,
});

/** Internals an answer must never show. */
const INTERNALS =
  /\bat .+\.(ts|js):\d+|\/node_modules\/|\bstack\b|TypeError|SyntaxError|ECONN[A-Z]+|mason\.migrations|encrypted_password/i;

/** The data API of PROJECT's development database in `store`, on a real HTTP server. */
function serveProject(store: TestAppDatabases) {
  return startDataApiServer(
    new AppDataApi({
      databases: store.databases,
      auth: new AppAuth(),
      keysOf,
      isEnabled: async () => true,
    }),
    target,
  );
}

describe('the data API under generated bad input (fast-check, fixed seed)', () => {
  let store: TestAppDatabases;
  let server: { url: string; close: () => Promise<unknown> };
  let callers: { name: string; apikey: string | null; bearer: string | null }[];
  let refreshToken = '';

  /** Everything the database holds, as the owner reads it. */
  const digest = () =>
    store.databases.use(PROJECT, 'development', (db) =>
      db.asOwner(async (sql) => {
        const rows = await sql.query<{ digest: string }>(
          `select md5(coalesce((select json_agg(n order by n.id)::text from notes n), '') ||
             coalesce((select json_agg(a order by a.id)::text from audit a), '') ||
             coalesce((select json_agg(u.id order by u.id)::text from auth.users u), '') ||
             coalesce((select json_agg(u.encrypted_password order by u.id)::text from auth.users u), '') ||
             (select count(*)::text from information_schema.tables)) as digest`,
        );
        return rows.rows[0]?.digest ?? '';
      }),
    );

  beforeAll(async () => {
    store = await createTestAppDatabases({ bootstrap: AUTH_BOOTSTRAP });
    await store.databases.use(PROJECT, 'development', (db) =>
      applyMigrations(db, [{ name: '001_notes.sql', sql: NOTES }]),
    );
    server = await serveProject(store);
    const key = await anonKey(keysOf(target));
    const supabase = createClient(server.url, key, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const signedUp = await supabase.auth.signUp({
      email: 'fuzzed@example.com',
      password: 'fuzzed-password-1',
    });
    expect(signedUp.error).toBeNull();
    expect((await supabase.from('notes').insert({ body: 'a note' })).error).toBeNull();
    const access = signedUp.data.session?.access_token ?? '';
    refreshToken = signedUp.data.session?.refresh_token ?? '';
    callers = [
      { name: 'no key', apikey: null, bearer: null },
      {
        name: "another app's key",
        apikey: await anonKey(keysOf({ projectId: OTHER, environment: 'development' })),
        bearer: null,
      },
      { name: 'the anon key', apikey: key, bearer: null },
      { name: 'a forged token', apikey: key, bearer: `${access.slice(0, -4)}AAAA` },
      { name: 'a signed-in user', apikey: key, bearer: access },
    ];
  }, DATABASE_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  it(
    `answers ${RUNS} generated requests per caller without a 5xx, outside JSON, showing internals, or with a refused request that changed something`,
    async () => {
      const failures: string[] = [];
      let requests = 0;
      for (const [index, caller] of callers.entries()) {
        const samples = fc.sample(REQUEST, { seed: SEED + index * 17, numRuns: RUNS });
        for (const sample of samples) {
          const query = new URLSearchParams(sample.query);
          if (sample.grant) query.set('grant_type', sample.grant);
          if (sample.scope) query.set('scope', sample.scope);
          const headers: Record<string, string> = {};
          if (caller.apikey) headers['apikey'] = caller.apikey;
          if (caller.bearer) headers['authorization'] = `Bearer ${caller.bearer}`;
          if (sample.prefer) headers['prefer'] = sample.prefer;
          if (sample.range) headers['range'] = sample.range;
          if (sample.accept) headers['accept'] = sample.accept;
          if (sample.contentType) headers['content-type'] = sample.contentType;
          // The signed-in user's session must outlive the run: no sign-out of it, no use of its refresh token.
          if (sample.path.startsWith('/auth/v1/logout') || sample.body.includes(refreshToken))
            continue;
          const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(sample.method);
          const before = await digest();
          const described = `${caller.name}: ${sample.method} ${sample.path}?${query.toString()} ${hasBody ? sample.body.slice(0, 120) : ''}`;
          let status: number;
          let text: string;
          let contentType: string;
          try {
            const response = await fetch(`${server.url}${sample.path}?${query.toString()}`, {
              method: sample.method,
              headers,
              body: hasBody ? sample.body : undefined,
            });
            status = response.status;
            contentType = response.headers.get('content-type') ?? '';
            text = await response.text();
          } catch (error) {
            failures.push(`${described}: the request failed (${(error as Error).message})`);
            continue;
          }
          requests += 1;
          const after = await digest();
          if (status >= 500)
            failures.push(`${described}: answered ${status} ${text.slice(0, 200)}`);
          // An answer may name the table the request asked for ("Could not find the table …").
          const unquoted = text.split(sample.path.split('/').pop() ?? '').join('');
          if (INTERNALS.test(unquoted))
            failures.push(`${described}: showed internals: ${text.slice(0, 200)}`);
          if (status >= 400 && sample.method !== 'HEAD') {
            if (!contentType.includes('json'))
              failures.push(`${described}: answered ${status} as ${contentType}`);
            else {
              try {
                JSON.parse(text);
              } catch {
                failures.push(`${described}: answered ${status} with a body that is not JSON`);
              }
            }
          }
          if (status >= 400 && after !== before)
            failures.push(`${described}: answered ${status} but changed the database`);
          if (!caller.apikey?.startsWith('eyJ') || caller.name === "another app's key") {
            if (status < 300 && sample.method !== 'OPTIONS')
              failures.push(`${described}: answered ${status} to ${caller.name}`);
          }
        }
      }
      console.log(
        `Data API fuzzer: ${requests} requests (seed ${SEED}, ${RUNS} per caller), ${failures.length} failures`,
      );
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(callers.length * RUNS * 0.8);
    },
    10 * 60_000,
  );
});

describe('a statement that runs too long', () => {
  let store: TestAppDatabases;
  let server: { url: string; close: () => Promise<unknown> };

  beforeAll(async () => {
    store = await createTestAppDatabases({
      bootstrap: AUTH_BOOTSTRAP,
      callerStatementTimeoutMs: 500,
    });
    await store.databases.use(PROJECT, 'development', (db) =>
      applyMigrations(db, [
        {
          name: '001_notes.sql',
          sql: `${NOTES}create function slow() returns void language sql as $$ select pg_sleep(60) $$;\n`,
        },
      ]),
    );
    server = await serveProject(store);
  }, DATABASE_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  it('is cancelled with PostgreSQL’s 57014, and the app’s next request is answered', async () => {
    const supabase = createClient(server.url, await anonKey(keysOf(target)), {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const slow = await supabase.rpc('slow');
    expect({ status: slow.status, code: slow.error?.code, message: slow.error?.message }).toEqual({
      status: 500,
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
    const next = await supabase.rpc('note_count');
    expect({ status: next.status, data: next.data }).toEqual({ status: 200, data: 0 });
  });
});

describe('reads', () => {
  let store: TestAppDatabases;
  let server: { url: string; close: () => Promise<unknown> };
  let supabase: SupabaseClient;

  /** The audit rows, as the owner reads them. */
  const audit = () =>
    store.databases.use(PROJECT, 'development', (db) =>
      db.asOwner(async (sql) => (await sql.query('select entry from audit')).rows),
    );

  beforeAll(async () => {
    store = await createTestAppDatabases({ bootstrap: AUTH_BOOTSTRAP });
    await store.databases.use(PROJECT, 'development', (db) =>
      applyMigrations(db, [
        {
          name: '001_notes.sql',
          sql: `${NOTES}
create function count_visit() returns boolean language plpgsql security definer set search_path = public
  as $$ begin insert into audit values ((select coalesce(max(id), 0) + 1 from audit), 'visit'); return true; end $$;
create table counted (id int primary key);
alter table counted enable row level security;
create policy "counts each read" on counted for select using (count_visit());
insert into counted values (1);
`,
        },
      ]),
    );
    server = await serveProject(store);
    supabase = createClient(server.url, await anonKey(keysOf(target)), {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const signedUp = await supabase.auth.signUp({
      email: 'reader@example.com',
      password: 'reader-password-1',
    });
    expect(signedUp.error).toBeNull();
    const notes = Array.from({ length: 12 }, (_, index) => ({ body: `note ${index + 1}` }));
    expect((await supabase.from('notes').insert(notes)).error).toBeNull();
  }, DATABASE_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  it('run read-only, as PostgREST runs them: a rule that writes is refused with 405 and writes nothing', async () => {
    const read = await supabase.from('counted').select('id');
    expect({ status: read.status, code: read.error?.code }).toEqual({
      status: 405,
      code: '25006',
    });
    expect(await audit()).toEqual([]);
  });

  it('answer the same request after a migration changed its table, and hundreds of different reads in a row', async () => {
    const bodies = async () => {
      const { data, error } = await supabase.from('notes').select('id, body').order('id');
      expect(error).toBeNull();
      return (data as { body: string }[]).map((note) => note.body);
    };
    const before = await bodies();
    expect(before).toHaveLength(12);
    await store.databases.use(PROJECT, 'development', (db) =>
      applyMigrations(db, [
        {
          name: '002_moods.sql',
          sql: `alter table notes alter column body type varchar(300);
alter table notes add column mood text not null default 'calm';`,
        },
      ]),
    );
    expect(await bodies()).toEqual(before);
    const moods = await supabase.from('notes').select('mood').limit(1);
    expect(moods.data).toEqual([{ mood: 'calm' }]);
    // Each length of the list is another statement: more than the connections keep prepared.
    const ids = Array.from({ length: 300 }, (_, index) => index + 1);
    const answered: number[] = [];
    for (const length of ids) {
      const { data, error } = await supabase
        .from('notes')
        .select('id')
        .in('id', ids.slice(0, length));
      expect(error).toBeNull();
      answered.push(data?.length ?? -1);
    }
    expect(answered).toEqual(ids.map((length) => Math.min(length, 12)));
  });
});
