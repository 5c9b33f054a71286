import { previewErrors, versions, type Executor, type VersionRow } from '@mason/server-db';
import { and, desc, eq, lte } from 'drizzle-orm';

/** The newest runtime errors a project keeps for the agent. */
const KEPT_ERRORS = 20;
/** How many of a project's newest runtime errors the agent reads. */
const READ_LIMIT = 10;

/** A runtime error a preview reported (the bridge's report, as stored). */
export interface PreviewErrorReport {
  readonly versionIndex: number;
  readonly kind: 'error' | 'unhandledrejection';
  readonly message: string;
  readonly stack: string | null;
  readonly page: string;
}

/** The version of a project with that index, or its newest when `index` is null. */
export async function findVersion(
  db: Executor,
  projectId: string,
  index: number | null,
): Promise<VersionRow | null> {
  const where =
    index === null
      ? eq(versions.projectId, projectId)
      : and(eq(versions.projectId, projectId), eq(versions.index, index));
  const [row] = await db
    .select()
    .from(versions)
    .where(where)
    .orderBy(desc(versions.index))
    .limit(1);
  return row ?? null;
}

/** The version with that id, when it belongs to the project; null otherwise. */
export async function findVersionById(
  db: Executor,
  projectId: string,
  versionId: string,
): Promise<VersionRow | null> {
  if (!/^[0-9a-f-]{36}$/.test(versionId)) return null;
  const [row] = await db
    .select()
    .from(versions)
    .where(and(eq(versions.projectId, projectId), eq(versions.id, versionId)))
    .limit(1);
  return row ?? null;
}

/** Stores a runtime error of the project, keeping only its KEPT_ERRORS newest. */
export async function recordPreviewError(
  db: Executor,
  projectId: string,
  report: PreviewErrorReport,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(previewErrors).values({ projectId, ...report });
    const [oldest] = await tx
      .select({ id: previewErrors.id })
      .from(previewErrors)
      .where(eq(previewErrors.projectId, projectId))
      .orderBy(desc(previewErrors.id))
      .offset(KEPT_ERRORS)
      .limit(1);
    if (oldest) {
      await tx
        .delete(previewErrors)
        .where(and(eq(previewErrors.projectId, projectId), lte(previewErrors.id, oldest.id)));
    }
  });
}

/**
 * The newest runtime errors the project's previews reported for its newest version (older
 * versions' errors are history: the code changed since), newest first.
 */
export async function recentPreviewErrors(
  db: Executor,
  projectId: string,
): Promise<PreviewErrorReport[]> {
  const latest = await findVersion(db, projectId, null);
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
