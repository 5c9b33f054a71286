import {
  usePauseTaskMutation,
  useResumeTaskMutation,
  useRunTaskActionMutation,
} from '@mason/api-client';

/**
 * The task's commands share their state between the components that offer them (the status
 * bar, the needs-attention cards, the composer), so a send is blocked while any of them runs.
 */
export const usePauseTask = (taskId: string) =>
  usePauseTaskMutation({ fixedCacheKey: `pause-task:${taskId}` });
export const useResumeTask = (taskId: string) =>
  useResumeTaskMutation({ fixedCacheKey: `resume-task:${taskId}` });
export const useTaskAction = (taskId: string) =>
  useRunTaskActionMutation({ fixedCacheKey: `task-action:${taskId}` });
