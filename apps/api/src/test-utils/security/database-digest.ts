import type { Database } from '@mason/server-db';
import { sql } from 'drizzle-orm';

/**
 * Tables whose rows a refused request may add by design: the rate limiter counts refused logins,
 * sign-ups and e-mail changes so that refusing them works at all.
 */
const COUNTED_WHEN_REFUSED = new Set(['rate_limit_events']);

/** One hash of every row of every table of Mason's schema (but the counters above). */
export async function databaseDigest(db: Database): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    ),
  )
    .map((row) => row.name)
    .filter((name) => !COUNTED_WHEN_REFUSED.has(name));
  const parts = await Promise.all(
    tables.map(async (name) => {
      const [row] = rowsOf<{ digest: string | null }>(
        await db.execute(
          sql.raw(
            `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`,
          ),
        ),
      );
      return `${name}:${row?.digest ?? ''}`;
    }),
  );
  return parts.join(',');
}

function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
