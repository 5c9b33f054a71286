// The data API's overhead (issue 34, §8): reading one row and 100 rows of an app's database
// through Mason's data API (a real HTTP request, the apikey and a user's JWT checked, one
// transaction as the caller under row-level security, PostgREST's JSON) beside the same query on
// a bare connection (PGlite's own, or `pg` on BENCH_DATABASE_URL's server) as the same caller
// under the same rules (role and claims set once on the connection). Medians of many runs, side
// by side in one run; the ratio is the overhead.
//
// Two baselines, both printed: the bare query alone, and the same bare query answered over the
// same kind of HTTP request by a handler that does nothing else (its rows as JSON). A browser
// reaches its database only over HTTP, so the second is the least any data API could cost, and
// the ratio to it is what Mason itself adds; the first also counts the HTTP round trip, which on
// loopback alone is two to five times a one-row query.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadLibrary } from './app-databases.mjs';

const RUNS = Number(process.env.BENCH_DATA_API_RUNS ?? 200);
// A server answers from warm code: after 20 requests the data API's path (JWT check, parse,
// plan, the database thread, the reply) was still being compiled, and its median of 200 counted
// the compiler (4.1 ms a row on PGlite, against 1.5 ms after 500). Both sides get the same warm-up.
const WARMUP = 500;
const PROJECT = '3d5b8f0e-1c2a-4b6d-9e8f-7a6b5c4d3e2f';
const TARGET_RATIO = 1.5;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function timed(work) {
  for (let i = 0; i < WARMUP; i += 1) await work();
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

function listen(server) {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: server.address().port })),
  );
}

/** The same rows over HTTP with nothing else done: `?limit=` in, the bare query's rows as JSON out. */
async function bareOverHttp(query, limit) {
  const { server, port } = await listen(
    http.createServer((request, response) => {
      const wanted = Number(
        new URL(request.url ?? '/', 'http://bench.test').searchParams.get('limit'),
      );
      void query(wanted).then(({ rows }) => {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(rows));
      });
    }),
  );
  try {
    return await timed(async () => {
      const body = await (await fetch(`http://127.0.0.1:${port}/items?limit=${limit}`)).json();
      if (body.length !== limit) throw new Error(`the bare handler answered ${body.length} rows`);
    });
  } finally {
    server.close();
  }
}

/** The bare query's time alone and answered over HTTP, with `query(limit)` on a bare connection. */
async function bareTimes(query, limit) {
  return { direct: await timed(() => query(limit)), overHttp: await bareOverHttp(query, limit) };
}

function serve(api, target) {
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://bench.test');
      void api
        .handle(
          {
            method: request.method ?? 'GET',
            path: url.pathname,
            query: url.searchParams,
            headers: request.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ip: '127.0.0.1',
          },
          target,
        )
        .then((answer) => {
          response.writeHead(answer.status, answer.headers);
          response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
        });
    });
  });
  return listen(server);
}

async function measure(library, options, label, bare) {
  const databases = new library.AppDatabases({ ...options, bootstrap: library.AUTH_BOOTSTRAP });
  const target = { projectId: PROJECT, environment: 'development' };
  const keys = {
    secret: createHash('sha256').update('bench').digest(),
    issuer: 'mason',
    ref: `${PROJECT}:development`,
  };
  const api = new library.AppDataApi({
    databases,
    auth: new library.AppAuth(),
    keysOf: () => keys,
    isEnabled: async () => true,
  });
  const { server, port } = await serve(api, target);
  try {
    await databases.use(PROJECT, 'development', (db) =>
      library.applyMigrations(db, [
        {
          name: '001_items.sql',
          sql: `create table items (id int primary key, owner uuid not null, body text not null);
alter table items enable row level security;
create policy own on items for select to authenticated using (owner = (select auth.uid()));`,
        },
      ]),
    );
    const base = `http://127.0.0.1:${port}`;
    const apikey = await library.anonKey(keys);
    const signUp = await fetch(`${base}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-1' }),
    });
    const session = await signUp.json();
    const owner = session.user.id;
    await databases.use(PROJECT, 'development', (db) =>
      db.asOwner((sql) =>
        sql.query(
          `insert into items select i, $1, repeat('x', 100) from generate_series(1, 1000) i`,
          [owner],
        ),
      ),
    );
    const headers = { apikey, authorization: `Bearer ${session.access_token}` };
    const rows = { 'bare query': [], 'bare query over HTTP': [] };
    for (const [what, limit] of [
      ['one row', 1],
      ['100 rows', 100],
    ]) {
      const viaApi = await timed(async () => {
        const response = await fetch(
          `${base}/rest/v1/items?select=id,body&order=id&limit=${limit}`,
          {
            headers,
          },
        );
        const body = await response.json();
        if (body.length !== limit) throw new Error(`the data API answered ${body.length} rows`);
      });
      const { direct, overHttp } = await bare(databases, owner, (query) => bareTimes(query, limit));
      for (const [baseline, time] of [
        ['bare query', direct],
        ['bare query over HTTP', overHttp],
      ]) {
        const ratio = viaApi / time;
        rows[baseline].push({
          bench: `Data API read against a ${baseline} (${label})`,
          measure: `${what}: data API ${viaApi.toFixed(2)} ms, ${baseline} ${time.toFixed(2)} ms (medians of ${RUNS})`,
          value: `${ratio.toFixed(2)}x`,
          target: `<= ${TARGET_RATIO}x`,
          verdict: ratio <= TARGET_RATIO ? 'PASS' : 'MISS',
        });
      }
    }
    return Object.values(rows).flat();
  } finally {
    server.close();
    await databases.close();
  }
}

const QUERY = 'select id, body from items order by id limit $1';

/** The bare connection reads as the same caller, under the same rules: role and claims set once. */
async function asCaller(sql, owner) {
  await sql.query(`select set_config('request.jwt.claims', $1, false)`, [
    JSON.stringify({ sub: owner, role: 'authenticated' }),
  ]);
  await sql.query('set role authenticated');
}

export async function dataApi() {
  const library = await loadLibrary();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mason-bench-data-api-'));
  const rows = [];
  try {
    // PGlite: the bare query on the same database, as its owner, outside any transaction.
    rows.push(
      ...(await measure(library, { dataDir }, 'PGlite', (databases, owner, times) =>
        databases.use(PROJECT, 'development', (db) =>
          db.asOwner(async (sql) => {
            await asCaller(sql, owner);
            return times((limit) => sql.query(QUERY, [limit]));
          }),
        ),
      )),
    );
    const serverUrl = process.env.BENCH_DATABASE_URL;
    if (serverUrl) {
      const { default: pg } = await import('pg');
      const prefix = `bench${randomBytes(3).toString('hex')}_`;
      rows.push(
        ...(await measure(
          library,
          { dataDir, serverUrl, databasePrefix: prefix },
          'PostgreSQL',
          async (databases, owner, times) => {
            const name = await databases.use(PROJECT, 'development', (db) =>
              db.asOwner(
                async (sql) => (await sql.query('select current_database() as name')).rows[0].name,
              ),
            );
            const url = new URL(serverUrl);
            url.pathname = `/${name}`;
            const client = new pg.Client({ connectionString: url.toString() });
            await client.connect();
            try {
              await asCaller(client, owner);
              return await times((limit) => client.query(QUERY, [limit]));
            } finally {
              await client.end();
            }
          },
        )),
      );
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const { rows: made } = await admin.query(
        'select datname from pg_database where starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of made)
        if (/^[a-z0-9_]+$/.test(datname))
          await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.end();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
