import type { Database } from '@mason/server-db';
import { sql } from 'drizzle-orm';

/**
 * Tables whose rows a refused request may add by design: the rate limiter counts refused logins,
 * sign-ups and e-mail changes so that refusing them works at all.
 */
const COUNTED_WHEN_REFUSED = new Set(['rate_limit_events']);

/** The test's own table: one row per committed change of a row of Mason's schema. */
const CHANGES_TABLE = 'test_row_changes';

const watched = new WeakMap<Database, Promise<void>>();

/**
 * What the database has been through, as a string that differs whenever a row of any table of
 * Mason's schema (but the counters above) was added, removed or given other contents, and was
 * committed. Reading it is one small query, where hashing every table took about 30 ms a call.
 *
 * The first call puts a row trigger on every such table that logs each change into a table of
 * the test's own, in the changing transaction: a rolled-back write leaves no trace, as it left
 * the tables as they were, and an update that rewrites a row with the same contents is no change.
 */
export async function databaseDigest(db: Database): Promise<string> {
  let ready = watched.get(db);
  if (!ready) {
    ready = watchChanges(db);
    watched.set(db, ready);
  }
  await ready;
  const [row] = rowsOf<{ changes: string | number }>(
    await db.execute(sql.raw(`select count(*) as changes from "${CHANGES_TABLE}"`)),
  );
  return `changes:${row?.changes ?? 0}`;
}

async function watchChanges(db: Database): Promise<void> {
  const skipped = [...COUNTED_WHEN_REFUSED, CHANGES_TABLE].map((name) => `'${name}'`).join(', ');
  await db.execute(
    sql.raw(`create table if not exists "${CHANGES_TABLE}" (table_name text not null)`),
  );
  await db.execute(
    sql.raw(`create or replace function test_log_row_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old::text is not distinct from new::text then
          return null;
        end if;
        insert into "${CHANGES_TABLE}" (table_name) values (tg_table_name);
        return null;
      end
    $$`),
  );
  // Every table of the schema but the skipped ones, in one statement.
  await db.execute(
    sql.raw(`do $$
      declare name text;
      begin
        for name in select tablename from pg_tables
          where schemaname = 'public' and tablename not in (${skipped})
        loop
          execute format('create or replace trigger test_log_row_change after insert or update or delete on %I for each row execute function test_log_row_change()', name);
        end loop;
      end
    $$`),
  );
}

function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
