import * as z from 'zod/mini';
import { IdSchema, TimestampSchema } from '../primitives';

/**
 * GET /projects/:id/preview (ours): where the newest version runs. `url` opens the preview on
 * its own origin with a signed access token (it lasts `expiresAt`); `origin` is what Mason's
 * window checks the bridge's messages against.
 */
export const ProjectPreviewResponseSchema = z.object({
  url: z.url(),
  origin: z.url(),
  /** The newest version's index; the preview follows newer ones by itself. */
  versionIndex: z.number().check(z.int(), z.gte(0)),
  versionId: IdSchema,
  expiresAt: TimestampSchema,
  /**
   * The newest version's CSS is made by Tailwind (a stylesheet imports it): the visual edit's
   * design controls write its classes; otherwise they write inline styles.
   */
  tailwind: z.boolean(),
  /**
   * Why the preview cannot run the newest version (it is not a Vite + React app: an imported
   * Next.js app, a plain site), in a sentence for the person; null or absent when it can. The
   * workspace then opens on the code.
   */
  unsupportedReason: z.optional(z.nullable(z.string())),
});
export type ProjectPreviewResponse = z.infer<typeof ProjectPreviewResponseSchema>;
