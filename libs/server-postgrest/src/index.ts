// Public API of @mason/server-postgrest: name every export.
export { PostgrestError, statusOfPgError } from './lib/errors';
export { handlePostgrestRequest } from './lib/handle-request';
export type { PostgrestOptions } from './lib/handle-request';
export { parseQuery } from './lib/parse-query';
export type { OrderTerm, ParsedQuery, Preferences, ReadShape } from './lib/parse-query';
export type { Condition, Filter, FilterOperator, Logic } from './lib/parse-filter';
export type { ColumnItem, EmbedItem, SelectItem, StarItem } from './lib/parse-select';
export { createSchemaCache, loadSchema } from './lib/schema-cache';
export type {
  Column,
  ForeignKey,
  FunctionArg,
  FunctionInfo,
  Relation,
  Schema,
  SchemaCache,
} from './lib/schema-cache';
export { pgliteSqlClient, pgSqlClient } from './lib/sql-clients';
export type {
  PostgrestErrorBody,
  PostgrestRequest,
  PostgrestResponse,
  QueryOptions,
  RunAsCaller,
  RunOptions,
  SqlClient,
} from './lib/types';
