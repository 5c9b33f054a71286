// Adapters from the two drivers Mason runs on to SqlClient.

interface PgQueryable {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

interface PgliteQueryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
}

/** A node-postgres `PoolClient` (or `Client`) inside a transaction. */
export function pgSqlClient(client: PgQueryable) {
  return {
    async query<Row = Record<string, unknown>>(text: string, params: readonly unknown[] = []) {
      const result = await client.query(text, [...params]);
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
