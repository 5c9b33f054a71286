import {
  DATABASE_ROWS_DEFAULT_LIMIT,
  DATABASE_ROWS_MAX_LIMIT,
  DATABASE_SQL_MAX_ROWS,
  DATABASE_SQL_TIMEOUT_SECONDS,
  type DatabaseMigration,
  type DatabaseRow,
  type DatabaseRowsResponse,
  type DatabaseSqlResponse,
  type DatabaseTable,
  type DatabaseUser,
  type SortDirection,
} from '@mason/contract';
import { RuleViolation } from '@mason/server-http';
import type { AppDatabases } from '../databases/app-databases';
import { appliedMigrations } from '../databases/migrations';
import type { AppDatabase } from '../databases/types';
import type { AppTable } from '../schema/app-schema';
import {
  findTable,
  selectAppUsers,
  selectRows,
  tablesWithCounts,
  updateRow,
} from './database-browser.repository';
import { RefusedStatement, runReadOnly, singleStatement } from './read-only-sql';

export interface DatabaseBrowserServiceOptions {
  readonly databases: AppDatabases;
  /** Whether the project's database is on (ProjectDatabaseService#isEnabled). */
  readonly isEnabled: (projectId: string) => Promise<boolean>;
}

/** What GET .../rows asks, as the contract parsed it. */
export interface RowsRequest {
  readonly order?: string;
  readonly direction?: SortDirection;
  readonly filterColumn?: string;
  readonly filterValue?: string;
  readonly offset?: number;
  readonly limit?: number;
}

/** The most app users the view lists. */
const USERS_LIMIT = 1000;

export const DATABASE_OFF = 'This project has no database yet: turn it on in its settings.';
const noTable = (name: string) => `The app's database has no table "${name}".`;
const noColumn = (table: string, column: string) =>
  `The table "${table}" has no column "${column}".`;

/** An error of PostgreSQL's own (a five-character SQLSTATE), whose message is for the person. */
function isPostgresError(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** PostgreSQL's refusal as the person's bad request (nothing changed: its transaction rolled back). */
async function refusedAsInvalid<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isPostgresError(error)) throw new RuleViolation('invalid', error.message);
    throw error;
  }
}

function checkColumn(table: AppTable, column: string | undefined, field: string): void {
  if (column !== undefined && !table.columns.some((candidate) => candidate.name === column))
    throw new RuleViolation('invalid', noColumn(table.name, column), {
      [field]: noColumn(table.name, column),
    });
}

/**
 * The workspace's Database view of a project's development database, as its owner: the tables
 * with row counts, a table's rows (sorted, filtered, paged), editing a row, the app's users,
 * the migrations applied, and read-only SQL. Throws RuleViolation for what the request got wrong.
 */
export class DatabaseBrowserService {
  constructor(private readonly options: DatabaseBrowserServiceOptions) {}

  private async use<T>(projectId: string, work: (db: AppDatabase) => Promise<T>): Promise<T> {
    if (!(await this.options.isEnabled(projectId)))
      throw new RuleViolation('not-found', DATABASE_OFF);
    return this.options.databases.use(projectId, 'development', work);
  }

  async tables(projectId: string): Promise<DatabaseTable[]> {
    const tables = await this.use(projectId, (db) => db.asOwner(tablesWithCounts));
    return tables.map(({ table, rowCount }) => ({
      name: table.name,
      columns: table.columns.map((column) => ({ ...column })),
      primaryKey: [...table.primaryKey],
      foreignKeys: table.foreignKeys.map((key) => ({
        columns: [...key.columns],
        references: { ...key.references, columns: [...key.references.columns] },
      })),
      rowLevelSecurity: table.rowLevelSecurity,
      policies: table.policies.map((policy) => ({ ...policy, roles: [...policy.roles] })),
      rowCount,
    }));
  }

  async rows(
    projectId: string,
    tableName: string,
    request: RowsRequest,
  ): Promise<DatabaseRowsResponse> {
    return this.use(projectId, (db) =>
      db.asOwner(async (sql) => {
        const table = await findTable(sql, tableName);
        if (!table) throw new RuleViolation('not-found', noTable(tableName));
        checkColumn(table, request.order, 'order');
        checkColumn(table, request.filterColumn, 'filterColumn');
        const filter =
          request.filterColumn !== undefined && (request.filterValue ?? '') !== ''
            ? { column: request.filterColumn, value: request.filterValue ?? '' }
            : undefined;
        const { rows, total } = await selectRows(sql, table, {
          order: request.order
            ? { column: request.order, direction: request.direction ?? 'asc' }
            : undefined,
          filter,
          offset: request.offset ?? 0,
          limit: Math.min(request.limit ?? DATABASE_ROWS_DEFAULT_LIMIT, DATABASE_ROWS_MAX_LIMIT),
        });
        return {
          columns: table.columns.map(({ name, type }) => ({ name, type })),
          rows: rows as DatabaseRow[],
          total,
        };
      }),
    );
  }

  async updateRow(
    projectId: string,
    tableName: string,
    key: Readonly<Record<string, unknown>>,
    values: Readonly<Record<string, unknown>>,
  ): Promise<DatabaseRow> {
    return this.use(projectId, (db) =>
      refusedAsInvalid(() =>
        db.asOwner(async (sql) => {
          const table = await findTable(sql, tableName);
          if (!table) throw new RuleViolation('not-found', noTable(tableName));
          if (table.primaryKey.length === 0)
            throw new RuleViolation(
              'conflict',
              `The table "${table.name}" has no primary key, so a row of it cannot be named to change it. Give it one in a migration.`,
            );
          const keyColumns = Object.keys(key);
          const missing = table.primaryKey.filter((column) => !keyColumns.includes(column));
          const extra = keyColumns.filter((column) => !table.primaryKey.includes(column));
          if (missing.length > 0 || extra.length > 0)
            throw new RuleViolation(
              'invalid',
              `Name the row by its primary key: ${table.primaryKey.join(', ')}.`,
            );
          const columns = Object.keys(values);
          if (columns.length === 0)
            throw new RuleViolation('invalid', 'Change at least one value.');
          for (const column of columns) checkColumn(table, column, `values.${column}`);
          const row = await updateRow(sql, table, key, values);
          if (!row)
            throw new RuleViolation(
              'not-found',
              `The table "${table.name}" has no row with that key.`,
            );
          return row as DatabaseRow;
        }),
      ),
    );
  }

  async users(projectId: string): Promise<DatabaseUser[]> {
    const users = await this.use(projectId, (db) =>
      db.asOwner((sql) => selectAppUsers(sql, USERS_LIMIT)),
    );
    return users.map((user) => ({
      id: user.id,
      email: user.email,
      createdAt: user.createdAt.toISOString(),
      lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    }));
  }

  async migrations(projectId: string): Promise<DatabaseMigration[]> {
    const rows = await this.use(projectId, (db) => appliedMigrations(db));
    return rows.map((row) => ({ name: row.name, appliedAt: row.appliedAt.toISOString() }));
  }

  async runSql(projectId: string, text: string): Promise<DatabaseSqlResponse> {
    let statement: { text: string; keyword: string };
    try {
      statement = singleStatement(text);
    } catch (error) {
      if (error instanceof RefusedStatement) throw new RuleViolation('invalid', error.message);
      throw error;
    }
    const result = await this.use(projectId, (db) =>
      refusedAsInvalid(() =>
        runReadOnly((work) => db.asOwner(work), statement, {
          maxRows: DATABASE_SQL_MAX_ROWS,
          timeoutSeconds: DATABASE_SQL_TIMEOUT_SECONDS,
        }),
      ),
    );
    return { ...result, rows: result.rows as DatabaseRow[] };
  }
}
