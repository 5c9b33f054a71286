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
  SUBSCRIPTION_STATUSES,
  subscriptions,
  rateLimitEvents,
} from './tables/accounts';
export type {
  SessionMethod,
  EmailTokenKind,
  SubscriptionRowStatus,
  UserRow,
  NewUserRow,
  AuthTokenRow,
  EmailTokenRow,
  OutboxRow,
  SubscriptionRow,
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
