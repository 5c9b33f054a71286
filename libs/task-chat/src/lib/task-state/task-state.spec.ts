import { isTaskRunning, taskStateLabel, taskStatusText } from './task-state';

describe('task state', () => {
  it('counts a queued or running task without a pause as running', () => {
    expect(isTaskRunning({ state: 'PENDING', pauseReason: null })).toBe(true);
    expect(isTaskRunning({ state: 'IN_PROGRESS', pauseReason: null })).toBe(true);
    expect(isTaskRunning({ state: 'IN_PROGRESS', pauseReason: 'MANUAL' })).toBe(false);
    expect(isTaskRunning({ state: 'COMPLETED', pauseReason: null })).toBe(false);
  });

  it.each([
    [{ state: 'IN_PROGRESS', pauseReason: null }, 'Working'],
    [{ state: 'IN_PROGRESS', pauseReason: 'MANUAL' }, 'Paused'],
    [{ state: 'IN_PROGRESS', pauseReason: 'ENV_VARIABLE' }, 'Needs you'],
    [{ state: 'COMPLETED', pauseReason: null }, 'Done'],
    [{ state: 'COMPLETED', pauseReason: null, noChanges: false }, 'Done'],
    [{ state: 'COMPLETED', pauseReason: null, noChanges: true }, 'No changes made'],
    [{ state: 'FAILED', pauseReason: null }, 'Failed'],
    [{ state: 'ARCHIVED', pauseReason: null }, 'Archived'],
  ] as const)('labels %o as %s', (task, label) => {
    expect(taskStateLabel(task).label).toBe(label);
  });

  it('says what the assistant is doing', () => {
    expect(taskStatusText({ state: 'IN_PROGRESS', pauseReason: null }, true)).toBe(
      'The assistant is writing…',
    );
    expect(taskStatusText({ state: 'COMPLETED', pauseReason: null }, false)).toBe('');
    expect(
      taskStatusText({ state: 'COMPLETED', pauseReason: null, noChanges: true }, false),
    ).toMatch(/^No changes made\. Try saying it another way/);
    expect(
      taskStatusText({ state: 'IN_PROGRESS', pauseReason: 'OPEN_ROUTER_NO_CREDITS' }, false),
    ).toBe('The assistant needs your answer above to go on.');
  });
});
