import {
  codeHostingCallRoutes,
  type CodeHostingConflictDetailResponse,
  type CreateProjectRepositoryRequest,
  type LinkProjectRepositoryRequest,
  type ProjectCodeHostingResponse,
  type ResolveConflictRequest,
} from '@mason/contract';
import { type ApiBuilder, baseApi, whenOk } from '../api';
import { callRequest } from '../call-request';

export interface ProjectArgs {
  readonly projectId: string;
}

/** The answer of every call changes the project's state: the cache takes it at once. */
const tagOf = (projectId: string) => ({ type: 'ProjectCodeHosting' as const, id: projectId });

/**
 * A project's GitHub repository: linking one, creating one, unlinking, pushing now, and choosing
 * a side for the files Mason and GitHub both changed.
 */
export const projectCodeHostingEndpoints = (build: ApiBuilder) => ({
  /** GET /projects/:id/code-hosting: the linked repository (or null) and where pushing stands. */
  getProjectCodeHosting: build.query<ProjectCodeHostingResponse, ProjectArgs>({
    query: ({ projectId }) =>
      callRequest(codeHostingCallRoutes.getProjectCodeHosting, { params: { id: projectId } }),
    providesTags: (_result, _error, { projectId }) => [tagOf(projectId)],
  }),
  /** PUT /projects/:id/code-hosting: push the project's versions to this repository and branch. */
  linkProjectRepository: build.mutation<
    ProjectCodeHostingResponse,
    ProjectArgs & LinkProjectRepositoryRequest
  >({
    query: ({ projectId, fullName, branch }) =>
      callRequest(codeHostingCallRoutes.linkProjectRepository, {
        params: { id: projectId },
        body: { fullName, branch },
      }),
    invalidatesTags: whenOk(({ projectId }) => [tagOf(projectId)]),
  }),
  /** POST /projects/:id/code-hosting/repository: a new repository on the account, linked. */
  createProjectRepository: build.mutation<
    ProjectCodeHostingResponse,
    ProjectArgs & CreateProjectRepositoryRequest
  >({
    query: ({ projectId, name, private: isPrivate }) =>
      callRequest(codeHostingCallRoutes.createProjectRepository, {
        params: { id: projectId },
        body: { name, private: isPrivate },
      }),
    invalidatesTags: whenOk(({ projectId }) => [tagOf(projectId)]),
  }),
  /** DELETE /projects/:id/code-hosting: stop pushing (nothing at GitHub is deleted). */
  unlinkProjectRepository: build.mutation<ProjectCodeHostingResponse, ProjectArgs>({
    query: ({ projectId }) =>
      callRequest(codeHostingCallRoutes.unlinkProjectRepository, { params: { id: projectId } }),
    invalidatesTags: whenOk(({ projectId }) => [tagOf(projectId)]),
  }),
  /** POST /projects/:id/code-hosting/sync: push what is not pushed yet (a failed push too). */
  syncProjectRepository: build.mutation<ProjectCodeHostingResponse, ProjectArgs>({
    query: ({ projectId }) =>
      callRequest(codeHostingCallRoutes.syncProjectRepository, { params: { id: projectId } }),
    invalidatesTags: whenOk(({ projectId }) => [tagOf(projectId)]),
  }),
  /**
   * GET /projects/:id/code-hosting/conflict: each file Mason and GitHub both changed, as it was
   * and on both sides (404 when no conflict waits). Asked again whenever the project's code
   * hosting changes.
   */
  getProjectCodeHostingConflict: build.query<CodeHostingConflictDetailResponse, ProjectArgs>({
    query: ({ projectId }) =>
      callRequest(codeHostingCallRoutes.getProjectCodeHostingConflict, {
        params: { id: projectId },
      }),
    providesTags: (_result, _error, { projectId }) => [tagOf(projectId)],
  }),
  /**
   * POST /projects/:id/code-hosting/conflict: a side for each conflicting file (or the assistant
   * to merge it). 409 when the conflict changed since `theirs` was looked at.
   */
  resolveProjectCodeHostingConflict: build.mutation<
    ProjectCodeHostingResponse,
    ProjectArgs & ResolveConflictRequest
  >({
    query: ({ projectId, theirs, files }) =>
      callRequest(codeHostingCallRoutes.resolveProjectCodeHostingConflict, {
        params: { id: projectId },
        body: { theirs, files },
      }),
    invalidatesTags: whenOk(({ projectId }) => [tagOf(projectId)]),
  }),
});

/** The project code-hosting endpoints, injected into the one API slice when this module loads. */
export const projectCodeHostingApi = baseApi.injectEndpoints({
  endpoints: projectCodeHostingEndpoints,
});

export const {
  useGetProjectCodeHostingQuery,
  useLazyGetProjectCodeHostingQuery,
  useLinkProjectRepositoryMutation,
  useCreateProjectRepositoryMutation,
  useUnlinkProjectRepositoryMutation,
  useSyncProjectRepositoryMutation,
  useGetProjectCodeHostingConflictQuery,
  useLazyGetProjectCodeHostingConflictQuery,
  useResolveProjectCodeHostingConflictMutation,
} = projectCodeHostingApi;
