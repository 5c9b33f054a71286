// Public API of @mason/server-app-data: name every export.
export { AppDataApi, AUTH_PREFIX, REST_PREFIX } from './lib/api/app-data-api';
export type {
  AppDataApiOptions,
  AppDataRequest,
  AppDataResponse,
  AppDataTarget,
} from './lib/api/app-data-api';
export { appDataRoutes } from './lib/api/app-data-routes';
export type { AppDataMount, AppDataRoutesOptions } from './lib/api/app-data-routes';
export {
  migrationsInFiles,
  migrationsOfManifest,
  ProjectDatabaseService,
} from './lib/projects/project-database.service';
export type {
  AppEnvVariable,
  AttachedService,
  MigrationOutcome,
  ProjectDatabaseServiceOptions,
} from './lib/projects/project-database.service';
export { projectDatabaseRoutes } from './lib/projects/project-database.routes';
export type { ProjectDatabaseRoutesContext } from './lib/projects/project-database.routes';
export { databaseBrowserRoutes } from './lib/browser/database-browser.routes';
export type { DatabaseBrowserRoutesContext } from './lib/browser/database-browser.routes';
export { DatabaseBrowserService } from './lib/browser/database-browser.service';
export type {
  DatabaseBrowserServiceOptions,
  RowsRequest,
} from './lib/browser/database-browser.service';
export { AppDatabases, AttachedDatabaseError } from './lib/databases/app-databases';
export { MASON_BOOTSTRAP } from './lib/databases/bootstrap';
export {
  applyMigrations,
  appliedMigrations,
  IrreversibleMigrationError,
  syncMigrations,
  migrationChecksum,
  MigrationError,
  MIGRATIONS_FOLDER,
} from './lib/databases/migrations';
export type { Migration } from './lib/databases/migrations';
export { UnknownSnapshotError } from './lib/databases/names';
export type {
  AppDatabase,
  AppDatabasesOptions,
  AppEnvironment,
  AttachedDatabase,
  BootstrapStep,
  CallerRole,
  DatabaseKey,
  OwnerSqlClient,
  Snapshot,
} from './lib/databases/types';
export { AppAuth } from './lib/auth/app-auth';
export type { AppAuthOptions, AuthRequest, AuthResponse } from './lib/auth/app-auth';
export type { AuthDatabase } from './lib/auth/auth-service';
export type { AuthErrorCode } from './lib/auth/errors';
export { anonKey, verifyAppJwt } from './lib/auth/jwt';
export type { AppJwtClaims, AppJwtKeys } from './lib/auth/jwt';
export type { AppAuthLimits } from './lib/auth/rate-limits';
export { AUTH_BOOTSTRAP } from './lib/auth/schema';
export { readAppSchema } from './lib/schema/app-schema';
export type {
  AppColumn,
  AppForeignKey,
  AppPolicy,
  AppSchema,
  AppTable,
} from './lib/schema/app-schema';
export { TimeTravel } from './lib/time-travel/time-travel.service';
export type {
  DatabaseRevert,
  RevertVersion,
  TimeTravelOptions,
} from './lib/time-travel/time-travel.service';
export { BACKUP_NOT_FOUND, ProductionBackups } from './lib/backups/production-backups.service';
export type { ProductionBackupsOptions } from './lib/backups/production-backups.service';
export { productionBackupsRoutes } from './lib/backups/production-backups.routes';
export type { ProductionBackupsRoutesContext } from './lib/backups/production-backups.routes';
export {
  attachedDatabases,
  DatabaseAttachments,
  findAttachment,
  NothingAttachedError,
} from './lib/attach/database-attachments';
export type {
  AttachmentStoreOptions,
  DatabaseAttachmentsOptions,
  Sealer,
} from './lib/attach/database-attachments';
export { AttachRefused } from './lib/attach/attach-refused';
export type { AttachField } from './lib/attach/attach-refused';
export { readAttachRequest, SUPABASE_DATABASE_HOST } from './lib/attach/attach-target';
export type { AttachTarget, SslMode, SupabaseDatabaseHost } from './lib/attach/attach-target';
export type { AttachConnectOptions } from './lib/attach/attached-connection';
export { databaseAttachmentsRoutes } from './lib/attach/database-attachments.routes';
export type { DatabaseAttachmentsRoutesContext } from './lib/attach/database-attachments.routes';
