// Apps that remember (issue 34): which projects have a database of their own, and where it is.
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ownerUserId, users } from './accounts';
import { createdAt, updatedAt } from './columns';
import { ownerProjectId, versions } from './projects';
import { deployments } from './publishing';

/** Where a project's app keeps its data: Mason's built-in databases, or a service it attached. */
export const APP_DATABASE_PROVIDERS = ['MASON', 'SUPABASE', 'POSTGRES'] as const;
export type AppDatabaseProvider = (typeof APP_DATABASE_PROVIDERS)[number];

/**
 * A project whose database is on (a row per project; no row: the app has none). With `MASON`,
 * the databases themselves (development and production) live in the app-data store
 * (`@mason/server-app-data`), not here; an attached service's connection is `attachment`,
 * sealed with the server key. Deleting the project deletes the row.
 */
export const projectDatabases = pgTable(
  'project_databases',
  {
    projectId: ownerProjectId().primaryKey(),
    provider: text('provider').$type<AppDatabaseProvider>().notNull(),
    /** An attached service's URL, keys and password as sealed JSON; null for MASON. */
    attachment: text('attachment'),
    /**
     * What may be shown of the attached service without unsealing (Project.database): its
     * host, database, user and Supabase project, as JSON; null for MASON.
     */
    attachmentSummary: text('attachment_summary'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'project_databases_provider',
      sql`${table.provider} in ('MASON', 'SUPABASE', 'POSTGRES')`,
    ),
  ],
);
export type ProjectDatabaseRow = typeof projectDatabases.$inferSelect;

/**
 * Time travel of an app's development database (issue 34): the database as it was when the
 * project left a version (a snapshot taken before a migration of a turn that started from it, or
 * before a revert away from it). Reverting the preview to a version restores the state of the
 * first version from it on that has one; the state it replaces is recorded first, so going
 * forward again loses nothing. The snapshots themselves are the app-data store's.
 */
export const appDatabaseStates = pgTable(
  'app_database_states',
  {
    projectId: ownerProjectId(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => versions.id, { onDelete: 'cascade' }),
    environment: text('environment').$type<'development' | 'production'>().notNull(),
    snapshotId: text('snapshot_id').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.versionId, table.environment] }),
    index('app_database_states_project_idx').on(table.projectId, table.environment),
    check(
      'app_database_states_environment',
      sql`${table.environment} in ('development', 'production')`,
    ),
  ],
);
export type AppDatabaseStateRow = typeof appDatabaseStates.$inferSelect;

/** Why a backup of an app's production database was taken. */
export const PRODUCTION_BACKUP_REASONS = ['BEFORE_PUBLISH', 'BEFORE_RESTORE'] as const;
export type ProductionBackupReason = (typeof PRODUCTION_BACKUP_REASONS)[number];

/**
 * The history of an app's production database (issue 34 §4): a snapshot taken before each
 * publish that migrates it (its deployment), and one before each restore (so a restore can be
 * undone). A preview revert never touches production; only the owner's Restore does. The
 * snapshots themselves are the app-data store's.
 */
export const productionDatabaseBackups = pgTable(
  'production_database_backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: ownerProjectId(),
    reason: text('reason').$type<ProductionBackupReason>().notNull(),
    /** The publish that migrated after this backup (BEFORE_PUBLISH), while it is kept. */
    deploymentId: uuid('deployment_id').references(() => deployments.id, { onDelete: 'set null' }),
    snapshotId: text('snapshot_id').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('production_database_backups_project_idx').on(table.projectId, table.createdAt),
    check(
      'production_database_backups_reason',
      sql`${table.reason} in ('BEFORE_PUBLISH', 'BEFORE_RESTORE')`,
    ),
  ],
);
export type ProductionDatabaseBackupRow = typeof productionDatabaseBackups.$inferSelect;

/**
 * A person's connected Supabase account (issue 34 §5; one per person), through Supabase's OAuth
 * for its Management API: the access and refresh tokens sealed with Mason's secret key (never
 * stored or answered in clear), and when the access token expires. It lets the person attach a
 * project of theirs by choosing it (Mason reads its URL and anon key). Disconnecting or deleting
 * the person deletes it.
 */
export const supabaseConnections = pgTable('supabase_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `{ accessToken, refreshToken }` as JSON, sealed (SecretBox). */
  sealedTokens: text('sealed_tokens').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
});
export type SupabaseConnectionRow = typeof supabaseConnections.$inferSelect;

/**
 * The `state` of a Supabase authorize URL, by its sha256: bound to the person who asked for it,
 * with the PKCE verifier its code is exchanged with (sealed), used once and only before it expires.
 */
export const supabaseOauthStates = pgTable(
  'supabase_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: ownerUserId(),
    sealedVerifier: text('sealed_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('supabase_oauth_states_user_id_idx').on(table.userId)],
);
export type SupabaseOauthStateRow = typeof supabaseOauthStates.$inferSelect;
