import * as z from 'zod/mini';
import { TimestampSchema } from '../primitives';

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
