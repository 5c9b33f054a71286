// The engine's entry: one PostgREST request in, one response out, the work done in one
// transaction as the caller. Parse -> plan -> execute; errors become PostgREST's error bodies.
import {
  isPgError,
  pgErrorBody,
  PostgrestError,
  singularityError,
  statusOfPgError,
} from './errors';
import { type ParsedQuery, parseQuery } from './parse-query';
import { planRead, servedRelation } from './plan-read';
import { findFunction, planRpc } from './plan-rpc';
import { planDelete, planInsert, planUpdate } from './plan-write';
import { createSchemaCache, type Schema, type SchemaCache } from './schema-cache';
import type { PostgrestRequest, PostgrestResponse, RunAsCaller, SqlClient } from './types';

export interface PostgrestOptions {
  /** The exposed schema; 'public' by default. */
  schema?: string;
  /** The most rows a read answers. */
  maxRows?: number;
  /** The schema cache of this database (share one per database; `invalidate()` after migrations). */
  schemaCache?: SchemaCache;
  /** The caller's role, to tell 401 from 403 on insufficient privileges; read with `current_user` when absent. */
  role?: string;
  /** The role of unauthenticated callers; 'anon' by default. */
  anonRole?: string;
  /** Told of errors that are not the caller's (answered with a 500 without details). */
  onUnexpectedError?: (error: unknown) => void;
}

const json = 'application/json; charset=utf-8';
const cachesByRunner = new WeakMap<RunAsCaller, SchemaCache>();

class Rollback extends Error {
  constructor(readonly response: PostgrestResponse) {
    super('rollback');
  }
}

function range(offset: number, length: number, total: number | null): string {
  const size = total === null ? '*' : String(total);
  return length === 0 ? `*/${size}` : `${offset}-${offset + length - 1}/${size}`;
}

function shaped(
  parsed: ParsedQuery,
  rows: unknown[],
  status: number,
  headers: Record<string, string>,
): PostgrestResponse {
  if (!parsed.singular)
    return { status, headers: { 'content-type': json, ...headers }, body: rows };
  if (rows.length !== 1) throw singularityError(rows.length);
  return {
    status,
    headers: { 'content-type': 'application/vnd.pgrst.object+json; charset=utf-8', ...headers },
    body: rows[0],
  };
}

async function read(
  sql: SqlClient,
  schema: Schema,
  table: string,
  parsed: ParsedQuery,
  options: PostgrestOptions,
  head: boolean,
) {
  const relation = servedRelation(schema, table);
  const plan = planRead(schema, relation, parsed, options);
  const [row] = (
    await sql.query<{ body: unknown[]; total: string | number | null }>(plan.text, plan.params, {
      prepare: true,
      // A read's transaction is read-only and this is its last statement.
      final: true,
    })
  ).rows;
  const rows = row?.body ?? [];
  const total = row?.total === null || row?.total === undefined ? null : Number(row.total);
  const offset = parsed.shapes['']?.offset ?? 0;
  if (total !== null && offset > 0 && offset >= total && rows.length === 0 && total > 0) {
    throw new PostgrestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
  }
  const partial = total !== null && (offset > 0 || rows.length < total);
  const response = shaped(parsed, rows, partial ? 206 : 200, {
    'content-range': range(offset, rows.length, total),
  });
  return head ? { ...response, body: undefined } : response;
}

async function write(
  sql: SqlClient,
  schema: Schema,
  table: string,
  method: string,
  parsed: ParsedQuery,
  body: unknown,
) {
  const relation = servedRelation(schema, table);
  const plan =
    method === 'POST'
      ? planInsert(schema, relation, parsed, body)
      : method === 'PATCH'
        ? planUpdate(schema, relation, parsed, body ?? {})
        : planDelete(schema, relation, parsed);
  const [row] = (
    await sql.query<{ body: unknown[] | null; total: string | number }>(plan.text, plan.params, {
      prepare: true,
    })
  ).rows;
  const count = Number(row?.total ?? 0);
  const headers: Record<string, string> = {
    'content-range': `*/${parsed.preferences.count ? count : '*'}`,
  };
  const representation = parsed.preferences.return === 'representation';
  if (representation) headers['preference-applied'] = 'return=representation';
  if (parsed.singular && count !== 1) throw singularityError(count);
  if (!representation) return { status: method === 'POST' ? 201 : 204, headers, body: undefined };
  return shaped(parsed, row?.body ?? [], method === 'POST' ? 201 : 200, headers);
}

async function rpc(sql: SqlClient, schema: Schema, name: string, request: PostgrestRequest) {
  const get = request.method === 'GET' || request.method === 'HEAD';
  const overloads = schema.functions.get(name) ?? [];
  const argNames = new Set(overloads.flatMap((fn) => fn.args.map((a) => a.name)));
  const parsed = parseQuery(request.query, request.headers, get ? argNames : new Set());
  const body = request.body ?? {};
  if (!get && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new PostgrestError(
      400,
      'PGRST102',
      'An object of named arguments is expected',
      null,
      null,
    );
  }
  const args: Record<string, unknown> = get ? parsed.args : (body as Record<string, unknown>);
  const fn = findFunction(schema, name, Object.keys(args));
  const plan = planRpc(schema, fn, args, parsed);
  const [row] = (
    await sql.query<{ body: unknown; total?: string | number | null }>(plan.text, plan.params, {
      // A void function's call answers its own type, which a new definition may change.
      prepare: plan.kind !== 'void',
    })
  ).rows;
  if (plan.kind === 'void') return { status: 204, headers: {}, body: undefined };
  if (plan.kind === 'array') {
    const rows = (row?.body as unknown[] | undefined) ?? [];
    const total = row?.total === null || row?.total === undefined ? null : Number(row.total);
    return shaped(parsed, rows, 200, {
      'content-range': range(parsed.shapes['']?.offset ?? 0, rows.length, total),
    });
  }
  const value =
    plan.kind === 'object'
      ? ((row?.body as unknown[] | undefined)?.[0] ?? null)
      : (row?.body ?? null);
  return { status: 200, headers: { 'content-type': json }, body: value };
}

async function answer(
  sql: SqlClient,
  schema: Schema,
  request: PostgrestRequest,
  options: PostgrestOptions,
): Promise<PostgrestResponse> {
  const segments = request.path.split('/').filter(Boolean).map(decodeURIComponent);
  const method = request.method.toUpperCase();
  const [first, second, ...more] = segments;
  if (
    first === 'rpc' &&
    second !== undefined &&
    more.length === 0 &&
    ['GET', 'HEAD', 'POST'].includes(method)
  ) {
    return rpc(sql, schema, second, request);
  }
  if (first === undefined || second !== undefined) {
    throw new PostgrestError(404, 'PGRST125', `Invalid path specified in request URL`);
  }
  const table = first;
  const parsed = parseQuery(request.query, request.headers);
  if (method === 'GET' || method === 'HEAD')
    return read(sql, schema, table, parsed, options, method === 'HEAD');
  if (method === 'POST' || method === 'PATCH' || method === 'DELETE') {
    if (method !== 'DELETE' && (request.body === undefined || request.body === null)) {
      throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json', null, null);
    }
    return write(sql, schema, table, method, parsed, request.body);
  }
  throw new PostgrestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

function errorResponse(status: number, body: unknown): PostgrestResponse {
  return { status, headers: { 'content-type': json }, body };
}

/** GET or HEAD of a table or view: read-only, as PostgREST runs it (a function may write). */
function isTableRead(request: PostgrestRequest): boolean {
  const method = request.method.toUpperCase();
  return (method === 'GET' || method === 'HEAD') && !request.path.startsWith('/rpc/');
}

/** Answers one PostgREST request (path after /rest/v1) in one transaction of `run`. */
export async function handlePostgrestRequest(
  request: PostgrestRequest,
  run: RunAsCaller,
  options: PostgrestOptions = {},
): Promise<PostgrestResponse> {
  let cache = options.schemaCache ?? cachesByRunner.get(run);
  if (!cache) {
    cache = createSchemaCache();
    cachesByRunner.set(run, cache);
  }
  const schemaCache = cache;
  try {
    return await run(
      async (sql) => {
        const schema = await schemaCache.get(sql, options.schema ?? 'public');
        const response = await answer(sql, schema, request, options);
        if ((request.headers['prefer'] ?? '').includes('tx=rollback')) throw new Rollback(response);
        return response;
      },
      { readOnly: isTableRead(request) },
    );
  } catch (error) {
    if (error instanceof Rollback) return error.response;
    if (error instanceof PostgrestError) return errorResponse(error.status, error.body);
    if (isPgError(error)) {
      let anonymous = false;
      if (error.code === '42501') {
        const role = options.role ?? (await currentRole(run));
        anonymous = role === (options.anonRole ?? 'anon');
      }
      return errorResponse(statusOfPgError(error.code, anonymous), pgErrorBody(error));
    }
    options.onUnexpectedError?.(error);
    return errorResponse(500, {
      code: 'PGRST000',
      details: null,
      hint: null,
      message: 'An unexpected error occurred',
    });
  }
}

async function currentRole(run: RunAsCaller): Promise<string | undefined> {
  try {
    return await run(
      async (sql) =>
        (await sql.query<{ role: string }>('select current_user::text as role')).rows[0]?.role,
    );
  } catch {
    return undefined;
  }
}
