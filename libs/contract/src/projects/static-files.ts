import * as z from 'zod/mini';
import { IdSchema, TimestampSchema } from '../primitives';

/** A file uploaded to attach to a task or message (its id goes into staticFiles). */
export const StaticFileSchema = z.object({
  id: IdSchema,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().check(z.int(), z.gte(0)),
  createdAt: TimestampSchema,
});
export type StaticFile = z.infer<typeof StaticFileSchema>;

/** POST /projects/:id/static-files (multipart, field `files`, repeated). SPEC.md 3: files, each with id. */
export const StaticFilesUploadResponseSchema = z.object({ files: z.array(StaticFileSchema) });
export type StaticFilesUploadResponse = z.infer<typeof StaticFilesUploadResponseSchema>;
