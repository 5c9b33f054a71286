// The Database view's reads and writes on an app's database, as its owner, inside the
// transaction `asOwner` gives: the schema first, then SQL planned from it (browser-sql.ts).
import type { OwnerSqlClient } from '../databases/types';
import { readAppSchema, type AppTable } from '../schema/app-schema';
import {
  jsonRow,
  planCount,
  planRowCounts,
  planRows,
  planUpdate,
  type RowsPlan,
} from './browser-sql';

/** The app's tables with their row counts. */
export async function tablesWithCounts(
  sql: OwnerSqlClient,
): Promise<{ table: AppTable; rowCount: number }[]> {
  const { tables } = await readAppSchema(sql);
  const counts = new Map<string, number>();
  const planned = planRowCounts(tables);
  if (planned) {
    const { rows } = await sql.query<{ name: string; total: number }>(planned.text, planned.params);
    for (const row of rows) counts.set(row.name, Number(row.total));
  }
  return tables.map((table) => ({ table, rowCount: counts.get(table.name) ?? 0 }));
}

/** The table of that name in the app's schema, or null. */
export async function findTable(sql: OwnerSqlClient, name: string): Promise<AppTable | null> {
  const { tables } = await readAppSchema(sql);
  return tables.find((table) => table.name === name) ?? null;
}

export async function selectRows(
  sql: OwnerSqlClient,
  table: AppTable,
  plan: RowsPlan,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const count = planCount(table, plan);
  const page = planRows(table, plan);
  const [{ rows: totals }, { rows }] = [
    await sql.query<{ total: number }>(count.text, count.params),
    await sql.query<Record<string, unknown>>(page.text, page.params),
  ];
  return { rows: rows.map(jsonRow), total: Number(totals[0]?.total ?? 0) };
}

/** The row after the update, or null when no row has that key. */
export async function updateRow(
  sql: OwnerSqlClient,
  table: AppTable,
  key: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown> | null> {
  const planned = planUpdate(table, key, values);
  const { rows } = await sql.query<Record<string, unknown>>(planned.text, planned.params);
  return rows[0] ? jsonRow(rows[0]) : null;
}

export interface AppUserRow {
  readonly id: string;
  readonly email: string;
  readonly createdAt: Date;
  readonly lastSignInAt: Date | null;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The app's users, newest first: never their password hashes (not even read). */
export async function selectAppUsers(sql: OwnerSqlClient, limit: number): Promise<AppUserRow[]> {
  const { rows } = await sql.query<{
    id: string;
    email: string;
    created_at: Date | string;
    last_sign_in_at: Date | string | null;
  }>(
    'select id, email, created_at, last_sign_in_at from auth.users order by created_at desc, id limit $1',
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: toDate(row.created_at),
    lastSignInAt: row.last_sign_in_at === null ? null : toDate(row.last_sign_in_at),
  }));
}
