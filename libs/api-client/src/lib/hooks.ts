// React hooks of every endpoint, re-exported from their domain modules (each module injects its
// endpoints when it loads, so importing one hook brings in only its domain).

export { useGetClientConfigQuery, useLazyGetClientConfigQuery } from './endpoints/config';
export { useJoinWaitlistMutation } from './endpoints/waitlist';
export {
  useLoginMutation,
  useLoginWithGoogleMutation,
  useSignupMutation,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
  useResendVerificationEmailMutation,
} from './endpoints/auth';
export {
  useGetCurrentUserQuery,
  useLazyGetCurrentUserQuery,
  useUpdateCurrentUserMutation,
} from './endpoints/users';
export {
  useGetActiveSubscriptionQuery,
  useLazyGetActiveSubscriptionQuery,
  useUpdateSubscriptionMutation,
  useCancelSubscriptionMutation,
  useReactivateSubscriptionMutation,
} from './endpoints/subscriptions';
export {
  useCreateCheckoutMutation,
  useCreateCreditsCheckoutMutation,
  useCreateBalanceCheckoutMutation,
  useGetTransactionsQuery,
  useLazyGetTransactionsQuery,
} from './endpoints/payments';
export {
  useGetGithubIntegrationQuery,
  useLazyGetGithubIntegrationQuery,
  useDisconnectGithubMutation,
  useGetGithubAuthorizeUrlQuery,
  useLazyGetGithubAuthorizeUrlQuery,
  useConnectGithubMutation,
  useGetGithubRepositoriesQuery,
  useLazyGetGithubRepositoriesQuery,
} from './endpoints/github';
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
  useUpdateProjectThemeMutation,
  useApplyVisualEditsMutation,
  useGetDeploymentQuery,
  useLazyGetDeploymentQuery,
  useDeployProjectMutation,
  useGetTransferDestinationsQuery,
  useLazyGetTransferDestinationsQuery,
  useTransferProjectMutation,
  useGetProjectDomainsQuery,
  useLazyGetProjectDomainsQuery,
  useAddProjectDomainMutation,
  useRemoveProjectDomainMutation,
  useGetEnvVariablesQuery,
  useLazyGetEnvVariablesQuery,
  useSetEnvVariableMutation,
  useDeleteEnvVariableMutation,
  useAttachDatabaseMutation,
  useForkProjectMutation,
  useGetProjectAssetsQuery,
  useLazyGetProjectAssetsQuery,
  useDeleteProjectAssetMutation,
} from './endpoints/projects';
export { useUploadProjectAssetMutation, useUploadStaticFilesMutation } from './endpoints/uploads';
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
  useRateTaskMutation,
} from './endpoints/tasks';
