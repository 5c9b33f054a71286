import * as z from 'zod/mini';
import { IdSchema, TimestampSchema } from '../primitives';

/** Longest attach fields: a URL, a key (a JWT), a password. */
export const DATABASE_ATTACH_URL_MAX_LENGTH = 2048;
export const DATABASE_ATTACH_KEY_MAX_LENGTH = 4096;
export const DATABASE_PASSWORD_MAX_LENGTH = 256;

/** A Supabase project's database password (its direct connection's, user postgres). */
const DatabasePasswordSchema = z
  .string()
  .check(z.minLength(1, 'Enter the database password.'), z.maxLength(DATABASE_PASSWORD_MAX_LENGTH));

/**
 * POST /projects/:id/supabase/attach (30 s): a Supabase project (its URL, public anon key and
 * database password; or, with a connected Supabase account, its reference and database password)
 * or any PostgreSQL database (a connection URL). Mason connects to check it
 * first: a wrong database password is a 400 whose message is ErrorMessages.databasePasswordInvalid
 * (the client shows it as it is, at the password field); every other refusal is a 400 that says
 * why, with the field it concerns in `fieldErrors`.
 */
export const DatabaseAttachRequestSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('SUPABASE'),
    /** https://<project-ref>.supabase.co */
    projectUrl: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Enter the project’s URL.'),
        z.maxLength(DATABASE_ATTACH_URL_MAX_LENGTH),
      ),
    anonKey: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Enter the project’s anon key.'),
        z.maxLength(DATABASE_ATTACH_KEY_MAX_LENGTH),
      ),
    databasePassword: DatabasePasswordSchema,
  }),
  z.object({
    /** A project of the person's connected Supabase account: Mason reads its URL and anon key. */
    provider: z.literal('SUPABASE_ACCOUNT'),
    projectRef: z
      .string()
      .check(z.trim(), z.minLength(1, 'Choose a Supabase project.'), z.maxLength(64)),
    databasePassword: DatabasePasswordSchema,
  }),
  z.object({
    provider: z.literal('POSTGRES'),
    /** postgres://user:password@host:5432/database?sslmode=require */
    connectionUrl: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Enter the database’s connection URL.'),
        z.maxLength(DATABASE_ATTACH_URL_MAX_LENGTH),
      ),
  }),
]);
export type DatabaseAttachRequest = z.infer<typeof DatabaseAttachRequestSchema>;

/** Where an attached database is (never its password or keys). */
export const DatabaseAttachmentSchema = z.object({
  /** The database server's host name and port. */
  host: z.string(),
  /** The database's name on that server. */
  database: z.string(),
  /** The user Mason connects as. */
  user: z.string(),
  /** A Supabase project's reference (its URL's first label); null for PostgreSQL. */
  projectRef: z.nullable(z.string()),
});
export type DatabaseAttachment = z.infer<typeof DatabaseAttachmentSchema>;

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
  /** An attached service's whereabouts; null for the built-in database. */
  attachment: z.nullable(DatabaseAttachmentSchema),
});
export type ProjectDatabase = z.infer<typeof ProjectDatabaseSchema>;

/** GET /projects/:id/database, and POST's answer: `database` is null while it is off. */
export const ProjectDatabaseResponseSchema = z.object({
  database: z.nullable(ProjectDatabaseSchema),
});
export type ProjectDatabaseResponse = z.infer<typeof ProjectDatabaseResponseSchema>;

/** POST /projects/:id/supabase/attach's answer: the project's database, now the attached one. */
export const DatabaseAttachResponseSchema = z.object({ database: ProjectDatabaseSchema });
export type DatabaseAttachResponse = z.infer<typeof DatabaseAttachResponseSchema>;

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
