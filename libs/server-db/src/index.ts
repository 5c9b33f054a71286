// Public API of @mason/server-db: name every export.
export { createDatabase } from './database';
export type {
  Database,
  DatabaseHandle,
  DatabaseOptions,
  Executor,
  Schema,
  Transaction,
} from './database';
export { DataDirInUseError } from './data-dir-lock';
export { findMigrationsFolder } from './migrations-folder';
export { withStartupLock } from './startup-lock';
export {
  EMAIL_TOKEN_KINDS,
  SESSION_METHODS,
  SUBSCRIPTION_STATUSES,
  TURN_STATUSES,
  assets,
  authTokens,
  blobs,
  emailTokens,
  envVariables,
  outbox,
  previewErrors,
  projects,
  rateLimitEvents,
  staticFiles,
  subscriptions,
  taskLogs,
  taskTurns,
  tasks,
  tokenUsage,
  users,
  versions,
  waitlist,
} from './schema';
export type {
  AssetRow,
  AuthTokenRow,
  EmailTokenKind,
  EmailTokenRow,
  NewUserRow,
  OutboxRow,
  PreviewErrorRow,
  SessionMethod,
  ProjectRow,
  StaticFileRow,
  SubscriptionRow,
  TaskLogRow,
  TaskRow,
  TaskTurnRow,
  TurnStatus,
  VersionManifest,
  VersionRow,
  SubscriptionRowStatus,
  UserRow,
} from './schema';
