// The Database view's SQL, planned from the schema read from the database: every identifier is a
// name the catalogue gave (quoted here), every value a bound parameter. Nothing of a request's
// strings reaches the SQL text except through a check against that schema.
import { types } from 'node:util';
import type { AppTable } from '../schema/app-schema';

export interface PlannedQuery {
  readonly text: string;
  readonly params: readonly unknown[];
}

/** A table's rows asked for: the names already checked against its columns. */
export interface RowsPlan {
  readonly order?: { readonly column: string; readonly direction: 'asc' | 'desc' };
  readonly filter?: { readonly column: string; readonly value: string };
  readonly offset: number;
  readonly limit: number;
}

/** `name` as a quoted identifier (only ever called with names read from the catalogue). */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const tableName = (table: AppTable) =>
  `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;

/** A LIKE pattern that matches `value` anywhere, its own % _ and \ taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function whereOf(plan: RowsPlan, params: unknown[]): string {
  if (!plan.filter) return '';
  params.push(containsPattern(plan.filter.value));
  return ` where ${quoteIdentifier(plan.filter.column)}::text ilike $${params.length}`;
}

/** The page of rows: sorted by the column asked (nulls last), then by the primary key. */
export function planRows(table: AppTable, plan: RowsPlan): PlannedQuery {
  const params: unknown[] = [];
  const where = whereOf(plan, params);
  const order = [
    ...(plan.order
      ? [`${quoteIdentifier(plan.order.column)} ${plan.order.direction} nulls last`]
      : []),
    ...table.primaryKey
      .filter((column) => column !== plan.order?.column)
      .map((column) => `${quoteIdentifier(column)} asc`),
  ];
  params.push(plan.limit, plan.offset);
  return {
    text:
      `select * from ${tableName(table)}${where}` +
      (order.length > 0 ? ` order by ${order.join(', ')}` : '') +
      ` limit $${params.length - 1} offset $${params.length}`,
    params,
  };
}

/** How many rows match the filter. */
export function planCount(table: AppTable, plan: Pick<RowsPlan, 'filter'>): PlannedQuery {
  const params: unknown[] = [];
  const where = whereOf({ ...plan, offset: 0, limit: 0 }, params);
  return { text: `select count(*)::int as total from ${tableName(table)}${where}`, params };
}

/** Every table's row count in one statement (nothing for an app without tables). */
export function planRowCounts(tables: readonly AppTable[]): PlannedQuery | null {
  if (tables.length === 0) return null;
  return {
    text: tables
      .map(
        (table, index) =>
          `select $${index + 1}::text as name, count(*)::int as total from ${tableName(table)}`,
      )
      .join(' union all '),
    params: tables.map((table) => table.name),
  };
}

/** A value for a column: JSON objects for json columns travel as JSON text. */
function parameterOf(table: AppTable, column: string, value: unknown): unknown {
  const type = table.columns.find((candidate) => candidate.name === column)?.type ?? '';
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value) && type.endsWith('[]')) return value;
  return JSON.stringify(value);
}

/** `update ... set <values> where <key> returning *`: names already checked against the table. */
export function planUpdate(
  table: AppTable,
  key: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): PlannedQuery {
  const params: unknown[] = [];
  const bind = (column: string, value: unknown) => {
    params.push(parameterOf(table, column, value));
    return `$${params.length}`;
  };
  const set = Object.entries(values).map(
    ([column, value]) => `${quoteIdentifier(column)} = ${bind(column, value)}`,
  );
  const where = table.primaryKey.map((column) =>
    key[column] === null
      ? `${quoteIdentifier(column)} is null`
      : `${quoteIdentifier(column)} = ${bind(column, key[column])}`,
  );
  return {
    text: `update ${tableName(table)} set ${set.join(', ')} where ${where.join(' and ')} returning *`,
    params,
  };
}

/**
 * A value read from PostgreSQL as JSON: timestamps as ISO text, int8 as a number or text, bytes as
 * hex. Dates and bytes are recognised by their kind, not by `instanceof`: a PGlite database's rows
 * come from its worker thread, built by another realm's constructors.
 */
export function jsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (types.isDate(value)) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'bigint')
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  if (types.isUint8Array(value)) return `\\x${Buffer.from(value).toString('hex')}`;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (Array.isArray(value)) return value.map(jsonValue);
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, item]) => [
        name,
        jsonValue(item),
      ]),
    );
  return value;
}

/** A row's values as JSON. */
export function jsonRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([name, value]) => [name, jsonValue(value)]));
}
