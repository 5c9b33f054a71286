// Public API of @mason/contract: name every export.
export {
  CheckoutPlanSchema,
  DEMO_MODEL,
  DeviceTypeSchema,
  ENDPOINT_MODEL,
  ModelSchema,
  ProviderModelSchema,
} from './enums';
export { nameFromDescription } from './project-names';
export type {
  CheckoutPlan,
  DeviceType,
  FileAttachmentMode,
  LogType,
  Model,
  PauseReason,
  Plan,
  ProjectType,
  ProviderModel,
  TaskState,
  ThemeMode,
} from './enums';
export {
  API_TIMEOUT_MS,
  BANNER_DISMISS_MS,
  CHAT_WIDTH_DEFAULT,
  CHAT_WIDTH_EXPANDED,
  CHAT_WIDTH_SAVE_DEBOUNCE_MS,
  DATABASE_ATTACH_TIMEOUT_MS,
  DEFAULT_MODEL,
  FILE_LISTING_TIMEOUT_MS,
  FORK_TIMEOUT_MS,
  UPLOAD_TIMEOUT_MS,
  HISTORY_PANEL_DEFAULT_OPEN,
  IMAGE_MAX_SIDE_PX,
  JSON_BODY_LIMIT_BYTES,
  PASSWORD_MIN_LENGTH,
  PRODUCT_DESCRIPTION,
  PRODUCT_NAME,
  REFERRAL_CODE_MAX_LENGTH,
  REFERRAL_COOKIE,
  REFETCH_ON_FOCUS,
  SCROLL_AFTER_SEND_MS,
  THEME_DEFAULTS,
  TOAST_DURATION_MS,
} from './constants';
export { ErrorMessages } from './errors';
export { ApiErrorBodySchema } from './error-schemas';
export type { ApiErrorBody, UsageLimitError } from './error-schemas';
export {
  AuthTokenResponseSchema,
  EmailSchema,
  GoogleLoginRequestSchema,
  LoginRequestSchema,
  OkResponseSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  ReferralCodeSchema,
  SignupRequestSchema,
  VerifyEmailRequestSchema,
  WaitlistRequestSchema,
} from './auth';
export type {
  AuthTokenResponse,
  GoogleLoginRequest,
  LoginRequest,
  OkResponse,
  PasswordResetConfirm,
  PasswordResetRequest,
  SignupRequest,
  VerifyEmailRequest,
  WaitlistRequest,
} from './auth';
export { AccountProofMessages, UpdateCurrentUserRequestSchema, UserSchema } from './users';
export type { UpdateCurrentUserRequest, User } from './users';
export { ActiveSubscriptionResponseSchema, SubscriptionSchema } from './subscriptions';
export type {
  ActiveSubscriptionResponse,
  Subscription,
  UpdateSubscriptionRequest,
} from './subscriptions';
export { isFree, isUsageBased, planOfStatus, subscriptionStatusOf } from './subscription-status';
export type { SubscriptionStatus } from './subscription-status';
export { ClientConfigSchema } from './config';
export type { BannerConfig, ClientConfig } from './config';
export { API_PREFIX, ApiRoutes } from './routes';
export { ApiCalls, apiCallNameOf, findApiCall } from './calls';
// Each domain's routes: what a client needs to send a call, without its schemas (a browser's
// endpoints name their calls by these, so the first page loads no zod).
export { accountCallRoutes } from './calls/accounts-routes';
export { billingCallRoutes } from './calls/billing-routes';
export { codeHostingCallRoutes } from './calls/code-hosting-routes';
export { deploymentCallRoutes } from './calls/deployments-routes';
export { projectExtraCallRoutes } from './calls/project-extras-routes';
export { supabaseCallRoutes } from './calls/supabase-routes';
export { outsideToolsCallRoutes } from './calls/outside-tools-routes';
export { projectCallRoutes } from './calls/projects-routes';
export { taskCallRoutes } from './calls/tasks-routes';
export type { ApiCallName, CallOfRoute } from './calls';
export { callTimeoutMs, isBuilt } from './calls/call-spec';
export { checkedIdFields, ID_NOT_FOUND_MESSAGES, isUuidId, UuidSchema } from './calls/id-formats';
export type { CheckedIdField, UuidIdKind } from './calls/id-formats';
export type { CallBodyOf, CallRoute, CallSchema, CallSpec, IdKind } from './calls/call-spec';
export { PLAN_OFFERS } from './plans';
export type { PlanOffer } from './plans';

export { IdParamsSchema } from './primitives';
export {
  BranchNameSchema,
  GithubIntegrationSchema,
  GithubRepositorySchema,
  isGithubConnected,
  CodeHostingConflictDetailResponseSchema,
  CONFLICT_TEXT_MAX_BYTES,
  ProjectCodeHostingResponseSchema,
  RepositoryNameSchema,
} from './github';
export type {
  GithubAccessCodeRequest,
  GithubAuthorizeUrlQuery,
  GithubAuthorizeUrlResponse,
  GithubCallbackFlow,
  GithubIntegration,
  GithubIntegrationResponse,
  GithubRepositoriesQuery,
  GithubRepositoriesResponse,
  GithubRepository,
  CodeHostingConflict,
  CodeHostingConflictDetailResponse,
  CodeHostingSync,
  ConflictChoice,
  ConflictSide,
  CreateProjectRepositoryRequest,
  ResolveConflictRequest,
  LinkProjectRepositoryRequest,
  ProjectCodeHostingResponse,
  ProjectRepositoryLink,
} from './github';
export {
  MESSAGE_BODY_LIMIT_BYTES,
  ImageMediaTypeSchema,
  MESSAGE_MAX_IMAGES,
  MESSAGE_MAX_STATIC_FILES,
  RevertTaskResponseSchema,
  SendTaskMessageResponseSchema,
  TASK_LOGS_DEFAULT_LIMIT,
  TaskDescriptionSchema,
  TaskLogSchema,
  TaskLogsResponseSchema,
  TaskResponseSchema,
  TaskSchema,
  TasksResponseSchema,
  TaskStreamEventSchema,
} from './tasks';
export type {
  CreateTaskRequest,
  FileChangeKind,
  ImageAttachment,
  ImageMediaType,
  RateTaskRequest,
  RevertTaskResponse,
  SelectedComponent,
  SendTaskMessageRequest,
  SendTaskMessageResponse,
  Task,
  TaskActionKind,
  TaskActionParams,
  TaskActionRequest,
  TaskLog,
  TaskLogAction,
  TaskLogOf,
  TaskLogsQuery,
  TaskLogsResponse,
  TaskRating,
  TaskResponse,
  TasksQuery,
  TasksResponse,
  TaskStreamEvent,
} from './tasks';
export {
  TaskVersionsResponseSchema,
  VERSION_ORIGINS,
  VersionOriginSchema,
  VersionSchema,
  isRevertVersion,
  revertSummary,
} from './versions';
export type { TaskVersionsResponse, Version, VersionOrigin } from './versions';
export { TaskConflictMessages, canTransition, taskCommands } from './task-states';
export type { TaskCommands } from './task-states';
export { endpointModelLabel, MODEL_LABELS, modelLabel, ModelsResponseSchema } from './models';
export type { ModelOption, ModelProvider, ModelsResponse } from './models';
export {
  AssetSchema,
  AssetsResponseSchema,
  AppSlugSchema,
  CreateProjectResponseSchema,
  DatabaseAttachmentSchema,
  DatabaseAttachRequestSchema,
  DATABASE_ENV_KEYS,
  DatabaseProviderSchema,
  ProjectDatabaseResponseSchema,
  ProductionBackupParamsSchema,
  ProductionBackupReasonSchema,
  ProductionBackupSchema,
  ProductionBackupsResponseSchema,
  ProjectDatabaseSchema,
  DATABASE_ROWS_DEFAULT_LIMIT,
  DATABASE_ROWS_MAX_LIMIT,
  DATABASE_SQL_MAX_LENGTH,
  DATABASE_SQL_MAX_ROWS,
  DATABASE_SQL_TIMEOUT_SECONDS,
  DatabaseMigrationsResponseSchema,
  DatabaseRowResponseSchema,
  DatabaseRowsQuerySchema,
  DatabaseRowsResponseSchema,
  DatabaseSqlRequestSchema,
  DatabaseSqlResponseSchema,
  DatabaseTableParamsSchema,
  DatabaseTableSchema,
  DatabaseTablesResponseSchema,
  DatabaseUsersResponseSchema,
  UpdateDatabaseRowRequestSchema,
  DEPLOYMENT_WAIT_MS,
  DeploymentResponseSchema,
  DeploymentSchema,
  OLD_SLUG_REDIRECT_DAYS,
  APP_SLUG_CHANGES_PER_DAY,
  APP_SLUG_NEEDS_PUBLISHED_APP,
  appSlugChangeLimitMessage,
  DomainNameSchema,
  DomainRequestSchema,
  DomainSchema,
  EnvKeySchema,
  EnvVariableSchema,
  EnvVariablesResponseSchema,
  isViteEnvKey,
  VITE_ENV_PREFIX,
  ProjectCodeResponseSchema,
  ProjectDescriptionSchema,
  ProjectFilePathsResponseSchema,
  ProjectFileSchema,
  ProjectFilesResponseSchema,
  IMPORT_CLONE_TIMEOUT_MS,
  IMPORT_REQUEST_TIMEOUT_MS,
  ImportProjectFormSchema,
  NewProjectFormSchema,
  ProjectNameSchema,
  ProjectSchema,
  ProjectsResponseSchema,
  ProjectStatusResponseSchema,
  SetEnvVariableRequestSchema,
  StaticFileSchema,
  StaticFilesUploadResponseSchema,
  TransferDestinationSchema,
  ImageSourceSchema,
  VisualEditsResponseSchema,
  ProjectPreviewResponseSchema,
  REPOSITORY_URL_MAX_LENGTH,
} from './projects/index';
export type {
  Asset,
  AssetsResponse,
  ChangeAppSlugRequest,
  CreateProjectRequest,
  CreateProjectResponse,
  DatabaseAttachment,
  DatabaseAttachRequest,
  DatabaseAttachResponse,
  DatabaseProvider,
  ProjectDatabase,
  ProjectDatabaseResponse,
  ProductionBackup,
  ProductionBackupParams,
  ProductionBackupReason,
  ProductionBackupsResponse,
  DatabaseColumn,
  DatabaseForeignKey,
  DatabaseMigration,
  DatabaseMigrationsResponse,
  DatabasePolicy,
  DatabaseResultColumn,
  DatabaseRow,
  DatabaseRowResponse,
  DatabaseRowsQuery,
  DatabaseRowsResponse,
  DatabaseSqlRequest,
  DatabaseSqlResponse,
  DatabaseTable,
  DatabaseTableParams,
  DatabaseTablesResponse,
  DatabaseUser,
  DatabaseUsersResponse,
  SortDirection,
  UpdateDatabaseRowRequest,
  Deployment,
  DeploymentResponse,
  DeploymentStatus,
  RollbackDeploymentRequest,
  DnsRecord,
  Domain,
  DomainCheck,
  DomainRequest,
  DomainsResponse,
  DomainStatus,
  EnvVariable,
  EnvVariablesResponse,
  ForkProjectRequest,
  Project,
  ProjectCodeResponse,
  ProjectFile,
  ProjectFilePathsResponse,
  ProjectFilesQuery,
  ProjectFilesResponse,
  ProjectsResponse,
  ProjectStatus,
  ProjectStatusResponse,
  ProjectThemeRequest,
  ProjectThemeResponse,
  ProjectThumbnailRequest,
  ProjectThumbnailResponse,
  StaticFile,
  StaticFilesUploadResponse,
  TransferDestination,
  TransferDestinationsResponse,
  TransferProjectResponse,
  UpdateProjectRequest,
  VisualEdit,
  VisualEditCommand,
  VisualEditsRequest,
  VisualEditsResponse,
  ProjectPreviewResponse,
} from './projects/index';
export {
  BALANCE_CHECKOUT_MAX_USD,
  BALANCE_CHECKOUT_MIN_USD,
  BalanceCheckoutRequestSchema,
  CREDITS_CHECKOUT_MAX,
  CREDITS_CHECKOUT_MIN,
  CreditsCheckoutRequestSchema,
  TransactionSchema,
} from './payments';
export type {
  BalanceCheckoutRequest,
  CheckoutRequest,
  CheckoutResponse,
  CreditsCheckoutRequest,
  Transaction,
  TransactionKind,
  TransactionsResponse,
  TransactionStatus,
} from './payments';
export {
  ASSET_ACCEPT,
  ASSET_MAX_BYTES,
  ASSET_TYPES,
  ASSET_UPLOAD_FIELD,
  STATIC_FILE_MAX_BYTES,
  STATIC_FILES_MAX_COUNT,
  STATIC_FILES_UPLOAD_FIELD,
} from './uploads';
export {
  PROJECT_THUMBNAIL_DATA_URL_MAX_LENGTH,
  PROJECT_THUMBNAIL_MAX_BYTES,
} from './preview-limits';
export type { AssetKind } from './uploads';
export { ASSET_FOLDER, assetName, assetTypeOf } from './asset-names';
export { PAID_PLANS, isCheckoutPlan, paidPlanOf } from './checkout-plans';
export type { PaidPlan } from './checkout-plans';
export { loadEnglishMessages } from './zod-locale';
export {
  SupabaseAccessCodeRequestSchema,
  SupabaseAuthorizeUrlResponseSchema,
  SupabaseConnectionSchema,
  SupabaseIntegrationResponseSchema,
  SupabaseProjectSchema,
  SupabaseProjectsResponseSchema,
} from './supabase';
export type {
  SupabaseAccessCodeRequest,
  SupabaseAuthorizeUrlResponse,
  SupabaseConnection,
  SupabaseIntegrationResponse,
  SupabaseProject,
  SupabaseProjectsResponse,
} from './supabase';
export {
  CreateMcpServerRequestSchema,
  MCP_SERVER_NAME_MAX,
  McpAuthKindSchema,
  McpCallRequestSchema,
  McpHeaderSchema,
  McpOauthCallbackRequestSchema,
  McpServerNameSchema,
  McpServerResponseSchema,
  McpServerSchema,
  McpServersResponseSchema,
  McpServerUrlSchema,
  McpToolParamsSchema,
  McpToolPolicySchema,
  McpToolSchema,
  ProjectMcpResponseSchema,
  ProjectMcpServerSchema,
  SetMcpToolPolicyRequestSchema,
  SetProjectMcpRequestSchema,
  UpdateMcpServerRequestSchema,
  mcpToolName,
} from './mcp';
export type {
  CreateMcpServerRequest,
  McpAuthKind,
  McpCallRequest,
  McpHeader,
  McpOauthCallbackRequest,
  McpServer,
  McpServerResponse,
  McpServersResponse,
  McpTool,
  McpToolPolicy,
  ProjectMcpResponse,
  SetMcpToolPolicyRequest,
  SetProjectMcpRequest,
  UpdateMcpServerRequest,
} from './mcp';
export {
  OpenRouterAccessCodeRequestSchema,
  OpenRouterAuthorizeUrlResponseSchema,
  OpenRouterConnectionSchema,
  OpenRouterIntegrationResponseSchema,
} from './open-router';
export type {
  OpenRouterAccessCodeRequest,
  OpenRouterAuthorizeUrlResponse,
  OpenRouterConnection,
  OpenRouterIntegrationResponse,
} from './open-router';
