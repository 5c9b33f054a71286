// Test harness (not production code): an app database as the databases' bootstrap leaves it
// (roles anon/authenticated, schema auth with auth.uid()/role()/jwt(), then AUTH_BOOTSTRAP), on
// a fresh PGlite or, with TEST_DATABASE_URL, a fresh database on that server; and a real
// node:http server mapping /auth/v1/* to AppAuth#handle. `x-test-ip` sets the client's address.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteSqlClient, pgSqlClient, type SqlClient } from '@mason/server-postgrest';
import type { AppAuth } from '../app-auth';
import type { AuthDatabase } from '../auth-service';
import type { AppJwtKeys } from '../jwt';
import { AUTH_BOOTSTRAP } from '../schema';

export interface AuthTestDatabase extends AuthDatabase {
  /** One statement as the superuser, outside any caller's role. */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** `work` in one transaction as `role` with request.jwt.claims set to `claims`. */
  asCaller<T>(
    role: 'anon' | 'authenticated',
    claims: Record<string, unknown>,
    work: (sql: SqlClient) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

const BASE_SQL = `
do $$ begin create role anon nologin; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role authenticated nologin; exception when duplicate_object or unique_violation then null; end $$;
grant anon, authenticated to current_user;
create schema auth;
grant usage on schema auth to anon, authenticated;
create function auth.jwt() returns jsonb language sql stable as
  $$ select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb $$;
create function auth.uid() returns uuid language sql stable as
  $$ select nullif(auth.jwt() ->> 'sub', '')::uuid $$;
create function auth.role() returns text language sql stable as
  $$ select auth.jwt() ->> 'role' $$;
`;

async function asRole<T>(
  sql: SqlClient,
  role: 'anon' | 'authenticated',
  claims: Record<string, unknown>,
  work: (sql: SqlClient) => Promise<T>,
) {
  await sql.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
  await sql.query(role === 'anon' ? 'set local role anon' : 'set local role authenticated');
  return work(sql);
}

export async function createAuthTestDatabase(): Promise<AuthTestDatabase> {
  const serverUrl = process.env['TEST_DATABASE_URL'] || undefined;
  if (!serverUrl) {
    const db = await PGlite.create();
    await db.exec(BASE_SQL);
    for (const step of AUTH_BOOTSTRAP) await db.exec(step.sql);
    return {
      asOwner: (work) => db.transaction((tx) => work(pgliteSqlClient(tx))),
      asCaller: (role, claims, work) =>
        db.transaction((tx) => asRole(pgliteSqlClient(tx), role, claims, work)),
      query: async <Row>(text: string, params: unknown[] = []) =>
        (await db.query<Row>(text, params)).rows,
      close: () => db.close(),
    };
  }
  const name = `mason_appauth_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  // An idle connection the server ends (a restart, the drop below) is no failure of a test: the
  // pool opens another when one is needed.
  pool.on('error', () => undefined);
  admin.on('error', () => undefined);
  await pool.query(BASE_SQL);
  for (const step of AUTH_BOOTSTRAP) await pool.query(step.sql);
  const inTransaction = async <T>(work: (sql: SqlClient) => Promise<T>) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await work(pgSqlClient(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
  return {
    asOwner: inTransaction,
    asCaller: (role, claims, work) => inTransaction((sql) => asRole(sql, role, claims, work)),
    query: async <Row>(text: string, params: unknown[] = []) =>
      (await pool.query(text, params)).rows as Row[],
    close: async () => {
      await pool.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Fresh keys of a test app (each call another app). */
export function testKeys(ref = `app${randomBytes(4).toString('hex')}`): AppJwtKeys {
  return { secret: randomBytes(32), issuer: `http://${ref}.localhost/auth/v1`, ref };
}

export interface AuthTestServer {
  url: string;
  close(): Promise<void>;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function startAuthTestServer(
  auth: AppAuth,
  db: AuthDatabase,
  keys: AppJwtKeys,
): Promise<AuthTestServer> {
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/auth/v1/')) {
      response.writeHead(404).end();
      return;
    }
    const text = await readBody(request);
    const headers: Record<string, string | undefined> = {};
    for (const [key, value] of Object.entries(request.headers))
      headers[key] = Array.isArray(value) ? value.join(', ') : value;
    const result = await auth.handle(
      {
        method: request.method ?? 'GET',
        path: url.pathname.slice('/auth/v1'.length),
        query: url.searchParams,
        headers,
        body: parseJson(text),
        ip: headers['x-test-ip'] ?? request.socket.remoteAddress ?? '',
      },
      db,
      keys,
    );
    response.writeHead(result.status, result.headers);
    response.end(result.body === undefined ? undefined : JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
