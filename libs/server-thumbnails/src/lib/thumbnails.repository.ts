import {
  projectThumbnails,
  versions,
  type Executor,
  type ProjectThumbnailRow,
} from '@mason/server-db';
import { and, eq } from 'drizzle-orm';

/** The index of a version of the project, or null when the project has no such version. */
export async function versionIndexOf(
  db: Executor,
  projectId: string,
  versionId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ index: versions.index })
    .from(versions)
    .where(and(eq(versions.id, versionId), eq(versions.projectId, projectId)));
  return row?.index ?? null;
}

/** The project's thumbnail, or null. */
export async function findThumbnail(
  db: Executor,
  projectId: string,
): Promise<ProjectThumbnailRow | null> {
  const [row] = await db
    .select()
    .from(projectThumbnails)
    .where(eq(projectThumbnails.projectId, projectId));
  return row ?? null;
}

/** The version index of the project's thumbnail, or null when it has none. */
export async function thumbnailVersionIndex(
  db: Executor,
  projectId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ index: versions.index })
    .from(projectThumbnails)
    .innerJoin(versions, eq(versions.id, projectThumbnails.versionId))
    .where(eq(projectThumbnails.projectId, projectId));
  return row?.index ?? null;
}

/** Stores the project's thumbnail, replacing the one it had. */
export async function upsertThumbnail(
  db: Executor,
  row: Omit<ProjectThumbnailRow, 'updatedAt'>,
): Promise<void> {
  const now = new Date();
  await db
    .insert(projectThumbnails)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: projectThumbnails.projectId,
      set: {
        versionId: row.versionId,
        contentType: row.contentType,
        size: row.size,
        content: row.content,
        updatedAt: now,
      },
    });
}
