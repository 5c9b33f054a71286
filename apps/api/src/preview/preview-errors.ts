import type { PreviewErrorReport } from '@mason/server-agent';
import { previewErrors, versions, type Executor } from '@mason/server-db';
import { desc, eq } from 'drizzle-orm';

/** How many of a project's newest runtime errors the agent reads. */
const READ_LIMIT = 10;

/**
 * The newest runtime errors the project's previews reported for its newest version (older
 * versions' errors are history: the code changed since), newest first.
 */
export async function recentPreviewErrors(
  db: Executor,
  projectId: string,
): Promise<PreviewErrorReport[]> {
  const [latest] = await db
    .select({ index: versions.index })
    .from(versions)
    .where(eq(versions.projectId, projectId))
    .orderBy(desc(versions.index))
    .limit(1);
  if (!latest) return [];
  const rows = await db
    .select()
    .from(previewErrors)
    .where(eq(previewErrors.projectId, projectId))
    .orderBy(desc(previewErrors.id))
    .limit(READ_LIMIT * 2);
  return rows
    .filter((row) => row.versionIndex === latest.index)
    .slice(0, READ_LIMIT)
    .map((row) => ({
      versionIndex: row.versionIndex,
      kind: row.kind === 'unhandledrejection' ? 'unhandledrejection' : 'error',
      message: row.message,
      stack: row.stack,
      page: row.page,
    }));
}
