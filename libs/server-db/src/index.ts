// Public API of @mason/server-db: name every export.
export { createDatabase } from './database';
export type { Database, DatabaseHandle, DatabaseOptions, Schema } from './database';
export { DataDirInUseError } from './data-dir-lock';
export { findMigrationsFolder } from './migrations-folder';
export {
  EMAIL_TOKEN_KINDS,
  SUBSCRIPTION_STATUSES,
  authTokens,
  emailTokens,
  outbox,
  rateLimitEvents,
  subscriptions,
  users,
  waitlist,
} from './schema';
export type {
  AuthTokenRow,
  EmailTokenKind,
  EmailTokenRow,
  NewUserRow,
  OutboxRow,
  SubscriptionRow,
  SubscriptionRowStatus,
  UserRow,
} from './schema';
