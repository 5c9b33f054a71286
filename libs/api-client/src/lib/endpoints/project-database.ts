import { projectExtraCallRoutes, type ProjectDatabaseResponse } from '@mason/contract';
import { type ApiBuilder, baseApi, whenOk } from '../api';
import { callRequest } from '../call-request';
import type { ProjectArgs } from './project-code-hosting';

const tagOf = (projectId: string) => ({ type: 'ProjectDatabase' as const, id: projectId });

/**
 * A project's own database (issue 34): off until it is turned on, then Mason's built-in
 * PostgreSQL (development for the preview, production once published) or an attached service.
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
});

/** The project database endpoints, injected into the one API slice when this module loads. */
export const projectDatabaseApi = baseApi.injectEndpoints({
  endpoints: projectDatabaseEndpoints,
});

export const {
  useGetProjectDatabaseQuery,
  useLazyGetProjectDatabaseQuery,
  useEnableProjectDatabaseMutation,
} = projectDatabaseApi;
