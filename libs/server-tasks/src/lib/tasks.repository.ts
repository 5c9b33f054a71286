import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import {
  TASK_LOGS_DEFAULT_LIMIT,
  canTransition,
  type LogType,
  type PauseReason,
  type TaskLogOf,
  type TaskLogsQuery,
  type TaskLogsResponse,
  type TaskState,
} from '@mason/contract';
import {
  taskLogs,
  tasks,
  type Database,
  type Executor,
  type TaskLogRow,
  type TaskRow,
  type Transaction,
} from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import { isUuid } from '@mason/server-db';
import { projectChannel, type TaskEventBus } from './task-events';
import { toTask, toTaskLog } from './task-mapping';

export const TASK_NOT_FOUND = 'This task does not exist, or it is not yours.';

/** The task, if it is the user's; otherwise 404. */
export async function findOwnedTask(
  db: Executor,
  userId: string,
  taskId: string,
): Promise<TaskRow> {
  if (!isUuid(taskId)) throw new RuleViolation('not-found', TASK_NOT_FOUND);
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
  if (!row) throw new RuleViolation('not-found', TASK_NOT_FOUND);
  return row;
}

/** The payload a log entry of this type carries. */
export type LogPayload<Type extends LogType> = TaskLogOf<Type>['payload'];

/** Appends entries to a locked task's log within a transaction, and changes its state. */
export class TaskWriter {
  readonly written: TaskLogRow[] = [];
  taskChanged = false;

  constructor(
    readonly tx: Transaction,
    public task: TaskRow,
  ) {}

  /** Appends one entry: its seq is the task's next number, so the log has no gaps or repeats. */
  append<Type extends LogType>(
    type: Type,
    content: string,
    payload: LogPayload<Type>,
  ): Promise<TaskLogRow> {
    return this.appendSetting(type, content, payload, {});
  }

  /** Appends one entry and sets `values` on the task in the same update as its new seq. */
  private async appendSetting<Type extends LogType>(
    type: Type,
    content: string,
    payload: LogPayload<Type>,
    values: Partial<typeof tasks.$inferInsert>,
  ): Promise<TaskLogRow> {
    const seq = this.task.lastLogSeq + 1;
    const [row] = await this.tx
      .insert(taskLogs)
      .values({
        taskId: this.task.id,
        seq,
        type,
        content: withoutNul(content),
        payload: withoutNul(payload) as Record<string, unknown>,
      })
      .returning();
    // A new version (a visual edit, a revert) is a change: "No changes made" no longer holds.
    await this.update(
      type === 'VERSION' && this.task.unchanged
        ? { unchanged: false, ...values, lastLogSeq: seq }
        : { ...values, lastLogSeq: seq },
    );
    this.written.push(row);
    return row;
  }

  /**
   * Moves the task to `state` (and pause reason), refusing a change the state machine forbids.
   * `noChanges`: a turn completed it without changing a file ("No changes made").
   */
  async transition(
    state: TaskState,
    pauseReason: PauseReason | null = null,
    { noChanges = false } = {},
  ): Promise<void> {
    const from = this.task.state as TaskState;
    if (from !== state && !canTransition(from, state)) {
      throw new RuleViolation(
        'conflict',
        `A ${from.toLowerCase().replace('_', ' ')} task cannot become ${state.toLowerCase().replace('_', ' ')}.`,
      );
    }
    const unchanged = state === 'COMPLETED' && noChanges;
    if (
      from === state &&
      this.task.pauseReason === pauseReason &&
      this.task.unchanged === unchanged
    )
      return;
    // The new state and the STATUS entry that tells of it, in one update of the task.
    await this.appendSetting(
      'STATUS',
      unchanged ? NO_CHANGES_TEXT : statusText(state, pauseReason),
      unchanged ? { state, pauseReason, noChanges: true } : { state, pauseReason },
      { state, pauseReason, unchanged },
    );
  }

  async update(values: Partial<typeof tasks.$inferInsert>): Promise<void> {
    const [row] = await this.tx
      .update(tasks)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(tasks.id, this.task.id))
      .returning();
    this.task = row;
    if (Object.keys(values).some((key) => key !== 'lastLogSeq')) this.taskChanged = true;
  }
}

/**
 * PostgreSQL text and jsonb cannot hold NUL characters, and a model may send one (e.g. in a file
 * path it is then refused for): the log keeps U+FFFD in its place.
 */
function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [withoutNul(key), withoutNul(item)]),
    ) as T;
  }
  return value;
}

/** The STATUS entry of a turn that completed without changing a file. */
export const NO_CHANGES_TEXT = 'No changes made';

function statusText(state: TaskState, pauseReason: PauseReason | null): string {
  if (pauseReason === 'MANUAL') return 'Paused';
  if (pauseReason) return 'Waiting for you';
  switch (state) {
    case 'PENDING':
      return 'Queued';
    case 'IN_PROGRESS':
      return 'Working';
    case 'COMPLETED':
      return 'Done';
    case 'FAILED':
      return 'Stopped with an error';
    case 'ARCHIVED':
      return 'Archived';
  }
}

/**
 * Runs `work` on the locked task in one transaction, then tells streaming clients what changed.
 * Every change of a task and its log goes through here.
 */
export async function withTask<T>(
  db: Database,
  bus: TaskEventBus,
  taskId: string,
  work: (writer: TaskWriter) => Promise<T>,
): Promise<{ result: T; task: TaskRow; written: TaskLogRow[] }> {
  const outcome = await db.transaction(async (tx) => {
    const [task] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
    if (!task) throw new RuleViolation('not-found', TASK_NOT_FOUND);
    const writer = new TaskWriter(tx, task);
    const result = await work(writer);
    return { result, writer };
  });
  const { writer } = outcome;
  if (writer.written.length > 0) {
    bus.publish(taskId, { type: 'logs', lastSeq: writer.task.lastLogSeq });
  }
  if (writer.taskChanged) bus.publish(taskId, { type: 'task', task: toTask(writer.task) });
  for (const entry of writer.written) {
    const made =
      entry.type === 'VERSION' ? (entry.payload as { versionId?: unknown; index?: unknown }) : null;
    if (made && typeof made.versionId === 'string' && typeof made.index === 'number') {
      bus.publish(projectChannel(writer.task.projectId), {
        type: 'version',
        versionId: made.versionId,
        index: made.index,
      });
    }
  }
  return { result: outcome.result, task: writer.task, written: writer.written };
}

/**
 * GET /tasks/:id/logs: the newest page, the page before beforeLogId, or the entries after
 * afterLogId. Whether newer entries exist is told by the task row's lastLogSeq (its log's
 * newest seq, written with each entry).
 */
export async function listLogs(
  db: Executor,
  task: Pick<TaskRow, 'id' | 'lastLogSeq'>,
  query: TaskLogsQuery,
): Promise<TaskLogsResponse> {
  const taskId = task.id;
  const limit = query.limit ?? TASK_LOGS_DEFAULT_LIMIT;
  const after = query.afterLogId === undefined ? undefined : seqOf(query.afterLogId);
  const before = query.beforeLogId === undefined ? undefined : seqOf(query.beforeLogId);
  let rows: TaskLogRow[];
  if (after !== undefined) {
    rows = await db
      .select()
      .from(taskLogs)
      .where(and(eq(taskLogs.taskId, taskId), gt(taskLogs.seq, after)))
      .orderBy(asc(taskLogs.seq))
      .limit(limit + 1);
    const hasMoreAfter = rows.length > limit;
    rows = rows.slice(0, limit);
    return {
      logs: rows.map(toTaskLog),
      hasMoreBefore: (rows[0]?.seq ?? after + 1) > 1,
      hasMoreAfter,
    };
  }
  rows = await db
    .select()
    .from(taskLogs)
    .where(
      before === undefined
        ? eq(taskLogs.taskId, taskId)
        : and(eq(taskLogs.taskId, taskId), lt(taskLogs.seq, before)),
    )
    .orderBy(desc(taskLogs.seq))
    .limit(limit + 1);
  const hasMoreBefore = rows.length > limit;
  rows = rows.slice(0, limit).reverse();
  const last = rows.at(-1)?.seq ?? (before === undefined ? 0 : before - 1);
  return { logs: rows.map(toTaskLog), hasMoreBefore, hasMoreAfter: task.lastLogSeq > last };
}

/** Every entry of a task, oldest first (the agent's history). */
export async function allLogs(db: Executor, taskId: string): Promise<TaskLogRow[]> {
  return db.select().from(taskLogs).where(eq(taskLogs.taskId, taskId)).orderBy(asc(taskLogs.seq));
}

export async function findLog(
  db: Executor,
  taskId: string,
  logId: string,
): Promise<TaskLogRow | null> {
  const seq = seqOf(logId);
  const [row] = await db
    .select()
    .from(taskLogs)
    .where(and(eq(taskLogs.taskId, taskId), eq(taskLogs.seq, seq)));
  return row ?? null;
}

/** A log id is the entry's seq; anything else names no entry (seq 0: before the first). */
export function seqOf(logId: string): number {
  return /^\d{1,9}$/.test(logId) ? Number(logId) : -1;
}
