import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TaskActionKind, TaskState } from '@mason/contract';
import {
  taskLogs,
  tasks,
  versions,
  type Executor,
  type TaskRow,
  type VersionRow,
} from '@mason/server-db';

/** The user's tasks, newest first, filtered by project, repository and states. */
export async function listUserTasks(
  db: Executor,
  userId: string,
  filter: { projectId?: string; repositoryId?: string; states?: readonly TaskState[] },
): Promise<TaskRow[]> {
  const filters: SQL[] = [eq(tasks.userId, userId)];
  if (filter.projectId !== undefined) filters.push(eq(tasks.projectId, filter.projectId));
  if (filter.repositoryId !== undefined) filters.push(eq(tasks.repositoryId, filter.repositoryId));
  if (filter.states?.length) filters.push(inArray(tasks.state, [...filter.states]));
  const rows = await db
    .select()
    .from(tasks)
    .where(and(...filters))
    .orderBy(asc(tasks.createdAt));
  return rows.reverse();
}

/** The versions the task made, oldest first. */
export async function taskVersions(db: Executor, task: TaskRow): Promise<VersionRow[]> {
  return db
    .select()
    .from(versions)
    .where(and(eq(versions.projectId, task.projectId), eq(versions.taskId, task.id)))
    .orderBy(asc(versions.index));
}

export async function setRating(
  db: Executor,
  taskId: string,
  rating: string,
  comment: string | null,
): Promise<void> {
  await db.update(tasks).set({ rating, ratingComment: comment }).where(eq(tasks.id, taskId));
}

/** Marks one request of the assistant answered. */
export async function markResolved(
  tx: Executor,
  taskId: string,
  seq: number,
  answer?: TaskActionKind,
): Promise<void> {
  const resolved = sql`jsonb_set(${taskLogs.payload}, '{resolved}', 'true'::jsonb)`;
  await tx
    .update(taskLogs)
    .set({
      payload: answer
        ? sql`jsonb_set(${resolved}, '{answer}', to_jsonb(${answer}::text))`
        : resolved,
    })
    .where(and(eq(taskLogs.taskId, taskId), eq(taskLogs.seq, seq)));
}

/** Marks every open request of the task answered (a resume or an archive settles them). */
export async function resolveOpenRequests(tx: Executor, taskId: string): Promise<void> {
  await tx
    .update(taskLogs)
    .set({ payload: sql`jsonb_set(${taskLogs.payload}, '{resolved}', 'true'::jsonb)` })
    .where(
      and(
        eq(taskLogs.taskId, taskId),
        eq(taskLogs.type, 'NEEDS_ATTENTION'),
        sql`(${taskLogs.payload}->>'resolved')::boolean = false`,
      ),
    );
}

/** The task a project's edits are recorded on: the one given (if it is the project's) or its newest. */
export async function newestTaskOf(
  db: Executor,
  projectId: string,
  taskId?: string,
): Promise<{ id: string } | null> {
  const [task] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      taskId
        ? and(eq(tasks.id, taskId), eq(tasks.projectId, projectId))
        : eq(tasks.projectId, projectId),
    )
    .orderBy(desc(tasks.createdAt))
    .limit(1);
  return task ?? null;
}
