// Test harness (not production code): a fresh database per test file (PGlite, or a random
// database on TEST_DATABASE_URL's server), roles anon/authenticated, and a real node:http server
// mapping /rest/v1/* to handlePostgrestRequest. The caller is chosen by the `x-test-user`
// header: absent is `anon`, present is `authenticated` with claims {"sub": <user>, "role": ...}.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { handlePostgrestRequest } from '../lib/handle-request';
import { createSchemaCache } from '../lib/schema-cache';
import { pgliteSqlClient, pgSqlClient } from '../lib/sql-clients';
import type { RunAsCaller, RunOptions, SqlClient } from '../lib/types';

export interface TestDatabase {
  /** Runs setup SQL as the superuser (several statements allowed). */
  exec(sql: string): Promise<void>;
  /** A RunAsCaller for `role` with `claims` in request.jwt.claims. */
  runAs(role: 'anon' | 'authenticated', claims: Record<string, unknown>): RunAsCaller;
  close(): Promise<void>;
}

const rolesSql = `
do $$ begin create role anon nologin; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role authenticated nologin; exception when duplicate_object or unique_violation then null; end $$;
grant anon, authenticated to current_user;`;

async function asCaller<T>(
  sql: SqlClient,
  role: string,
  claims: Record<string, unknown>,
  work: (sql: SqlClient) => Promise<T>,
  options: RunOptions = {},
) {
  if (options.readOnly) await sql.query('set transaction read only');
  await sql.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
  await sql.query(role === 'anon' ? 'set local role anon' : 'set local role authenticated');
  return work(sql);
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env['TEST_DATABASE_URL'] || undefined;
  if (!serverUrl) {
    const db = await PGlite.create();
    await db.exec(rolesSql);
    return {
      exec: async (sql) => void (await db.exec(sql)),
      runAs: (role, claims) => (work, options) =>
        db.transaction((tx) => asCaller(pgliteSqlClient(tx), role, claims, work, options)),
      close: () => db.close(),
    };
  }
  const name = `mason_postgrest_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  await pool.query(rolesSql);
  return {
    exec: async (sql) => void (await pool.query(sql)),
    runAs: (role, claims) => async (work, options) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await asCaller(pgSqlClient(client), role, claims, work, options);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      await pool.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export interface TestServer {
  url: string;
  /** Call after a migration in a test. */
  invalidateSchema(): void;
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

export async function startTestServer(db: TestDatabase): Promise<TestServer> {
  const schemaCache = createSchemaCache();
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/rest/v1')) {
      response.writeHead(404).end();
      return;
    }
    const text = await readBody(request);
    const headers: Record<string, string | undefined> = {};
    for (const [key, value] of Object.entries(request.headers))
      headers[key] = Array.isArray(value) ? value.join(', ') : value;
    const user = headers['x-test-user'];
    const role = user ? 'authenticated' : 'anon';
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          code: 'PGRST102',
          details: null,
          hint: null,
          message: 'Empty or invalid json',
        }),
      );
      return;
    }
    const result = await handlePostgrestRequest(
      {
        method: request.method ?? 'GET',
        path: url.pathname.slice('/rest/v1'.length),
        query: url.searchParams,
        headers,
        body,
      },
      db.runAs(role, user ? { sub: user, role } : { role }),
      { schemaCache, role },
    );
    response.writeHead(result.status, result.headers);
    response.end(result.body === undefined ? undefined : JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    invalidateSchema: () => schemaCache.invalidate(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
