// The Database view's SQL box: one statement, in a read-only transaction with a statement
// timeout, that is always rolled back (so not even a `set_config(..., false)` outlives it),
// answering at most `maxRows` rows through a cursor (a huge result is never read whole).
import type { OwnerSqlClient } from '../databases/types';
import { splitStatements } from '../databases/split-statements';
import { jsonRow } from './browser-sql';

/** Statements that would end the read-only transaction, or reach outside it. */
const TRANSACTION_CONTROL = new Set([
  'begin',
  'start',
  'commit',
  'end',
  'rollback',
  'abort',
  'savepoint',
  'release',
  'prepare',
]);

/** Statements whose rows a cursor can read. */
const CURSOR_KEYWORDS = new Set(['select', 'with', 'values', 'table']);

/** A statement the SQL box does not run (before PostgreSQL sees it). */
export class RefusedStatement extends Error {
  override name = 'RefusedStatement';
}

/** The one statement of `text`, or a RefusedStatement saying why not. */
export function singleStatement(text: string): { text: string; keyword: string } {
  const statements = splitStatements(text);
  if (statements.length === 0) throw new RefusedStatement('Write a query.');
  if (statements.length > 1)
    throw new RefusedStatement('Run one statement at a time (this has several).');
  const [statement] = statements;
  if (TRANSACTION_CONTROL.has(statement.keyword))
    throw new RefusedStatement(
      `The SQL box runs every statement read-only in a transaction of its own: ${statement.keyword.toUpperCase()} is not run.`,
    );
  return { text: statement.text, keyword: statement.keyword };
}

export interface SqlResult {
  readonly columns: string[];
  readonly rows: Record<string, unknown>[];
  readonly truncated: boolean;
}

/** Carries the answer out of `asOwner` by throwing, so its transaction is rolled back. */
class Answer {
  constructor(readonly result: SqlResult) {}
}

/**
 * Runs `statement` (from singleStatement) read-only in `asOwner`'s transaction and rolls it back.
 * PostgreSQL's own errors (a write in a read-only transaction, a syntax error, the timeout) are
 * thrown as they are.
 */
export async function runReadOnly(
  asOwner: <T>(work: (sql: OwnerSqlClient) => Promise<T>) => Promise<T>,
  statement: { text: string; keyword: string },
  options: { maxRows: number; timeoutSeconds: number },
): Promise<SqlResult> {
  try {
    await asOwner(async (sql) => {
      await sql.query('set transaction read only');
      await sql.query(`set local statement_timeout = '${Math.round(options.timeoutSeconds)}s'`);
      let rows: Record<string, unknown>[];
      if (CURSOR_KEYWORDS.has(statement.keyword)) {
        await sql.query(`declare mason_sql_box no scroll cursor for ${statement.text}`);
        rows = (
          await sql.query<Record<string, unknown>>(
            `fetch forward ${options.maxRows + 1} from mason_sql_box`,
          )
        ).rows;
      } else {
        rows = (await sql.query<Record<string, unknown>>(statement.text)).rows;
      }
      const truncated = rows.length > options.maxRows;
      const kept = rows.slice(0, options.maxRows).map(jsonRow);
      throw new Answer({ columns: Object.keys(kept[0] ?? {}), rows: kept, truncated });
    });
  } catch (error) {
    if (error instanceof Answer) return error.result;
    throw error;
  }
  throw new Error('The SQL box ran without an answer.');
}
