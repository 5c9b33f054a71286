import {
  deploymentCallRoutes,
  IMPORT_REQUEST_TIMEOUT_MS,
  projectCallRoutes,
  projectExtraCallRoutes,
  type AssetsResponse,
  type CreateProjectRequest,
  type CreateProjectResponse,
  type DatabaseAttachRequest,
  type DatabaseAttachResponse,
  type ProjectDatabaseResponse,
  type Deployment,
  type DeploymentResponse,
  type Domain,
  type DomainsResponse,
  type EnvVariable,
  type EnvVariablesResponse,
  type OkResponse,
  type Project,
  type ProjectCodeResponse,
  type ProjectFilePathsResponse,
  type ProjectFilesResponse,
  type ProjectStatusResponse,
  type ProjectThemeRequest,
  type ProjectThemeResponse,
  type ProjectThumbnailRequest,
  type ProjectThumbnailResponse,
  type ProjectsResponse,
  type TransferDestinationsResponse,
  type TransferProjectResponse,
  type UpdateProjectRequest,
  type ProjectPreviewResponse,
  type VisualEditsRequest,
  type VisualEditsResponse,
} from '@mason/contract';
import { type ApiBuilder, baseApi, toOk, whenOk } from '../api';
import { callRequest } from '../call-request';
import { LIST, versionChanged } from '../tags';

/** Calls on one project's sub-resources take the project's id as `projectId`. */
export interface ProjectArgs {
  readonly projectId: string;
}

/** SPEC.md 7 projects (uploads are in uploads.ts). */
export const projectsEndpoints = (build: ApiBuilder) => ({
  getProjects: build.query<ProjectsResponse, void>({
    query: () => callRequest(projectCallRoutes.getProjects),
    providesTags: (result) => [
      { type: 'Project', id: LIST },
      ...(result?.projects ?? []).map(({ id }) => ({ type: 'Project' as const, id })),
    ],
  }),
  /** POST /projects: the project and its first task. */
  createProject: build.mutation<CreateProjectResponse, CreateProjectRequest>({
    query: (body) => ({
      ...callRequest(projectCallRoutes.createProject, { body }),
      // An import clones the repository first: it may take longer than other calls.
      ...(body.type === 'EXTERNAL' ? { timeout: IMPORT_REQUEST_TIMEOUT_MS } : {}),
    }),
    invalidatesTags: whenOk(() => [
      { type: 'Project', id: LIST },
      { type: 'Task', id: LIST },
    ]),
  }),
  getProject: build.query<Project, string>({
    query: (id) => callRequest(projectCallRoutes.getProject, { params: { id } }),
    providesTags: (_result, _error, id) => [{ type: 'Project', id }],
  }),
  updateProject: build.mutation<Project, UpdateProjectRequest & ProjectArgs>({
    query: ({ projectId, ...body }) =>
      callRequest(projectCallRoutes.updateProject, { params: { id: projectId }, body }),
    invalidatesTags: whenOk(({ projectId }) => [
      { type: 'Project', id: projectId },
      { type: 'Project', id: LIST },
    ]),
  }),
  deleteProject: build.mutation<OkResponse, string>({
    query: (id) => callRequest(projectCallRoutes.deleteProject, { params: { id } }),
    transformResponse: toOk,
    invalidatesTags: whenOk((id) => [
      { type: 'Project', id },
      { type: 'Project', id: LIST },
      { type: 'Task', id: LIST },
    ]),
  }),
  /** GET /projects/:id/status: cheap to poll (`pollingInterval`) while a project is created or built. */
  getProjectStatus: build.query<ProjectStatusResponse, string>({
    query: (id) => callRequest(projectCallRoutes.getProjectStatus, { params: { id } }),
    providesTags: (_result, _error, id) => [{ type: 'ProjectStatus', id }],
  }),
  /** GET /projects/:id/files?filePath= (60 s time-out). */
  getProjectFiles: build.query<ProjectFilesResponse, ProjectArgs & { readonly filePath?: string }>({
    query: ({ projectId, filePath }) =>
      callRequest(projectCallRoutes.getProjectFiles, {
        params: { id: projectId },
        query: { filePath },
      }),
    providesTags: (_result, _error, { projectId }) => [{ type: 'ProjectFile', id: projectId }],
  }),
  getProjectFilePaths: build.query<ProjectFilePathsResponse, string>({
    query: (id) => callRequest(projectCallRoutes.getProjectFilePaths, { params: { id } }),
    providesTags: (_result, _error, id) => [{ type: 'ProjectFile', id }],
  }),
  /**
   * GET /projects/:id/code?versionId=: a short-lived link to the newest (or the chosen) version's
   * code as a zip, never kept in the cache. downloadUrl comes back absolute, on the API's origin,
   * so a browser can open it as it is (useDownloadProjectCode does).
   */
  getProjectCode: build.query<ProjectCodeResponse, ProjectArgs & { readonly versionId?: string }>({
    query: ({ projectId, versionId }) =>
      callRequest(projectCallRoutes.getProjectCode, {
        params: { id: projectId },
        ...(versionId ? { query: { versionId } } : {}),
      }),
    transformResponse: (response: ProjectCodeResponse, meta) => ({
      ...response,
      downloadUrl: meta?.request
        ? new URL(response.downloadUrl, meta.request.url).href
        : response.downloadUrl,
    }),
    keepUnusedDataFor: 0,
  }),
  updateProjectTheme: build.mutation<ProjectThemeResponse, ProjectThemeRequest & ProjectArgs>({
    query: ({ projectId, ...body }) =>
      callRequest(projectExtraCallRoutes.updateProjectTheme, { params: { id: projectId }, body }),
    invalidatesTags: whenOk(({ projectId }) => versionChanged(projectId)),
  }),
  /** GET /projects/:id/preview: where the newest version runs, with a signed access token. */
  getProjectPreview: build.query<ProjectPreviewResponse, string>({
    query: (id) => callRequest(projectCallRoutes.getProjectPreview, { params: { id } }),
    providesTags: (_result, _error, id) => [{ type: 'ProjectStatus', id }],
  }),
  applyVisualEdits: build.mutation<VisualEditsResponse, VisualEditsRequest & ProjectArgs>({
    query: ({ projectId, ...body }) =>
      callRequest(projectCallRoutes.applyVisualEdits, { params: { id: projectId }, body }),
    invalidatesTags: whenOk(({ projectId, taskId }) => [
      ...versionChanged(projectId),
      ...(taskId ? [{ type: 'TaskLog' as const, id: taskId }] : []),
    ]),
  }),
  /**
   * GET /projects/:id/deployment?newApi=&waitFor=: with `waitFor` (a deployment on its way), the
   * answer comes once it is LIVE or FAILED (or after the contract's DEPLOYMENT_WAIT_MS). The
   * cache entry is the same with or without it.
   */
  getDeployment: build.query<
    DeploymentResponse,
    ProjectArgs & { readonly newApi?: boolean; readonly waitFor?: string }
  >({
    query: ({ projectId, newApi, waitFor }) =>
      callRequest(deploymentCallRoutes.getDeployment, {
        params: { id: projectId },
        query: { newApi, ...(waitFor && { waitFor }) },
      }),
    // Waiting or not, one project's state is one cache entry; a new wait asks at once.
    serializeQueryArgs: ({ queryArgs: { projectId, newApi } }) => ({ projectId, newApi }),
    forceRefetch: ({ currentArg, previousArg }) =>
      Boolean(currentArg?.waitFor) && currentArg?.waitFor !== previousArg?.waitFor,
    providesTags: (_result, _error, { projectId }) => [{ type: 'Deployment', id: projectId }],
  }),
  /** POST /projects/:id/deployment?newApi=: deploys a version (the newest by default). */
  deployProject: build.mutation<
    Deployment,
    ProjectArgs & { readonly newApi?: boolean; readonly versionId?: string }
  >({
    query: ({ projectId, newApi, versionId }) =>
      callRequest(deploymentCallRoutes.deployProject, {
        params: { id: projectId },
        query: { newApi },
        body: versionId ? { versionId } : {},
      }),
    invalidatesTags: whenOk(({ projectId }) => [{ type: 'Deployment', id: projectId }]),
  }),
  /** POST /projects/:id/deployment/rollback: serves an earlier deployment again, at once. */
  rollbackDeployment: build.mutation<Deployment, ProjectArgs & { readonly deploymentId: string }>({
    query: ({ projectId, deploymentId }) =>
      callRequest(deploymentCallRoutes.rollbackDeployment, {
        params: { id: projectId },
        body: { deploymentId },
      }),
    invalidatesTags: whenOk(({ projectId }) => [{ type: 'Deployment', id: projectId }]),
  }),
  /** DELETE /projects/:id/deployment: takes the app offline. */
  unpublishProject: build.mutation<OkResponse, string>({
    query: (id) => callRequest(deploymentCallRoutes.unpublishProject, { params: { id } }),
    invalidatesTags: whenOk((id) => [{ type: 'Deployment', id }]),
  }),
  /** POST /projects/:id/deployment/slug: a new public address; the old one redirects. */
  changeAppSlug: build.mutation<DeploymentResponse, ProjectArgs & { readonly slug: string }>({
    query: ({ projectId, slug }) =>
      callRequest(deploymentCallRoutes.changeAppSlug, {
        params: { id: projectId },
        body: { slug },
      }),
    invalidatesTags: whenOk(({ projectId }) => [{ type: 'Deployment', id: projectId }]),
  }),
  getTransferDestinations: build.query<TransferDestinationsResponse, string>({
    query: (id) => callRequest(projectExtraCallRoutes.getTransferDestinations, { params: { id } }),
    providesTags: (_result, _error, id) => [{ type: 'TransferDestination', id }],
  }),
  transferProject: build.mutation<
    TransferProjectResponse,
    ProjectArgs & { readonly destinationId: string }
  >({
    query: ({ projectId, destinationId }) =>
      callRequest(projectExtraCallRoutes.transferProject, {
        params: { id: projectId },
        body: { destinationId },
      }),
    invalidatesTags: whenOk(({ projectId }) => [
      { type: 'Project', id: projectId },
      { type: 'Project', id: LIST },
      { type: 'Task', id: LIST },
    ]),
  }),
  getProjectDomains: build.query<DomainsResponse, string>({
    query: (id) => callRequest(projectExtraCallRoutes.getProjectDomains, { params: { id } }),
    providesTags: (_result, _error, id) => [{ type: 'Domain', id }],
  }),
  addProjectDomain: build.mutation<Domain, ProjectArgs & { readonly domain: string }>({
    query: ({ projectId, domain }) =>
      callRequest(projectExtraCallRoutes.addProjectDomain, {
        params: { id: projectId },
        body: { domain },
      }),
    invalidatesTags: whenOk(({ projectId }) => [{ type: 'Domain', id: projectId }]),
  }),
  /** DELETE /projects/:id/domains with the domain in the body. */
  removeProjectDomain: build.mutation<OkResponse, ProjectArgs & { readonly domain: string }>({
    query: ({ projectId, domain }) =>
      callRequest(projectExtraCallRoutes.removeProjectDomain, {
        params: { id: projectId },
        body: { domain },
      }),
    transformResponse: toOk,
    invalidatesTags: whenOk(({ projectId }) => [{ type: 'Domain', id: projectId }]),
  }),
  /** POST /projects/:id/domains/verify: checks the domain's DNS records now, answers the outcome. */
  verifyProjectDomain: build.mutation<Domain, ProjectArgs & { readonly domain: string }>({
    query: ({ projectId, domain }) =>
      callRequest(projectExtraCallRoutes.verifyProjectDomain, {
        params: { id: projectId },
        body: { domain },
      }),
    invalidatesTags: whenOk(({ projectId }) => [{ type: 'Domain', id: projectId }]),
  }),
  getEnvVariables: build.query<EnvVariablesResponse, string>({
    query: (id) => callRequest(projectCallRoutes.getEnvVariables, { params: { id } }),
    providesTags: (_result, _error, id) => [{ type: 'EnvVariable', id }],
  }),
  /** POST /projects/:id/env: adds or replaces one variable. */
  setEnvVariable: build.mutation<EnvVariable, EnvVariable & ProjectArgs>({
    query: ({ projectId, key, value }) =>
      callRequest(projectCallRoutes.setEnvVariable, {
        params: { id: projectId },
        body: { key, value },
      }),
    invalidatesTags: whenOk(({ projectId }) => [{ type: 'EnvVariable', id: projectId }]),
  }),
  deleteEnvVariable: build.mutation<OkResponse, ProjectArgs & { readonly key: string }>({
    query: ({ projectId, key }) =>
      callRequest(projectCallRoutes.deleteEnvVariable, { params: { id: projectId, key } }),
    transformResponse: toOk,
    invalidatesTags: whenOk(({ projectId }) => [{ type: 'EnvVariable', id: projectId }]),
  }),
  /**
   * POST /projects/:id/supabase/attach (30 s). A wrong password keeps the server's message. The
   * project's database is then the attached one.
   */
  attachDatabase: build.mutation<DatabaseAttachResponse, DatabaseAttachRequest & ProjectArgs>({
    query: ({ projectId, ...body }) =>
      callRequest(projectExtraCallRoutes.attachDatabase, { params: { id: projectId }, body }),
    invalidatesTags: whenOk(({ projectId }) => databaseChanged(projectId)),
  }),
  /**
   * DELETE /projects/:id/database/attachment: Mason forgets the attached service (nothing is
   * deleted); answers the project's database after it (the built-in one, or null).
   */
  detachDatabase: build.mutation<ProjectDatabaseResponse, ProjectArgs>({
    query: ({ projectId }) =>
      callRequest(projectExtraCallRoutes.detachDatabase, { params: { id: projectId } }),
    invalidatesTags: whenOk(({ projectId }) => databaseChanged(projectId)),
  }),
  /** POST /projects/:id/fork (30 s): answers the new project. */
  forkProject: build.mutation<Project, ProjectArgs & { readonly name?: string }>({
    query: ({ projectId, name }) =>
      callRequest(projectExtraCallRoutes.forkProject, {
        params: { id: projectId },
        body: name ? { name } : {},
      }),
    invalidatesTags: whenOk(() => [{ type: 'Project', id: LIST }]),
  }),
  getProjectAssets: build.query<AssetsResponse, string>({
    query: (id) => callRequest(projectExtraCallRoutes.getProjectAssets, { params: { id } }),
    providesTags: (_result, _error, id) => [{ type: 'Asset', id }],
  }),
  deleteProjectAsset: build.mutation<OkResponse, ProjectArgs & { readonly assetId: string }>({
    query: ({ projectId, assetId }) =>
      callRequest(projectExtraCallRoutes.deleteProjectAsset, {
        params: { id: projectId, assetId },
      }),
    transformResponse: toOk,
    // The file leaves the app's public/ folder in a new version.
    invalidatesTags: whenOk(({ projectId }) => [
      { type: 'Asset', id: projectId },
      ...versionChanged(projectId),
    ]),
  }),
  /**
   * PUT /projects/:id/thumbnail: the picture of the app the preview's bridge made, for the
   * dashboard's card. The project then names the version it shows (thumbnailVersionId).
   */
  putProjectThumbnail: build.mutation<
    ProjectThumbnailResponse,
    ProjectThumbnailRequest & ProjectArgs
  >({
    query: ({ projectId, ...body }) =>
      callRequest(projectExtraCallRoutes.putProjectThumbnail, { params: { id: projectId }, body }),
    invalidatesTags: whenOk(({ projectId }) => [{ type: 'Project', id: projectId }]),
  }),
});

/** The projects endpoints, injected into the one API slice when this module loads (code splitting). */
export const projectsApi = baseApi.injectEndpoints({ endpoints: projectsEndpoints });

export const {
  useGetProjectsQuery,
  useLazyGetProjectsQuery,
  useCreateProjectMutation,
  useGetProjectQuery,
  useLazyGetProjectQuery,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
  useGetProjectStatusQuery,
  useLazyGetProjectStatusQuery,
  useGetProjectFilesQuery,
  useLazyGetProjectFilesQuery,
  useGetProjectFilePathsQuery,
  useLazyGetProjectFilePathsQuery,
  useGetProjectCodeQuery,
  useLazyGetProjectCodeQuery,
  useGetProjectPreviewQuery,
  useUpdateProjectThemeMutation,
  useApplyVisualEditsMutation,
  useGetDeploymentQuery,
  useLazyGetDeploymentQuery,
  useDeployProjectMutation,
  useRollbackDeploymentMutation,
  useUnpublishProjectMutation,
  useChangeAppSlugMutation,
  useGetTransferDestinationsQuery,
  useLazyGetTransferDestinationsQuery,
  useTransferProjectMutation,
  useGetProjectDomainsQuery,
  useLazyGetProjectDomainsQuery,
  useAddProjectDomainMutation,
  useRemoveProjectDomainMutation,
  useVerifyProjectDomainMutation,
  useGetEnvVariablesQuery,
  useLazyGetEnvVariablesQuery,
  useSetEnvVariableMutation,
  useDeleteEnvVariableMutation,
  useAttachDatabaseMutation,
  useDetachDatabaseMutation,
  useForkProjectMutation,
  useGetProjectAssetsQuery,
  useLazyGetProjectAssetsQuery,
  useDeleteProjectAssetMutation,
  usePutProjectThumbnailMutation,
} = projectsApi;

/** What a project's database changing (attached, detached) makes stale. */
function databaseChanged(projectId: string) {
  return [
    { type: 'Project' as const, id: projectId },
    { type: 'EnvVariable' as const, id: projectId },
    { type: 'ProjectDatabase' as const, id: projectId },
    { type: 'DatabaseData' as const, id: projectId },
    { type: 'ProductionBackups' as const, id: projectId },
  ];
}
