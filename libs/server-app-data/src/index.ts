// Public API of @mason/server-app-data: name every export.
export { AppDatabases } from './lib/databases/app-databases';
export { MASON_BOOTSTRAP } from './lib/databases/bootstrap';
export {
  applyMigrations,
  appliedMigrations,
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
  BootstrapStep,
  CallerRole,
  DatabaseKey,
  OwnerSqlClient,
  Snapshot,
} from './lib/databases/types';
