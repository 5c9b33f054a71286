import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { taskTurns, type Executor, type TaskTurnRow } from '@mason/server-db';

/**
 * Why a turn runs. REPAIR: Mason asked the assistant to fix its own error (its version threw in
 * the preview, or a publish of its version did not build and the person chose "Fix with AI"):
 * such a turn is not charged (turn-charges.ts).
 */
export type TurnTrigger = 'START' | 'MESSAGE' | 'RESUME' | 'ACTION' | 'REPAIR';

/** A crashed turn is tried this many times in all before its task ends FAILED. */
export const MAX_TURN_ATTEMPTS = 2;

/**
 * Queues a turn of the assistant, in the caller's transaction: the request that asks for a turn
 * and the turn itself are stored together or not at all.
 */
export async function enqueueTurn(
  tx: Executor,
  taskId: string,
  trigger: TurnTrigger,
  options: { note?: string; baseVersionId?: string | null } = {},
): Promise<TaskTurnRow> {
  const [row] = await tx
    .insert(taskTurns)
    .values({
      taskId,
      trigger,
      status: 'QUEUED',
      note: options.note ?? null,
      baseVersionId: options.baseVersionId ?? null,
    })
    .returning();
  return row;
}

/** The turn of a task that is queued or running, if any. */
export async function activeTurn(db: Executor, taskId: string): Promise<TaskTurnRow | null> {
  const [row] = await db
    .select()
    .from(taskTurns)
    .where(and(eq(taskTurns.taskId, taskId), inArray(taskTurns.status, ['QUEUED', 'RUNNING'])));
  return row ?? null;
}

const claimable = or(
  eq(taskTurns.status, 'QUEUED'),
  and(eq(taskTurns.status, 'RUNNING'), lt(taskTurns.leaseUntil, sql`now()`)),
);

/** Turns a worker may take: queued ones, and running ones whose worker stopped renewing its lease. */
export async function claimableTurns(db: Executor, limit: number): Promise<TaskTurnRow[]> {
  return db
    .select()
    .from(taskTurns)
    .where(claimable)
    .orderBy(asc(taskTurns.createdAt))
    .limit(limit);
}

/**
 * Takes a turn for this worker, atomically: only one worker wins. A turn taken over from a dead
 * worker comes back with attempts > 1 and its previous status RUNNING (see `recovered`).
 */
export async function claimTurn(
  db: Executor,
  turnId: string,
  workerId: string,
  leaseSeconds: number,
): Promise<{ turn: TaskTurnRow; recovered: boolean } | null> {
  const [previous] = await db.select().from(taskTurns).where(eq(taskTurns.id, turnId));
  if (!previous) return null;
  const [row] = await db
    .update(taskTurns)
    .set({
      status: 'RUNNING',
      workerId,
      attempts: sql`${taskTurns.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      startedAt: sql`coalesce(${taskTurns.startedAt}, now())`,
    })
    .where(and(eq(taskTurns.id, turnId), claimable))
    .returning();
  if (!row) return null;
  return { turn: row, recovered: previous.status === 'RUNNING' };
}

/** Renews this worker's claim; false when the turn is no longer its own. */
export async function renewLease(
  db: Executor,
  turnId: string,
  workerId: string,
  leaseSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(taskTurns)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      and(
        eq(taskTurns.id, turnId),
        eq(taskTurns.workerId, workerId),
        eq(taskTurns.status, 'RUNNING'),
      ),
    )
    .returning({ id: taskTurns.id });
  return rows.length > 0;
}

/**
 * Ends a turn in the caller's transaction. Only the worker holding it may end it; false means
 * another worker took it over (this one lost its lease) and nothing may be written.
 */
export async function finishTurn(
  tx: Executor,
  turnId: string,
  workerId: string,
  status: 'DONE' | 'FAILED' | 'CANCELLED',
): Promise<boolean> {
  const rows = await tx
    .update(taskTurns)
    .set({ status, finishedAt: sql`now()`, leaseUntil: null })
    .where(
      and(
        eq(taskTurns.id, turnId),
        eq(taskTurns.workerId, workerId),
        eq(taskTurns.status, 'RUNNING'),
      ),
    )
    .returning({ id: taskTurns.id });
  return rows.length > 0;
}

/** Cancels a task's queued (not yet running) turn, e.g. when the person pauses before it starts. */
export async function cancelQueuedTurn(tx: Executor, taskId: string): Promise<boolean> {
  const rows = await tx
    .update(taskTurns)
    .set({ status: 'CANCELLED', finishedAt: sql`now()` })
    .where(and(eq(taskTurns.taskId, taskId), eq(taskTurns.status, 'QUEUED')))
    .returning({ id: taskTurns.id });
  return rows.length > 0;
}
