import type { PauseReason, TaskState } from './enums';
import { TaskStateSchema } from './enums';
import { TASK_TRANSITIONS, canTransition, taskCommands } from './task-states';

const task = (state: TaskState, pauseReason: PauseReason | null = null) => ({ state, pauseReason });

describe('the task state machine', () => {
  it('names a rule for every state, and no state moves to itself', () => {
    for (const state of TaskStateSchema.options) {
      expect(TASK_TRANSITIONS[state]).toBeDefined();
      expect(canTransition(state, state)).toBe(false);
    }
  });

  it('lets work start, end and be archived, and nothing leave ARCHIVED but unarchiving', () => {
    expect(canTransition('PENDING', 'IN_PROGRESS')).toBe(true);
    expect(canTransition('IN_PROGRESS', 'COMPLETED')).toBe(true);
    expect(canTransition('COMPLETED', 'IN_PROGRESS')).toBe(true);
    expect(canTransition('FAILED', 'IN_PROGRESS')).toBe(true);
    expect(TASK_TRANSITIONS.ARCHIVED).toEqual(['COMPLETED']);
  });

  it('offers pause only while the assistant works, and resume only when paused or failed', () => {
    expect(taskCommands(task('IN_PROGRESS'))).toEqual({
      send: false,
      pause: true,
      resume: false,
      archive: false,
      unarchive: false,
    });
    expect(taskCommands(task('IN_PROGRESS', 'MANUAL'))).toMatchObject({
      pause: false,
      resume: true,
      send: true,
    });
    expect(taskCommands(task('IN_PROGRESS', 'ENV_VARIABLE'))).toMatchObject({
      send: false,
      resume: true,
    });
    expect(taskCommands(task('FAILED'))).toMatchObject({ send: true, resume: true, archive: true });
    expect(taskCommands(task('COMPLETED'))).toMatchObject({
      send: true,
      pause: false,
      resume: false,
      archive: true,
    });
    expect(taskCommands(task('ARCHIVED'))).toEqual({
      send: false,
      pause: false,
      resume: false,
      archive: false,
      unarchive: true,
    });
  });

  it('archives a working task only once it is paused', () => {
    expect(taskCommands(task('PENDING')).archive).toBe(false);
    expect(taskCommands(task('IN_PROGRESS')).archive).toBe(false);
    expect(taskCommands(task('PENDING', 'MANUAL')).archive).toBe(true);
    expect(taskCommands(task('IN_PROGRESS', 'APPROVAL_THRESHOLD')).archive).toBe(true);
  });
});
