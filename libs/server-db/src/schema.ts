// Mason's tables (PostgreSQL dialect), by domain in tables/. Change them, then `npm run db:generate`
// writes the next SQL migration into libs/server-db/migrations; commit both.
export {
  users,
  SESSION_METHODS,
  authTokens,
  EMAIL_TOKEN_KINDS,
  emailTokens,
  outbox,
  waitlist,
  rateLimitEvents,
} from './tables/accounts';
export type {
  SessionMethod,
  EmailTokenKind,
  UserRow,
  NewUserRow,
  AuthTokenRow,
  EmailTokenRow,
  OutboxRow,
} from './tables/accounts';
export {
  projects,
  blobs,
  versions,
  tasks,
  taskLogs,
  TURN_STATUSES,
  taskTurns,
  envVariables,
  staticFiles,
  tokenUsage,
  previewErrors,
} from './tables/projects';
export type {
  VersionManifest,
  TurnStatus,
  ProjectRow,
  VersionRow,
  TaskRow,
  TaskLogRow,
  TaskTurnRow,
  StaticFileRow,
  PreviewErrorRow,
} from './tables/projects';
export {
  DEPLOYMENT_STATUSES,
  deployments,
  appSlugs,
  DOMAIN_STATUSES,
  domains,
  assets,
} from './tables/publishing';
export type {
  DeploymentStatusValue,
  BuildManifest,
  DeploymentRow,
  AppSlugRow,
  DomainStatusValue,
  DomainCheck,
  DomainRow,
  AssetRow,
} from './tables/publishing';
export {
  BILLING_PROVIDERS,
  SUBSCRIPTION_STATUSES,
  subscriptions,
  billingCustomers,
  CHECKOUT_KINDS,
  CHECKOUT_STATUSES,
  checkoutSessions,
  billingEvents,
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
  transactions,
  LEDGER_ACCOUNTS,
  creditLedger,
  referralCodes,
} from './tables/billing';
export type {
  BillingProviderValue,
  SubscriptionRowStatus,
  SubscriptionRow,
  CheckoutKindValue,
  CheckoutStatusValue,
  CheckoutSessionRow,
  TransactionKindValue,
  TransactionStatusValue,
  TransactionRow,
  LedgerAccountValue,
  CreditLedgerRow,
  ReferralCodeRow,
} from './tables/billing';
export { projectThumbnails } from './tables/thumbnails';
export type { ProjectThumbnailRow } from './tables/thumbnails';
export { previewFirstPaints } from './tables/first-paints';
export { githubIntegrations, githubOauthStates, projectRepositories } from './tables/code-hosting';
export type {
  GithubIntegrationRow,
  GithubOauthStateRow,
  ProjectRepositoryRow,
  ConflictKeep,
  RepositoryConflict,
  RepositoryMerge,
} from './tables/code-hosting';
export type { PreviewFirstPaintRow } from './tables/first-paints';
export { usageReports } from './tables/usage-reports';
export type { UsageReportRow } from './tables/usage-reports';
export {
  APP_DATABASE_PROVIDERS,
  appDatabaseStates,
  PRODUCTION_BACKUP_REASONS,
  productionDatabaseBackups,
  projectDatabases,
  supabaseConnections,
  supabaseOauthStates,
} from './tables/app-data';
export type {
  AppDatabaseProvider,
  AppDatabaseStateRow,
  ProductionBackupReason,
  ProductionDatabaseBackupRow,
  ProjectDatabaseRow,
  SupabaseConnectionRow,
  SupabaseOauthStateRow,
} from './tables/app-data';
export {
  MCP_AUTH_KINDS,
  MCP_TOOL_POLICIES,
  mcpServers,
  mcpToolPolicies,
  projectMcpServers,
  mcpOauthStates,
  openRouterConnections,
  openRouterOauthStates,
} from './tables/outside-tools';
export type {
  McpAuthKind,
  McpToolPolicy,
  McpListedTool,
  McpServerRow,
  McpToolPolicyRow,
  McpOauthStateRow,
  OpenRouterConnectionRow,
  OpenRouterOauthStateRow,
} from './tables/outside-tools';
