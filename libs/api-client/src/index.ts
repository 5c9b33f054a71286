// Public API of @mason/api-client: name every export.
import { authApi } from './lib/endpoints/auth';
import { billingApi } from './lib/endpoints/billing';
import { configApi } from './lib/endpoints/config';
import { githubApi } from './lib/endpoints/github';
import { modelsApi } from './lib/endpoints/models';
import { paymentsApi } from './lib/endpoints/payments';
import { projectsApi } from './lib/endpoints/projects';
import { subscriptionsApi } from './lib/endpoints/subscriptions';
import { tasksApi } from './lib/endpoints/tasks';
import { uploadsApi } from './lib/endpoints/uploads';
import { usersApi } from './lib/endpoints/users';
import { waitlistApi } from './lib/endpoints/waitlist';

export {
  authApi,
  billingApi,
  configApi,
  githubApi,
  modelsApi,
  paymentsApi,
  projectsApi,
  subscriptionsApi,
  tasksApi,
  uploadsApi,
  usersApi,
  waitlistApi,
};
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
export type { UploadFile } from './lib/endpoints/uploads';
export { startBrowserDownload, useDownloadProjectCode } from './lib/download-project-code';
export type { DownloadProjectCode } from './lib/download-project-code';
// React hooks of every endpoint: each domain module injects its endpoints into the slice; its
// hooks are named here once.
export const { useGetClientConfigQuery, useLazyGetClientConfigQuery } = configApi;
export const { useJoinWaitlistMutation } = waitlistApi;
export const {
  useLoginMutation,
  useLoginWithGoogleMutation,
  useSignupMutation,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
  useResendVerificationEmailMutation,
} = authApi;
export const { useGetCurrentUserQuery, useLazyGetCurrentUserQuery, useUpdateCurrentUserMutation } =
  usersApi;
export const {
  useGetActiveSubscriptionQuery,
  useLazyGetActiveSubscriptionQuery,
  useUpdateSubscriptionMutation,
  useCancelSubscriptionMutation,
  useReactivateSubscriptionMutation,
} = subscriptionsApi;
export const {
  useCreateCheckoutMutation,
  useCreateCreditsCheckoutMutation,
  useCreateBalanceCheckoutMutation,
  useGetTransactionsQuery,
  useLazyGetTransactionsQuery,
} = paymentsApi;
export const {
  useGetBillingSummaryQuery,
  useLazyGetBillingSummaryQuery,
  useGetCheckoutSessionQuery,
  useLazyGetCheckoutSessionQuery,
  useConfirmCheckoutMutation,
  useCancelCheckoutMutation,
  useGetRewardsQuery,
  useLazyGetRewardsQuery,
} = billingApi;
export const {
  useGetGithubIntegrationQuery,
  useLazyGetGithubIntegrationQuery,
  useDisconnectGithubMutation,
  useGetGithubAuthorizeUrlQuery,
  useLazyGetGithubAuthorizeUrlQuery,
  useConnectGithubMutation,
  useGetGithubRepositoriesQuery,
  useLazyGetGithubRepositoriesQuery,
} = githubApi;
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
  useForkProjectMutation,
  useGetProjectAssetsQuery,
  useLazyGetProjectAssetsQuery,
  useDeleteProjectAssetMutation,
} = projectsApi;
export const { useUploadProjectAssetMutation, useUploadStaticFilesMutation } = uploadsApi;
export const {
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
} = tasksApi;
export const { useGetModelsQuery, useLazyGetModelsQuery } = modelsApi;
