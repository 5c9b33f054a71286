import * as z from 'zod/mini';
import { IdSchema, queryIntSchema, TimestampSchema } from '../primitives';

/** The Database view's row browser shows at most this many rows a page. */
export const DATABASE_ROWS_MAX_LIMIT = 100;
/** A page of rows when the request names no limit. */
export const DATABASE_ROWS_DEFAULT_LIMIT = 50;
/** The read-only SQL box answers at most this many rows (`truncated` says there were more). */
export const DATABASE_SQL_MAX_ROWS = 500;
/** The longest statement the SQL box takes, in characters. */
export const DATABASE_SQL_MAX_LENGTH = 20_000;
/** How long one statement of the SQL box may run, in seconds (`statement_timeout`). */
export const DATABASE_SQL_TIMEOUT_SECONDS = 5;

/** A PostgreSQL identifier as the catalogue holds it (checked against the schema by the server). */
const IdentifierSchema = z.string().check(z.minLength(1), z.maxLength(63));

/** Path params of /projects/:id/database/tables/:table/... */
export const DatabaseTableParamsSchema = z.object({ id: IdSchema, table: IdentifierSchema });
export type DatabaseTableParams = z.infer<typeof DatabaseTableParamsSchema>;

export const DatabaseColumnSchema = z.object({
  name: z.string(),
  /** As PostgreSQL names it: 'uuid', 'text', 'timestamp with time zone'. */
  type: z.string(),
  nullable: z.boolean(),
  /** The default's SQL ('gen_random_uuid()', 'auth.uid()'), or null. */
  default: z.nullable(z.string()),
});
export type DatabaseColumn = z.infer<typeof DatabaseColumnSchema>;

export const DatabaseForeignKeySchema = z.object({
  columns: z.array(z.string()),
  references: z.object({ schema: z.string(), table: z.string(), columns: z.array(z.string()) }),
});
export type DatabaseForeignKey = z.infer<typeof DatabaseForeignKeySchema>;

export const DatabasePolicySchema = z.object({
  name: z.string(),
  command: z.enum(['ALL', 'SELECT', 'INSERT', 'UPDATE', 'DELETE']),
  roles: z.array(z.string()),
  using: z.nullable(z.string()),
  withCheck: z.nullable(z.string()),
});
export type DatabasePolicy = z.infer<typeof DatabasePolicySchema>;

/** One of the app's tables (schema `public`), with how many rows it holds. */
export const DatabaseTableSchema = z.object({
  name: z.string(),
  columns: z.array(DatabaseColumnSchema),
  /** Empty for a table without a primary key (its rows cannot be edited here). */
  primaryKey: z.array(z.string()),
  foreignKeys: z.array(DatabaseForeignKeySchema),
  rowLevelSecurity: z.boolean(),
  policies: z.array(DatabasePolicySchema),
  rowCount: z.number(),
});
export type DatabaseTable = z.infer<typeof DatabaseTableSchema>;

/** GET /projects/:id/database/tables (404 while the database is off). */
export const DatabaseTablesResponseSchema = z.object({ tables: z.array(DatabaseTableSchema) });
export type DatabaseTablesResponse = z.infer<typeof DatabaseTablesResponseSchema>;

export const SortDirectionSchema = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirectionSchema>;

/**
 * GET /projects/:id/database/tables/:table/rows?order=&direction=&filterColumn=&filterValue=&offset=&limit=
 * The filter keeps the rows whose column, as text, contains the value (case-insensitive).
 */
export const DatabaseRowsQuerySchema = z.object({
  order: z.optional(IdentifierSchema),
  direction: z.optional(SortDirectionSchema),
  filterColumn: z.optional(IdentifierSchema),
  filterValue: z.optional(z.string().check(z.maxLength(1000))),
  offset: z.optional(queryIntSchema(0, 1_000_000_000)),
  limit: z.optional(queryIntSchema(1, DATABASE_ROWS_MAX_LIMIT)),
});
export type DatabaseRowsQuery = z.infer<typeof DatabaseRowsQuerySchema>;

/** A row as JSON: numbers, text, booleans, null, JSON values; timestamps as ISO text, bytes as '\x..' hex. */
export const DatabaseRowSchema = z.record(z.string(), z.json());
export type DatabaseRow = z.infer<typeof DatabaseRowSchema>;

export const DatabaseResultColumnSchema = z.object({ name: z.string(), type: z.string() });
export type DatabaseResultColumn = z.infer<typeof DatabaseResultColumnSchema>;

/** A page of a table's rows, and how many rows match the filter in all. */
export const DatabaseRowsResponseSchema = z.object({
  columns: z.array(DatabaseResultColumnSchema),
  rows: z.array(DatabaseRowSchema),
  total: z.number(),
});
export type DatabaseRowsResponse = z.infer<typeof DatabaseRowsResponseSchema>;

/**
 * PATCH /projects/:id/database/tables/:table/rows: the row named by its primary key values gets
 * `values` (as the database's owner). 409 for a table without a primary key; 400 with
 * PostgreSQL's words for a value it refuses.
 */
export const UpdateDatabaseRowRequestSchema = z.object({
  key: z.record(IdentifierSchema, z.json()),
  values: z.record(IdentifierSchema, z.json()),
});
export type UpdateDatabaseRowRequest = z.infer<typeof UpdateDatabaseRowRequestSchema>;

export const DatabaseRowResponseSchema = z.object({ row: DatabaseRowSchema });
export type DatabaseRowResponse = z.infer<typeof DatabaseRowResponseSchema>;

/** One of the app's users (never a password or its hash). */
export const DatabaseUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: TimestampSchema,
  lastSignInAt: z.nullable(TimestampSchema),
});
export type DatabaseUser = z.infer<typeof DatabaseUserSchema>;

/** GET /projects/:id/database/users: the app's users, newest first. */
export const DatabaseUsersResponseSchema = z.object({ users: z.array(DatabaseUserSchema) });
export type DatabaseUsersResponse = z.infer<typeof DatabaseUsersResponseSchema>;

export const DatabaseMigrationSchema = z.object({
  /** The file's name in db/migrations ('001_notes.sql'). */
  name: z.string(),
  appliedAt: TimestampSchema,
});
export type DatabaseMigration = z.infer<typeof DatabaseMigrationSchema>;

/** GET /projects/:id/database/migrations: the migrations applied, in order. */
export const DatabaseMigrationsResponseSchema = z.object({
  migrations: z.array(DatabaseMigrationSchema),
});
export type DatabaseMigrationsResponse = z.infer<typeof DatabaseMigrationsResponseSchema>;

/** POST /projects/:id/database/sql: one statement, run read-only. */
export const DatabaseSqlRequestSchema = z.object({
  sql: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write a query.'),
      z.maxLength(DATABASE_SQL_MAX_LENGTH, 'That query is too long.'),
    ),
});
export type DatabaseSqlRequest = z.infer<typeof DatabaseSqlRequestSchema>;

/** The statement's rows (at most DATABASE_SQL_MAX_ROWS; `truncated` when there were more). */
export const DatabaseSqlResponseSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(DatabaseRowSchema),
  truncated: z.boolean(),
});
export type DatabaseSqlResponse = z.infer<typeof DatabaseSqlResponseSchema>;
