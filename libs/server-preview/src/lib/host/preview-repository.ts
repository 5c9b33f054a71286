import {
  previewErrors,
  previewFirstPaints,
  versions,
  type Executor,
  type VersionRow,
} from '@mason/server-db';
import { and, desc, eq, lte, sql } from 'drizzle-orm';

/** The newest runtime errors a project keeps for the agent. */
const KEPT_ERRORS = 20;
/** The newest first paints a project keeps (a page each, of its newest builds). */
const KEPT_FIRST_PAINTS = 20;
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

/** A page's first paint: the markup its app rendered into the element with `containerId`. */
export interface FirstPaint {
  readonly containerId: string;
  readonly html: string;
}

/** The first paint kept for the project's build `buildKey` at `path`, or null. */
export async function findFirstPaint(
  db: Executor,
  projectId: string,
  buildKey: string,
  path: string,
): Promise<FirstPaint | null> {
  const [row] = await db
    .select({ containerId: previewFirstPaints.containerId, html: previewFirstPaints.html })
    .from(previewFirstPaints)
    .where(
      and(
        eq(previewFirstPaints.projectId, projectId),
        eq(previewFirstPaints.buildKey, buildKey),
        eq(previewFirstPaints.path, path),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Keeps `paint` as the first paint of the project's build `buildKey` at `path` (replacing the
 * one before), and only the project's KEPT_FIRST_PAINTS newest.
 */
export async function saveFirstPaint(
  db: Executor,
  projectId: string,
  buildKey: string,
  path: string,
  paint: FirstPaint,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(previewFirstPaints)
      .values({ projectId, buildKey, path, ...paint })
      .onConflictDoUpdate({
        target: [
          previewFirstPaints.projectId,
          previewFirstPaints.buildKey,
          previewFirstPaints.path,
        ],
        set: { ...paint, updatedAt: sql`now()` },
      });
    const older = await tx
      .select({ buildKey: previewFirstPaints.buildKey, path: previewFirstPaints.path })
      .from(previewFirstPaints)
      .where(eq(previewFirstPaints.projectId, projectId))
      .orderBy(desc(previewFirstPaints.updatedAt))
      .offset(KEPT_FIRST_PAINTS);
    for (const row of older) {
      await tx
        .delete(previewFirstPaints)
        .where(
          and(
            eq(previewFirstPaints.projectId, projectId),
            eq(previewFirstPaints.buildKey, row.buildKey),
            eq(previewFirstPaints.path, row.path),
          ),
        );
    }
  });
}
