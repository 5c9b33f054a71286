import * as z from 'zod/mini';
import { IdSchema, TimestampSchema } from '../primitives';

/** SPEC.md 3: an asset (a file the generated app serves, e.g. a logo). */
export const AssetSchema = z.object({
  id: IdSchema,
  projectId: IdSchema,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().check(z.int(), z.gte(0)),
  /** Where the generated app (and the browser) load it from. */
  url: z.string().check(z.minLength(1)),
  createdAt: TimestampSchema,
});
export type Asset = z.infer<typeof AssetSchema>;

/** GET /projects/:id/assets; POST (multipart, field `file`) answers the Asset. */
export const AssetsResponseSchema = z.object({ assets: z.array(AssetSchema) });
export type AssetsResponse = z.infer<typeof AssetsResponseSchema>;

/** DELETE /projects/:id/assets/:assetId */
export const AssetParamsSchema = z.object({ id: IdSchema, assetId: IdSchema });
export type AssetParams = z.infer<typeof AssetParamsSchema>;
