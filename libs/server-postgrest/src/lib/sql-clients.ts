// Adapters from the two drivers Mason runs on to SqlClient.
import { createHash } from 'node:crypto';
import type { QueryOptions } from './types';

interface PgQueryable {
  query(config: {
    text: string;
    values: unknown[];
    name?: string;
  }): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/** At most this many statements kept prepared on one connection; past it, they are parsed each time. */
export const PREPARED_PER_CONNECTION = 200;
const preparedOf = new WeakMap<PgQueryable, Set<string>>();

/** The name a statement is prepared under on `client` (from its text), or none past the bound. */
function preparedName(client: PgQueryable, text: string): string | undefined {
  let names = preparedOf.get(client);
  if (!names) {
    names = new Set();
    preparedOf.set(client, names);
  }
  const name = `pgrst_${createHash('sha1').update(text).digest('base64url')}`;
  if (names.has(name)) return name;
  if (names.size >= PREPARED_PER_CONNECTION) return undefined;
  names.add(name);
  return name;
}

interface PgliteQueryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
}

/**
 * A node-postgres `PoolClient` (or `Client`) inside a transaction. Statements asked to `prepare`
 * are named by their text: node-postgres parses a name once per connection.
 */
export function pgSqlClient(client: PgQueryable) {
  return {
    async query<Row = Record<string, unknown>>(
      text: string,
      params: readonly unknown[] = [],
      options: QueryOptions = {},
    ) {
      const name = options.prepare ? preparedName(client, text) : undefined;
      const result = await client.query({ text, values: [...params], name });
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? undefined };
    },
  };
}

/** PGlite's `tx` of `db.transaction(async (tx) => ...)` (or the PGlite instance itself). */
export function pgliteSqlClient(tx: PgliteQueryable) {
  return {
    async query<Row = Record<string, unknown>>(text: string, params: readonly unknown[] = []) {
      const result = await tx.query<Row>(text, [...params]);
      return { rows: result.rows, affectedRows: result.affectedRows };
    },
  };
}
