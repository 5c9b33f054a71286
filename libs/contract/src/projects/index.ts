// The project calls of the contract, one module per sub-domain; named re-exports only.
export {
  IMPORT_CLONE_TIMEOUT_MS,
  IMPORT_REQUEST_TIMEOUT_MS,
  ImportProjectFormSchema,
  NewProjectFormSchema,
  ProjectDescriptionSchema,
  ProjectNameSchema,
  REPOSITORY_URL_MAX_LENGTH,
  RepositoryUrlSchema,
} from '../project-fields';
export type { ImportProjectForm, NewProjectForm } from '../project-fields';
export {
  CreateProjectRequestSchema,
  CreateProjectResponseSchema,
  ProjectParamsSchema,
  ProjectSchema,
  ProjectsResponseSchema,
  ProjectStatusResponseSchema,
  ProjectStatusSchema,
  UpdateProjectRequestSchema,
} from './project';
export type {
  CreateProjectRequest,
  CreateProjectResponse,
  Project,
  ProjectParams,
  ProjectsResponse,
  ProjectStatus,
  ProjectStatusResponse,
  UpdateProjectRequest,
} from './project';
export {
  ProjectCodeDownloadQuerySchema,
  ProjectCodeQuerySchema,
  ProjectCodeResponseSchema,
  ProjectFilePathsResponseSchema,
  ProjectFileSchema,
  ProjectFilesQuerySchema,
  ProjectFilesResponseSchema,
} from './files';
export type {
  ProjectCodeDownloadQuery,
  ProjectCodeQuery,
  ProjectCodeResponse,
  ProjectFile,
  ProjectFilePathsResponse,
  ProjectFilesQuery,
  ProjectFilesResponse,
} from './files';
export { ProjectThemeRequestSchema, ProjectThemeResponseSchema, ThemeNameSchema } from './theme';
export type { ProjectThemeRequest, ProjectThemeResponse, ThemeName } from './theme';
export {
  SelectedLayoutSchema,
  VisualEditCommandSchema,
  VisualEditSchema,
  ImageSourceSchema,
  VisualEditsRequestSchema,
  VisualEditsResponseSchema,
} from './visual-edits';
export type {
  SelectedLayout,
  VisualEdit,
  VisualEditCommand,
  VisualEditsRequest,
  VisualEditsResponse,
} from './visual-edits';
export { ProjectPreviewResponseSchema } from './preview';
export type { ProjectPreviewResponse } from './preview';
export {
  APP_SLUG_CHANGES_PER_DAY,
  APP_SLUG_NEEDS_PUBLISHED_APP,
  appSlugChangeLimitMessage,
  AppSlugSchema,
  ChangeAppSlugRequestSchema,
  CreateDeploymentRequestSchema,
  DEPLOYMENT_WAIT_MS,
  DeploymentQuerySchema,
  DeploymentResponseSchema,
  DeploymentSchema,
  DeploymentStateQuerySchema,
  DeploymentStatusSchema,
  OLD_SLUG_REDIRECT_DAYS,
  RESERVED_APP_SLUGS,
  RollbackDeploymentRequestSchema,
} from './deployment';
export type {
  ChangeAppSlugRequest,
  CreateDeploymentRequest,
  Deployment,
  DeploymentQuery,
  DeploymentResponse,
  DeploymentStatus,
  RollbackDeploymentRequest,
} from './deployment';
export {
  TransferDestinationSchema,
  TransferDestinationsResponseSchema,
  TransferProjectRequestSchema,
  TransferProjectResponseSchema,
} from './transfer';
export type {
  TransferDestination,
  TransferDestinationsResponse,
  TransferProjectRequest,
  TransferProjectResponse,
} from './transfer';
export {
  DnsRecordSchema,
  DomainCheckSchema,
  DomainNameSchema,
  DomainRequestSchema,
  DomainSchema,
  DomainsResponseSchema,
  DomainStatusSchema,
  TlsCheckQuerySchema,
} from './domains';
export type {
  DnsRecord,
  Domain,
  DomainCheck,
  DomainRequest,
  DomainsResponse,
  DomainStatus,
  TlsCheckQuery,
} from './domains';
export {
  EnvKeySchema,
  EnvValueSchema,
  EnvVariableParamsSchema,
  EnvVariableSchema,
  EnvVariablesResponseSchema,
  isViteEnvKey,
  SetEnvVariableRequestSchema,
  VITE_ENV_PREFIX,
} from './env-variables';
export type {
  EnvVariable,
  EnvVariableParams,
  EnvVariablesResponse,
  SetEnvVariableRequest,
} from './env-variables';
export {
  DatabaseAttachmentSchema,
  DatabaseAttachRequestSchema,
  DatabaseAttachResponseSchema,
  DATABASE_ENV_KEYS,
  DatabaseProviderSchema,
  ProductionBackupParamsSchema,
  ProductionBackupReasonSchema,
  ProductionBackupSchema,
  ProductionBackupsResponseSchema,
  ProjectDatabaseResponseSchema,
  ProjectDatabaseSchema,
} from './database';
export {
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
} from './database-view';
export type {
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
} from './database-view';
export type {
  DatabaseAttachment,
  DatabaseAttachRequest,
  DatabaseAttachResponse,
  DatabaseProvider,
  ProductionBackup,
  ProductionBackupParams,
  ProductionBackupReason,
  ProductionBackupsResponse,
  ProjectDatabase,
  ProjectDatabaseResponse,
} from './database';
export { ProjectThumbnailRequestSchema, ProjectThumbnailResponseSchema } from './thumbnail';
export type { ProjectThumbnailRequest, ProjectThumbnailResponse } from './thumbnail';
export { ForkProjectRequestSchema } from './fork';
export type { ForkProjectRequest } from './fork';
export {
  AssetFileQuerySchema,
  AssetParamsSchema,
  AssetSchema,
  AssetsResponseSchema,
} from './assets';
export type { Asset, AssetFileQuery, AssetParams, AssetsResponse } from './assets';
export { StaticFileSchema, StaticFilesUploadResponseSchema } from './static-files';
export type { StaticFile, StaticFilesUploadResponse } from './static-files';
