import type { BadgeVariant } from '@mason/ui-kit';
import type { PauseReason, Task, TaskState } from '@mason/contract';

type TaskStatus = Pick<Task, 'state' | 'pauseReason' | 'noChanges'>;

/** A turn is queued or running and nothing waits for the person: the assistant is thinking. */
export function isTaskRunning(task: TaskStatus): boolean {
  return (task.state === 'PENDING' || task.state === 'IN_PROGRESS') && task.pauseReason === null;
}

/** The task waits for the person (paused by them, or the assistant needs an answer). */
export function isTaskPaused(task: TaskStatus): boolean {
  return (task.state === 'PENDING' || task.state === 'IN_PROGRESS') && task.pauseReason !== null;
}

export interface TaskStateLabel {
  readonly label: string;
  readonly variant: BadgeVariant;
}

const STATE_LABELS: Readonly<Record<TaskState, TaskStateLabel>> = {
  PENDING: { label: 'Queued', variant: 'info' },
  IN_PROGRESS: { label: 'Working', variant: 'info' },
  COMPLETED: { label: 'Done', variant: 'success' },
  FAILED: { label: 'Failed', variant: 'destructive' },
  ARCHIVED: { label: 'Archived', variant: 'secondary' },
};

/** A completed turn that changed no file: a label on COMPLETED, not a state of its own. */
export const NO_CHANGES_LABEL: TaskStateLabel = { label: 'No changes made', variant: 'secondary' };

/** What the person can do when a turn changed nothing. */
export const NO_CHANGES_HINT =
  'No changes made. Try saying it another way: name the screen or the element, and what should change.';

/** The badge a task wears in lists and headers. */
export function taskStateLabel(task: TaskStatus): TaskStateLabel {
  if (task.state === 'COMPLETED' && task.noChanges) return NO_CHANGES_LABEL;
  if (isTaskPaused(task))
    return task.pauseReason === 'MANUAL'
      ? { label: 'Paused', variant: 'warning' }
      : { label: 'Needs you', variant: 'warning' };
  return STATE_LABELS[task.state];
}

/** One line on where the task stands, for the chat's status bar (read out by screen readers). */
export function taskStatusText(task: TaskStatus, writing: boolean): string {
  if (isTaskRunning(task)) {
    if (writing) return 'The assistant is writing…';
    return task.state === 'PENDING' ? 'Starting…' : 'The assistant is working…';
  }
  if (isTaskPaused(task)) return pausedText(task.pauseReason);
  switch (task.state) {
    case 'FAILED':
      return 'This task stopped before it finished. Try again, or send a message.';
    case 'ARCHIVED':
      return 'This task is archived. Unarchive it to continue.';
    case 'COMPLETED':
      return task.noChanges ? NO_CHANGES_HINT : '';
    default:
      return '';
  }
}

function pausedText(reason: PauseReason | null): string {
  if (reason === 'MANUAL') return 'Paused. Resume the task, or send a message to steer it.';
  return 'The assistant needs your answer above to go on.';
}
