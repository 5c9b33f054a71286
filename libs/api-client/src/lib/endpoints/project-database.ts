import {
  projectExtraCallRoutes,
  type DatabaseMigrationsResponse,
  type DatabaseRowResponse,
  type DatabaseRowsQuery,
  type DatabaseRowsResponse,
  type DatabaseSqlResponse,
  type DatabaseTablesResponse,
  type DatabaseUsersResponse,
  type ProductionBackupsResponse,
  type ProjectDatabaseResponse,
  type UpdateDatabaseRowRequest,
} from '@mason/contract';
import { type ApiBuilder, baseApi, whenOk } from '../api';
import { callRequest } from '../call-request';
import type { ProjectArgs } from './project-code-hosting';

const tagOf = (projectId: string) => ({ type: 'ProjectDatabase' as const, id: projectId });
/** What the Database view read of a project's data (tables and rows): an edit reads it again. */
const dataTagOf = (projectId: string) => ({ type: 'DatabaseData' as const, id: projectId });

/** The published app's database backups of a project. */
const backupsTagOf = (projectId: string) => ({ type: 'ProductionBackups' as const, id: projectId });

/** A page of a table's rows: the table and the query of GET .../rows. */
export interface DatabaseRowsArgs extends ProjectArgs, DatabaseRowsQuery {
  readonly table: string;
}

/** One row changed: its table, its primary key values and the new values. */
export interface UpdateDatabaseRowArgs extends ProjectArgs, UpdateDatabaseRowRequest {
  readonly table: string;
}

/** One read-only statement of the SQL box. */
export interface RunDatabaseSqlArgs extends ProjectArgs {
  readonly sql: string;
}

/** The query string of a rows request: the parts given (a filter only with its value). */
function rowsQuery({ projectId: _projectId, table: _table, ...query }: DatabaseRowsArgs) {
  const filtered = query.filterValue ? query : { ...query, filterColumn: undefined };
  return Object.fromEntries(
    Object.entries(filtered).filter(([, value]) => value !== undefined && value !== ''),
  );
}

/**
 * A project's own database (issue 34): off until it is turned on, then Mason's built-in
 * PostgreSQL (development for the preview, production once published) or an attached service;
 * and the workspace's Database view of its development database.
 */
export const projectDatabaseEndpoints = (build: ApiBuilder) => ({
  /** GET /projects/:id/database: the project's database, or `database: null` while it is off. */
  getProjectDatabase: build.query<ProjectDatabaseResponse, ProjectArgs>({
    query: ({ projectId }) =>
      callRequest(projectExtraCallRoutes.getProjectDatabase, { params: { id: projectId } }),
    providesTags: (_result, _error, { projectId }) => [tagOf(projectId)],
  }),
  /**
   * POST /projects/:id/database: turn on the built-in database (idempotent: one already on
   * answers as it is). The answer is the database as GET answers it, so the cache takes it at
   * once; the app's environment variables (VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY) are asked
   * again. The database is not: its answer is this one.
   */
  enableProjectDatabase: build.mutation<ProjectDatabaseResponse, ProjectArgs>({
    query: ({ projectId }) =>
      callRequest(projectExtraCallRoutes.enableProjectDatabase, { params: { id: projectId } }),
    async onQueryStarted({ projectId }, { dispatch, queryFulfilled }) {
      // A failure changed nothing: the cache keeps what it had.
      const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
      // At once (not a thunk): the section never shows "off" after the call answered.
      if (data)
        dispatch(
          projectDatabaseApi.util.upsertQueryEntries([
            { endpointName: 'getProjectDatabase', arg: { projectId }, value: data },
          ]),
        );
    },
    invalidatesTags: whenOk(({ projectId }) => [{ type: 'EnvVariable', id: projectId }]),
  }),
  /** GET /projects/:id/database/tables: the app's tables with their row counts (404 while off). */
  getDatabaseTables: build.query<DatabaseTablesResponse, ProjectArgs>({
    query: ({ projectId }) =>
      callRequest(projectExtraCallRoutes.getDatabaseTables, { params: { id: projectId } }),
    providesTags: (_result, _error, { projectId }) => [dataTagOf(projectId)],
  }),
  /** GET /projects/:id/database/tables/:table/rows: a page of rows, sorted and filtered. */
  getDatabaseRows: build.query<DatabaseRowsResponse, DatabaseRowsArgs>({
    query: (args) =>
      callRequest(projectExtraCallRoutes.getDatabaseRows, {
        params: { id: args.projectId, table: args.table },
        query: rowsQuery(args),
      }),
    providesTags: (_result, _error, { projectId }) => [dataTagOf(projectId)],
  }),
  /**
   * PATCH /projects/:id/database/tables/:table/rows: change one row as the owner; the tables and
   * the pages of rows are read again (a count or a sort may have moved).
   */
  updateDatabaseRow: build.mutation<DatabaseRowResponse, UpdateDatabaseRowArgs>({
    query: ({ projectId, table, key, values }) =>
      callRequest(projectExtraCallRoutes.updateDatabaseRow, {
        params: { id: projectId, table },
        body: { key, values },
      }),
    invalidatesTags: whenOk(({ projectId }) => [dataTagOf(projectId)]),
  }),
  /** GET /projects/:id/database/users: the app's users (never a password hash). */
  getDatabaseUsers: build.query<DatabaseUsersResponse, ProjectArgs>({
    query: ({ projectId }) =>
      callRequest(projectExtraCallRoutes.getDatabaseUsers, { params: { id: projectId } }),
    providesTags: (_result, _error, { projectId }) => [dataTagOf(projectId)],
  }),
  /** GET /projects/:id/database/migrations: the migrations applied, in order. */
  getDatabaseMigrations: build.query<DatabaseMigrationsResponse, ProjectArgs>({
    query: ({ projectId }) =>
      callRequest(projectExtraCallRoutes.getDatabaseMigrations, { params: { id: projectId } }),
    providesTags: (_result, _error, { projectId }) => [dataTagOf(projectId)],
  }),
  /**
   * POST /projects/:id/database/sql: one read-only statement. A mutation (the person runs it),
   * so nothing is cached; a statement PostgreSQL refuses is a 400 with its words.
   */
  runDatabaseSql: build.mutation<DatabaseSqlResponse, RunDatabaseSqlArgs>({
    query: ({ projectId, sql }) =>
      callRequest(projectExtraCallRoutes.runDatabaseSql, {
        params: { id: projectId },
        body: { sql },
      }),
  }),
  /** GET /projects/:id/database/backups: the published app's database backups, newest first. */
  getProductionBackups: build.query<ProductionBackupsResponse, ProjectArgs>({
    query: ({ projectId }) =>
      callRequest(projectExtraCallRoutes.getProductionBackups, { params: { id: projectId } }),
    providesTags: (_result, _error, { projectId }) => [backupsTagOf(projectId)],
  }),
  /**
   * POST .../backups/:backupId/restore: the published app's database as the backup kept it (the
   * database as it was is backed up first, so the list is asked again).
   */
  restoreProductionBackup: build.mutation<
    ProductionBackupsResponse,
    ProjectArgs & { readonly backupId: string }
  >({
    query: ({ projectId, backupId }) =>
      callRequest(projectExtraCallRoutes.restoreProductionBackup, {
        params: { id: projectId, backupId },
      }),
    invalidatesTags: whenOk(({ projectId }) => [backupsTagOf(projectId)]),
  }),
});

/** The project database endpoints, injected into the one API slice when this module loads. */
export const projectDatabaseApi = baseApi.injectEndpoints({
  endpoints: projectDatabaseEndpoints,
});

export const {
  useGetProjectDatabaseQuery,
  useLazyGetProjectDatabaseQuery,
  useEnableProjectDatabaseMutation,
  useGetDatabaseTablesQuery,
  useGetDatabaseRowsQuery,
  useUpdateDatabaseRowMutation,
  useGetDatabaseUsersQuery,
  useGetDatabaseMigrationsQuery,
  useRunDatabaseSqlMutation,
  useGetProductionBackupsQuery,
  useRestoreProductionBackupMutation,
} = projectDatabaseApi;
