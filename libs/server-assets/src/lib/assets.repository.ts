import { assets, projects, type AssetRow, type Executor } from '@mason/server-db';
import { and, asc, eq } from 'drizzle-orm';

/** The project's uploaded assets, by path. */
export function listAssetRows(db: Executor, projectId: string): Promise<AssetRow[]> {
  return db.select().from(assets).where(eq(assets.projectId, projectId)).orderBy(asc(assets.path));
}

/** One asset of the project, or null. Ids must be UUIDs (the caller checks). */
export async function findAssetRow(
  db: Executor,
  projectId: string,
  assetId: string,
): Promise<AssetRow | null> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.id, assetId), eq(assets.projectId, projectId)));
  return row ?? null;
}

/** One asset of a project of the user's, or null. Ids must be UUIDs (the caller checks). */
export async function findUserAssetRow(
  db: Executor,
  userId: string,
  projectId: string,
  assetId: string,
): Promise<AssetRow | null> {
  const [row] = await db
    .select({ asset: assets })
    .from(assets)
    .innerJoin(projects, eq(projects.id, assets.projectId))
    .where(
      and(eq(assets.id, assetId), eq(assets.projectId, projectId), eq(projects.userId, userId)),
    );
  return row?.asset ?? null;
}

/** Records an upload under its path: a new row, or the row of the same path with its new content (same id). */
export async function upsertAssetRow(
  tx: Executor,
  values: { projectId: string; path: string; contentType: string; size: number; blobHash: string },
): Promise<AssetRow> {
  const [row] = await tx
    .insert(assets)
    .values(values)
    .onConflictDoUpdate({
      target: [assets.projectId, assets.path],
      set: { contentType: values.contentType, size: values.size, blobHash: values.blobHash },
    })
    .returning();
  if (!row) throw new Error('The asset was not recorded.');
  return row;
}

/** Deletes the asset's row; the deleted row, or null when there was none. */
export async function deleteAssetRow(
  tx: Executor,
  projectId: string,
  assetId: string,
): Promise<AssetRow | null> {
  const [row] = await tx
    .delete(assets)
    .where(and(eq(assets.id, assetId), eq(assets.projectId, projectId)))
    .returning();
  return row ?? null;
}
