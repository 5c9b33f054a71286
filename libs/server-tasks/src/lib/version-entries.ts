import type { VersionOrigin } from '@mason/contract';
import type { VersionRow } from '@mason/server-db';
import { versions } from '@mason/server-db';
import { eq } from 'drizzle-orm';
import type { WorkingTree } from '@mason/server-workspace';
import type { TaskWriter } from './tasks.repository';
import type { TasksPreviewPort } from './tasks-context';

/**
 * The one way a task announces a version that server-workspace's VersionStore just recorded (a
 * turn's files, a revert, a visual edit): the VERSION entry of its log, the version's link to
 * that entry, and the task's newest version; all in the task's transaction.
 */
export async function announceVersion(
  writer: TaskWriter,
  preview: Pick<TasksPreviewPort, 'url'>,
  version: VersionRow,
  summary: string,
): Promise<VersionRow> {
  const entry = await writer.append('VERSION', `Version ${version.index}: ${summary}`, {
    versionId: version.id,
    index: version.index,
    previewUrl: preview.url(version.projectId, version.index),
  });
  const [linked] = await writer.tx
    .update(versions)
    .set({ logSeq: entry.seq })
    .where(eq(versions.id, version.id))
    .returning();
  await writer.update({ latestVersionId: version.id });
  return linked ?? version;
}

/** Who made a turn's version: a repair turn's says so in the history. */
export const turnOrigin = (trigger: string): VersionOrigin =>
  trigger === 'REPAIR' ? 'REPAIR' : 'ASSISTANT';

/**
 * Makes the new version of a turn or a visual edit (if files changed) with its FILE_CHANGE and
 * VERSION entries; `origin` says who made it (a visual edit: the person).
 */
export async function commitTree(
  writer: TaskWriter,
  preview: Pick<TasksPreviewPort, 'url'>,
  projectId: string,
  tree: WorkingTree,
  summary: string,
  origin: VersionOrigin,
) {
  const committed = await tree.commit(writer.tx, {
    projectId,
    taskId: writer.task.id,
    summary,
    origin,
  });
  if (!committed) return null;
  const { version, changes } = committed;
  for (const change of changes) {
    await writer.append('FILE_CHANGE', `${change.change.toLowerCase()} ${change.path}`, {
      path: change.path,
      change: change.change,
      additions: change.additions,
      deletions: change.deletions,
    });
  }
  await announceVersion(writer, preview, version, summary);
  return version;
}
