import type { TaskRow } from '@mason/server-db';
import type { TaskEventBus } from './task-events';

/** How long a task's owner and newest log seq are trusted without reading the task again. */
const CURSOR_TTL_MS = 30_000;
const MAX_CURSORS = 50_000;

interface Cursor {
  userId: string;
  lastSeq: number;
  until: number;
}

/**
 * The newest log seq of recently read tasks, kept fresh by the event bus. A client polling
 * GET /tasks/:id/logs?afterLogId=<the newest id> (nothing new: the common case) is answered
 * without a query. Only a poll from exactly the known head is answered this way; anything else
 * reads the database, which also refreshes the cursor.
 */
export class TaskLogCursors {
  private readonly cursors = new Map<string, Cursor>();
  private readonly unsubscribe: () => void;

  constructor(bus: TaskEventBus) {
    this.unsubscribe = bus.subscribeAll((taskId, event) => {
      if (event.type !== 'logs') return;
      const cursor = this.cursors.get(taskId);
      if (cursor) cursor.lastSeq = Math.max(cursor.lastSeq, event.lastSeq);
    });
  }

  /** Records what a read of the task row showed. */
  remember(task: Pick<TaskRow, 'id' | 'userId' | 'lastLogSeq'>): void {
    if (this.cursors.size >= MAX_CURSORS) this.cursors.clear();
    const known = this.cursors.get(task.id);
    this.cursors.set(task.id, {
      userId: task.userId,
      lastSeq: Math.max(task.lastLogSeq, known?.lastSeq ?? 0),
      until: Date.now() + CURSOR_TTL_MS,
    });
  }

  /** True when `afterSeq` is the user's task's newest entry as far as this process knows. */
  isHead(taskId: string, userId: string, afterSeq: number): boolean {
    const cursor = this.cursors.get(taskId);
    return (
      !!cursor &&
      cursor.userId === userId &&
      cursor.until > Date.now() &&
      cursor.lastSeq === afterSeq
    );
  }

  forget(taskId: string): void {
    this.cursors.delete(taskId);
  }

  close(): void {
    this.unsubscribe();
    this.cursors.clear();
  }
}
