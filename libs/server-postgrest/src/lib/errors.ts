// PostgREST's errors: its own (PGRST*) and PostgreSQL's, with the statuses of PostgREST's
// "Errors" reference (docs/references/errors.rst).
import type { PostgrestErrorBody } from './types';

/** An error the engine answers with; thrown inside the transaction so that it rolls back. */
export class PostgrestError extends Error {
  readonly status: number;
  readonly body: PostgrestErrorBody;

  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
  ) {
    super(message);
    this.name = 'PostgrestError';
    this.status = status;
    this.body = { code, details, hint, message };
  }
}

export function parseError(what: string, input: string, column: number, details: string) {
  return new PostgrestError(
    400,
    'PGRST100',
    `"failed to parse ${what} (${input})" (line 1, column ${column})`,
    details,
  );
}

export function tableNotFound(schema: string, table: string) {
  return new PostgrestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${table}' in the schema cache`,
  );
}

export function columnNotFound(table: string, column: string) {
  return new PostgrestError(400, '42703', `column ${table}.${column} does not exist`);
}

export function payloadColumnNotFound(table: string, column: string) {
  return new PostgrestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${table}' in the schema cache`,
  );
}

export function noRowLevelSecurity(table: string) {
  return new PostgrestError(
    403,
    '42501',
    `Table "${table}" has no row-level security rules, so Mason refuses to serve it. ` +
      `Add policies in a migration (alter table ${table} enable row level security; create policy ...).`,
    null,
    `Enable row-level security on "${table}" and add at least one policy for the roles that may read or write it.`,
  );
}

export function singularityError(rows: number) {
  return new PostgrestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

interface PgErrorLike {
  code: string;
  message: string;
  detail?: string | null;
  hint?: string | null;
}

export function isPgError(error: unknown): error is PgErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code) &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

const prefixStatuses: [string, number][] = [
  ['08', 503],
  ['09', 500],
  ['0L', 403],
  ['0P', 403],
  ['25', 500],
  ['28', 403],
  ['2D', 500],
  ['38', 500],
  ['39', 500],
  ['3B', 500],
  ['40', 500],
  ['53', 503],
  ['54', 500],
  ['55', 500],
  ['57', 500],
  ['58', 500],
  ['F0', 500],
  ['HV', 500],
  ['P0', 500],
  ['XX', 500],
];

const exactStatuses: Record<string, number> = {
  '23503': 409,
  '23505': 409,
  '25006': 405,
  '53400': 500,
  P0001: 400,
  '42883': 404,
  '42P01': 404,
  '42P17': 500,
};

/** The HTTP status PostgREST answers a PostgreSQL error with. */
export function statusOfPgError(code: string, anonymous: boolean): number {
  if (code === '42501') return anonymous ? 401 : 403;
  const exact = exactStatuses[code];
  if (exact !== undefined) return exact;
  const prefix = prefixStatuses.find(([p]) => code.startsWith(p));
  return prefix ? prefix[1] : 400;
}

export function pgErrorBody(error: PgErrorLike): PostgrestErrorBody {
  return {
    code: error.code,
    details: error.detail ?? null,
    hint: error.hint ?? null,
    message: error.message,
  };
}
