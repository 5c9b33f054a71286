import type { PauseReason, TaskState } from './enums';

/**
 * The task state machine (SPEC.md 4 names the states; the transitions are ours). The server
 * refuses any other change with 409 and the client offers only what this table allows.
 *
 * - PENDING: created; its first turn is queued and has not started.
 * - IN_PROGRESS: a turn is queued or running, or the task waits for the person (pauseReason set).
 * - COMPLETED: the last turn ended; a new message starts another (IN_PROGRESS again).
 * - FAILED: a turn could not finish; a message or resume tries again.
 * - ARCHIVED: put away by the person (when finished, or paused); it takes no messages until
 *   unarchived (COMPLETED).
 */
export const TASK_TRANSITIONS: Readonly<Record<TaskState, readonly TaskState[]>> = {
  PENDING: ['IN_PROGRESS', 'FAILED', 'ARCHIVED'],
  IN_PROGRESS: ['COMPLETED', 'FAILED', 'ARCHIVED'],
  COMPLETED: ['IN_PROGRESS', 'ARCHIVED'],
  FAILED: ['IN_PROGRESS', 'ARCHIVED'],
  ARCHIVED: ['COMPLETED'],
};

export function canTransition(from: TaskState, to: TaskState): boolean {
  return TASK_TRANSITIONS[from].includes(to);
}

/** What a person may do with a task in a given state. */
export interface TaskCommands {
  /** Send a message (starts a turn). */
  readonly send: boolean;
  readonly pause: boolean;
  readonly resume: boolean;
  readonly archive: boolean;
  readonly unarchive: boolean;
}

/** The commands of a task: the one rule the server enforces and the client's buttons follow. */
export function taskCommands(task: {
  readonly state: TaskState;
  readonly pauseReason: PauseReason | null;
}): TaskCommands {
  const { state, pauseReason } = task;
  const active = state === 'PENDING' || state === 'IN_PROGRESS';
  return {
    send: state === 'COMPLETED' || state === 'FAILED' || (active && pauseReason === 'MANUAL'),
    pause: active && pauseReason === null,
    resume: (active && pauseReason !== null) || state === 'FAILED',
    archive: state === 'COMPLETED' || state === 'FAILED' || (active && pauseReason !== null),
    unarchive: state === 'ARCHIVED',
  };
}

/** The 409 messages for a command the task's state does not allow. */
export const TaskConflictMessages = {
  send: 'The assistant is still working on this task. Wait for it, or pause it first.',
  sendArchived: 'This task is archived. Unarchive it to continue.',
  pause: 'This task is not running, so it cannot be paused.',
  resume: 'This task is not paused.',
  archive: 'Only a finished or paused task can be archived.',
  unarchive: 'This task is not archived.',
  action: 'That request has already been answered.',
  revert: 'Wait for the assistant to finish before reverting.',
} as const;
