import * as z from 'zod/mini';
import { IdSchema } from './primitives';
import { ImageMediaTypeSchema } from './task-fields';

/** GET /blobs/:hash: a blob is named by the sha256 of its content. */
export const BlobParamsSchema = z.object({
  hash: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'Not a sha256.')),
});

/** GET /blobs/:hash?type=&task=&token=: the signed link a task's log gives for an attached image. */
export const BlobQuerySchema = z.object({
  type: ImageMediaTypeSchema,
  task: IdSchema,
  token: z.string().check(z.maxLength(300)),
});
export type BlobQuery = z.infer<typeof BlobQuerySchema>;
