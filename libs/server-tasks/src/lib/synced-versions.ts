// Versions a sync with GitHub made, and the messages it posts for the person, in their tasks.
import type { Model } from '@mason/contract';
import { tasks, versions, type Database, type TaskRow, type VersionRow } from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { TaskEventBus } from './task-events';
import type { TaskService } from './task-service';
import type { TasksPreviewPort } from './tasks-context';
import { withTask } from './tasks.repository';
import { announceVersion } from './version-entries';

/** The project's newest task that is not archived (of `userId` when given). */
async function newestTask(
  db: Database,
  projectId: string,
  userId?: string,
): Promise<TaskRow | null> {
  const [task] = await db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.projectId, projectId),
        ne(tasks.state, 'ARCHIVED'),
        userId ? eq(tasks.userId, userId) : undefined,
      ),
    )
    .orderBy(desc(tasks.createdAt))
    .limit(1);
  return task ?? null;
}

/**
 * A version a sync made (commits pulled or merged from GitHub) gets its VERSION entry in the
 * project's newest task, like a turn's: the history and the chat show it. A project without a
 * task keeps the version only.
 */
export async function announceSyncedVersion(
  deps: { db: Database; bus: TaskEventBus; preview: Pick<TasksPreviewPort, 'url'> },
  version: VersionRow,
): Promise<void> {
  const task = await newestTask(deps.db, version.projectId);
  if (!task) return;
  await withTask(deps.db, deps.bus, task.id, async (writer) => {
    // One of the task's versions from now on: its history lists it beside the assistant's.
    await writer.tx
      .update(versions)
      .set({ taskId: task.id })
      .where(and(eq(versions.id, version.id), isNull(versions.taskId)));
    await announceVersion(writer, deps.preview, version, version.summary);
  });
}

/**
 * A message the person asked Mason to send for them (a merge left to the assistant): into the
 * project's newest task of theirs, or a new task when that one cannot take a message now (a turn
 * is running) or there is none. Answers the task.
 */
export async function postForPerson(
  deps: { db: Database; service: TaskService },
  projectId: string,
  userId: string,
  content: string,
): Promise<TaskRow> {
  const task = await newestTask(deps.db, projectId, userId);
  if (task) {
    try {
      return (await deps.service.sendMessage(task, { content })).task;
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
    }
  }
  return deps.service.startTask(projectId, userId, {
    projectId,
    description: content,
    ...(task && { model: task.model as Model }),
  });
}
