import * as z from 'zod/mini';
import { IdSchema, TimestampSchema } from '../primitives';

/** A database service attached to a project (POST /projects/:id/supabase/attach). */
export const DatabaseAttachmentSchema = z.object({
  provider: z.literal('SUPABASE'),
  projectRef: z.string(),
  apiUrl: z.url(),
  attachedAt: TimestampSchema,
});
export type DatabaseAttachment = z.infer<typeof DatabaseAttachmentSchema>;

/**
 * POST /projects/:id/supabase/attach (30 s). A wrong database password is a 400 whose message is
 * ErrorMessages.databasePasswordInvalid, which the client shows as it is.
 */
export const DatabaseAttachRequestSchema = z.object({
  projectRef: z
    .string()
    .check(z.trim(), z.minLength(1, 'Choose a database project.'), z.maxLength(64)),
  databasePassword: z
    .string()
    .check(z.minLength(1, 'Enter the database password.'), z.maxLength(256)),
});
export type DatabaseAttachRequest = z.infer<typeof DatabaseAttachRequestSchema>;

/** The attachment, and the env variable keys it wrote for the generated app. */
export const DatabaseAttachResponseSchema = z.object({
  database: DatabaseAttachmentSchema,
  envKeys: z.array(z.string()),
});
export type DatabaseAttachResponse = z.infer<typeof DatabaseAttachResponseSchema>;

/** Where an app keeps its data: Mason's built-in database, or a service attached to it. */
export const DatabaseProviderSchema = z.enum(['MASON', 'SUPABASE', 'POSTGRES']);
export type DatabaseProvider = z.infer<typeof DatabaseProviderSchema>;

/**
 * The environment variables the generated app reads its database with (set by Mason for the
 * built-in database: `@supabase/supabase-js`'s URL and public anon key).
 */
export const DATABASE_ENV_KEYS = ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'] as const;

/** A project's database once it is on: which one, since when, and what the app reads it with. */
export const ProjectDatabaseSchema = z.object({
  provider: DatabaseProviderSchema,
  enabledAt: TimestampSchema,
  /** The data API the preview's app reaches (its own origin's /rest/v1 and /auth/v1). */
  developmentUrl: z.url(),
  /** The environment variables Mason sets for the app (DATABASE_ENV_KEYS for MASON). */
  envKeys: z.array(z.string()),
});
export type ProjectDatabase = z.infer<typeof ProjectDatabaseSchema>;

/** GET /projects/:id/database, and POST's answer: `database` is null while it is off. */
export const ProjectDatabaseResponseSchema = z.object({
  database: z.nullable(ProjectDatabaseSchema),
});
export type ProjectDatabaseResponse = z.infer<typeof ProjectDatabaseResponseSchema>;

/** Why a backup of the published app's database was taken. */
export const ProductionBackupReasonSchema = z.enum(['BEFORE_PUBLISH', 'BEFORE_RESTORE']);
export type ProductionBackupReason = z.infer<typeof ProductionBackupReasonSchema>;

/**
 * The published app's database as it was at one moment: before a publish that migrated it (its
 * deployment, and the version it published), or before a restore (to undo that restore).
 */
export const ProductionBackupSchema = z.object({
  id: IdSchema,
  reason: ProductionBackupReasonSchema,
  /** The publish that migrated after it (BEFORE_PUBLISH), or null. */
  deploymentId: z.nullable(IdSchema),
  /** The version that publish served, or null. */
  versionIndex: z.nullable(z.number()),
  bytes: z.number(),
  createdAt: TimestampSchema,
});
export type ProductionBackup = z.infer<typeof ProductionBackupSchema>;

/** GET /projects/:id/database/backups: newest first. */
export const ProductionBackupsResponseSchema = z.object({
  backups: z.array(ProductionBackupSchema),
});
export type ProductionBackupsResponse = z.infer<typeof ProductionBackupsResponseSchema>;

/** Path params of /projects/:id/database/backups/:backupId/restore. */
export const ProductionBackupParamsSchema = z.object({ id: IdSchema, backupId: IdSchema });
export type ProductionBackupParams = z.infer<typeof ProductionBackupParamsSchema>;
