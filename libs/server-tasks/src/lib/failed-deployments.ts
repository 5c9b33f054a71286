import type { TaskLogOf } from '@mason/contract';
import { taskLogs, type Database, type Executor } from '@mason/server-db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { attentionActions } from './attention';
import type { TaskEventBus } from './task-events';
import { withTask } from './tasks.repository';
import { toTaskLog } from './task-mapping';

/** What the person reads, and the repair turn gets, when a publish of the task's version failed. */
export interface FailedDeployment {
  readonly versionIndex: number;
  /** The build's errors, one per line (file:line:column: message). */
  readonly errors: readonly string[];
  /** What stopped it: the production build (default), or a migration of the production database. */
  readonly stage?: 'build' | 'migration';
}

const MAX_ERROR_LINES = 30;

function failureMessage({ versionIndex, errors, stage }: FailedDeployment): string {
  const shown = errors.slice(0, MAX_ERROR_LINES);
  const more = errors.length - shown.length;
  const these = errors.length === 1 ? 'this error' : 'these errors';
  return [
    stage === 'migration'
      ? `Publishing version ${versionIndex} failed: its database migration stopped on the production database with ${these}. The live app and its data are as they were.`
      : `Publishing version ${versionIndex} failed: the production build stopped with ${these}.`,
    '',
    ...shown,
    ...(more > 0 ? [`…and ${more} more.`] : []),
  ].join('\n');
}

/**
 * A publish of a version this task made failed to build: the task waits for the person with
 * FAILED_DEPLOYMENT and a card that offers "Fix with AI". A task whose turn is queued or running
 * is left alone (the turn is never interrupted; its next version can be published again).
 * Answers whether the task was paused.
 */
export async function pauseForFailedDeployment(
  db: Database,
  bus: TaskEventBus,
  taskId: string,
  failure: FailedDeployment,
): Promise<boolean> {
  const { result } = await withTask(db, bus, taskId, async (writer) => {
    const { state, pauseReason } = writer.task;
    if (state === 'ARCHIVED') return false;
    if ((state === 'PENDING' || state === 'IN_PROGRESS') && pauseReason === null) return false;
    await writer.append('NEEDS_ATTENTION', failureMessage(failure), {
      reason: 'FAILED_DEPLOYMENT',
      actions: attentionActions('FAILED_DEPLOYMENT'),
      resolved: false,
    });
    await writer.transition('IN_PROGRESS', 'FAILED_DEPLOYMENT');
    return true;
  });
  return result;
}

/**
 * The note of a repair turn after a failed publish: the newest FAILED_DEPLOYMENT card's message,
 * which holds the build's errors. Null when the task has no such card.
 */
export async function failedDeploymentNote(db: Executor, taskId: string): Promise<string | null> {
  const [row] = await db
    .select()
    .from(taskLogs)
    .where(
      and(
        eq(taskLogs.taskId, taskId),
        eq(taskLogs.type, 'NEEDS_ATTENTION'),
        sql`${taskLogs.payload}->>'reason' = 'FAILED_DEPLOYMENT'`,
      ),
    )
    .orderBy(desc(taskLogs.seq))
    .limit(1);
  if (!row) return null;
  const entry = toTaskLog(row) as TaskLogOf<'NEEDS_ATTENTION'>;
  return `${entry.content}\n\nThe person asked you to fix the app so that it builds for publishing. Fix these errors (read the files first), check the app compiles, and keep its behaviour.`;
}
