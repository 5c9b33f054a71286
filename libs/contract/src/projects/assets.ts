import * as z from 'zod/mini';
import { IdSchema, TimestampSchema } from '../primitives';

/** SPEC.md 3: an asset (a file of the app's public/ folder, e.g. a logo). */
export const AssetSchema = z.object({
  id: IdSchema,
  projectId: IdSchema,
  /** `logo.png`: the uploaded file's name, made safe. */
  fileName: z.string(),
  /** `public/logo.png`: where it is among the project's files. */
  path: z.string(),
  contentType: z.string(),
  size: z.number().check(z.int(), z.gte(0)),
  /** `/logo.png`: where the generated app (and its code) loads it from. */
  url: z.string().check(z.minLength(1)),
  /**
   * A link Mason's own window can show it from (a thumbnail): signed for the caller's session,
   * it works while the session lives and for a few hours at most.
   */
  previewUrl: z.string().check(z.minLength(1)),
  /** When it was first uploaded under this name. */
  createdAt: TimestampSchema,
});
export type Asset = z.infer<typeof AssetSchema>;

/** GET /projects/:id/assets (the files under public/ of the newest version that were uploaded); POST (multipart, field `file`) answers the Asset. */
export const AssetsResponseSchema = z.object({ assets: z.array(AssetSchema) });
export type AssetsResponse = z.infer<typeof AssetsResponseSchema>;

/** DELETE /projects/:id/assets/:assetId */
export const AssetParamsSchema = z.object({ id: IdSchema, assetId: IdSchema });
export type AssetParams = z.infer<typeof AssetParamsSchema>;

/** GET /projects/:id/assets/:assetId/file?hash=&token=: the signed link of an Asset's previewUrl. */
export const AssetFileQuerySchema = z.object({
  /** The content the link was made for (its sha256): a new upload under the name gets a new link. */
  hash: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'Not a sha256.')),
  token: z.string().check(z.maxLength(300)),
});
export type AssetFileQuery = z.infer<typeof AssetFileQuerySchema>;
