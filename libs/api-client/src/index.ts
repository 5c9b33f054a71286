// Public API of @mason/api-client: name every export.

export { authApi } from './lib/endpoints/auth';
export { billingApi } from './lib/endpoints/billing';
export { configApi } from './lib/endpoints/config';
export { githubApi } from './lib/endpoints/github';
export {
  useGetSupabaseIntegrationQuery,
  useDisconnectSupabaseMutation,
  useLazyGetSupabaseAuthorizeUrlQuery,
  useConnectSupabaseMutation,
  useGetSupabaseProjectsQuery,
} from './lib/endpoints/supabase';
export { supabaseApi } from './lib/endpoints/supabase';
export { mcpApi } from './lib/endpoints/mcp';
export type {
  McpServerArgs,
  SetMcpToolPolicyArgs,
  SetProjectMcpArgs,
  UpdateMcpServerArgs,
} from './lib/endpoints/mcp';
export {
  useGetMcpServersQuery,
  useLazyGetMcpServersQuery,
  useCreateMcpServerMutation,
  useUpdateMcpServerMutation,
  useDeleteMcpServerMutation,
  useRefreshMcpServerMutation,
  useLazyGetMcpServerAuthorizeUrlQuery,
  useSetMcpToolPolicyMutation,
  useCompleteMcpOauthMutation,
  useGetProjectMcpQuery,
  useSetProjectMcpMutation,
} from './lib/endpoints/mcp';
export { openRouterApi } from './lib/endpoints/open-router';
export {
  useGetOpenRouterIntegrationQuery,
  useDisconnectOpenRouterMutation,
  useLazyGetOpenRouterAuthorizeUrlQuery,
  useConnectOpenRouterMutation,
} from './lib/endpoints/open-router';
export { projectCodeHostingApi } from './lib/endpoints/project-code-hosting';
export { projectDatabaseApi } from './lib/endpoints/project-database';
export { modelsApi } from './lib/endpoints/models';
export { paymentsApi } from './lib/endpoints/payments';
export { projectsApi } from './lib/endpoints/projects';
export { subscriptionsApi } from './lib/endpoints/subscriptions';
export { tasksApi } from './lib/endpoints/tasks';
export { uploadsApi } from './lib/endpoints/uploads';
export { usersApi } from './lib/endpoints/users';
export { waitlistApi } from './lib/endpoints/waitlist';
export { api } from './lib/mason-api';
export { baseApi } from './lib/api';
export type { ApiArg, ApiEndpointName, ApiResult, MasonApi } from './lib/mason-api';
export { API_REDUCER_PATH } from './lib/api';
export { createApiClient } from './lib/client';
export type { ApiClient, ApiClientOptions } from './lib/client';
export { API_CLIENT_EXTRA_KEY, DEFAULT_BASE_URL } from './lib/config';
export type { ApiClientConfig, ApiClientExtra, ResolvedApiClientConfig } from './lib/config';
export type { ApiBaseQuery, ApiExtraOptions } from './lib/base-query';
export { API_ERROR_KINDS, isApiError, SESSION_ENDED_MESSAGE, toApiError } from './lib/api-error';
export type { ApiError, ApiErrorContext, ApiErrorKind, ApiErrorStatus } from './lib/api-error';
export {
  announcementFor,
  apiSessionEnded,
  apiSessionExpired,
  apiUsageLimitReached,
  isApiSessionEnd,
} from './lib/announcements';
export type { ApiAnnouncement } from './lib/announcements';
export { createApiListener } from './lib/listener';
export type { ApiListenerOptions, ApiNotifier, ApiToastOptions, ApiWarn } from './lib/listener';
export { INLINE_ERROR_ENDPOINTS, SILENT_ERROR_ENDPOINTS, toastFor } from './lib/error-toasts';
export { API_TAG_TYPES } from './lib/tags';
export type { ApiTagType } from './lib/tags';
export { callRequest } from './lib/call-request';
export type { CallParts } from './lib/call-request';
export { fillPath } from './lib/path';
export type { PathParams } from './lib/path';
export type { CreateCheckoutArgs } from './lib/endpoints/payments';
export type { ProjectArgs } from './lib/endpoints/projects';
export { liveTaskLogsArgs, loadOlderTaskLogs } from './lib/endpoints/tasks';
export type { TaskArgs, TaskLogsArgs } from './lib/endpoints/tasks';
export { TASK_EVENTS_TIMING, watchTaskEvents } from './lib/task-events';
export type {
  TaskEventsConnection,
  TaskEventsTiming,
  WatchTaskEventsOptions,
} from './lib/task-events';
export { compareLogIds } from './lib/task-log-feed';
export type { TaskLogDraft, TaskLogFeed } from './lib/task-log-feed';
/** Uploads wait this long (the table's `upload` timeout class). */
export { UPLOAD_TIMEOUT_MS } from '@mason/contract';
export { MODEL_STORAGE_KEY, readStoredModel, storeModel } from './lib/model-preference';
export { readReferralCookie } from './lib/referral-cookie';
export { effectiveModel, useModelPreference } from './lib/model-choice';
export type { UploadFile } from './lib/endpoints/uploads';
export { startBrowserDownload, useDownloadProjectCode } from './lib/download-project-code';
export { useProjectThumbnail } from './lib/project-thumbnail';
export type { ProjectThumbnail } from './lib/project-thumbnail';
export type { DownloadProjectCode } from './lib/download-project-code';
// React hooks of every endpoint: each domain module injects its endpoints into the slice and
// names its hooks, re-exported here, so a screen's chunk carries only the domains it uses.
export { useGetClientConfigQuery, useLazyGetClientConfigQuery } from './lib/endpoints/config';
export { useJoinWaitlistMutation } from './lib/endpoints/waitlist';
export {
  useLoginMutation,
  useLoginWithGoogleMutation,
  useSignupMutation,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
  useResendVerificationEmailMutation,
} from './lib/endpoints/auth';
export {
  useGetCurrentUserQuery,
  useLazyGetCurrentUserQuery,
  useUpdateCurrentUserMutation,
} from './lib/endpoints/users';
export {
  useGetActiveSubscriptionQuery,
  useLazyGetActiveSubscriptionQuery,
  useUpdateSubscriptionMutation,
  useCancelSubscriptionMutation,
  useReactivateSubscriptionMutation,
} from './lib/endpoints/subscriptions';
export {
  useCreateCheckoutMutation,
  useCreateCreditsCheckoutMutation,
  useCreateBalanceCheckoutMutation,
  useGetTransactionsQuery,
  useLazyGetTransactionsQuery,
} from './lib/endpoints/payments';
export {
  useGetBillingSummaryQuery,
  useLazyGetBillingSummaryQuery,
  useGetCheckoutSessionQuery,
  useLazyGetCheckoutSessionQuery,
  useConfirmCheckoutMutation,
  useCancelCheckoutMutation,
  useGetRewardsQuery,
  useLazyGetRewardsQuery,
} from './lib/endpoints/billing';
export {
  useGetGithubIntegrationQuery,
  useLazyGetGithubIntegrationQuery,
  useDisconnectGithubMutation,
  useGetGithubAuthorizeUrlQuery,
  useLazyGetGithubAuthorizeUrlQuery,
  useConnectGithubMutation,
  useGetGithubRepositoriesQuery,
  useLazyGetGithubRepositoriesQuery,
} from './lib/endpoints/github';
export {
  useGetProjectCodeHostingQuery,
  useLazyGetProjectCodeHostingQuery,
  useLinkProjectRepositoryMutation,
  useCreateProjectRepositoryMutation,
  useUnlinkProjectRepositoryMutation,
  useSyncProjectRepositoryMutation,
  useGetProjectCodeHostingConflictQuery,
  useLazyGetProjectCodeHostingConflictQuery,
  useResolveProjectCodeHostingConflictMutation,
} from './lib/endpoints/project-code-hosting';
export {
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
} from './lib/endpoints/project-database';
export type {
  DatabaseRowsArgs,
  RunDatabaseSqlArgs,
  UpdateDatabaseRowArgs,
} from './lib/endpoints/project-database';
export {
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
} from './lib/endpoints/projects';
export {
  useUploadProjectAssetMutation,
  useUploadStaticFilesMutation,
} from './lib/endpoints/uploads';
export {
  useGetTasksQuery,
  useLazyGetTasksQuery,
  useGetTaskQuery,
  useLazyGetTaskQuery,
  useCreateTaskMutation,
  usePauseTaskMutation,
  useResumeTaskMutation,
  useGetTaskVersionsQuery,
  useLazyGetTaskVersionsQuery,
  useGetTaskLogsQuery,
  useLazyGetTaskLogsQuery,
  useSendTaskMessageMutation,
  useRevertTaskMutation,
  useRunTaskActionMutation,
  useArchiveTaskMutation,
  useUnarchiveTaskMutation,
  useRateTaskMutation,
} from './lib/endpoints/tasks';
export { useGetModelsQuery, useLazyGetModelsQuery } from './lib/endpoints/models';
