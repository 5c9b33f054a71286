import * as z from 'zod/mini';
import { IdSchema } from '../primitives';
import {
  PROJECT_THUMBNAIL_DATA_URL_MAX_LENGTH,
  PROJECT_THUMBNAIL_DATA_URL_PATTERN,
} from '../preview-limits';

/**
 * PUT /projects/:id/thumbnail: the preview as the person saw it, captured inside the preview by
 * its bridge, for the dashboard's project card. `image` is a base64 data URL of a JPEG, WebP or
 * PNG of at most PROJECT_THUMBNAIL_MAX_BYTES; the server reads the type from the bytes.
 */
export const ProjectThumbnailRequestSchema = z.object({
  /** The version the picture shows. */
  versionId: IdSchema,
  image: z
    .string()
    .check(
      z.maxLength(PROJECT_THUMBNAIL_DATA_URL_MAX_LENGTH),
      z.regex(PROJECT_THUMBNAIL_DATA_URL_PATTERN, 'Send a JPEG, WebP or PNG as a base64 data URL.'),
    ),
});
export type ProjectThumbnailRequest = z.infer<typeof ProjectThumbnailRequestSchema>;

/** The thumbnail stored: the version it shows. */
export const ProjectThumbnailResponseSchema = z.object({ versionId: IdSchema });
export type ProjectThumbnailResponse = z.infer<typeof ProjectThumbnailResponseSchema>;
