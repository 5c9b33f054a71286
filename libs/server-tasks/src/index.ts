// Public API of @mason/server-tasks: name every export.
export { BlobCollector } from './lib/blob-collector';
export {
  LocalTaskEventBus,
  PostgresTaskEventBus,
  SESSIONS_CHANNEL,
  projectChannel,
} from './lib/task-events';
export type { TaskBusEvent, TaskEventBus } from './lib/task-events';
export { pauseForFailedDeployment } from './lib/failed-deployments';
export type { FailedDeployment } from './lib/failed-deployments';
export { ProjectFileEdits } from './lib/project-file-edits';
export type {
  ProjectFileEdit,
  ProjectFileEditPlan,
  ProjectFileEditPlanner,
  ProjectFileEditsDeps,
} from './lib/project-file-edits';
export { createTaskLoop } from './lib/task-loop';
export type { TaskLoop, TaskLoopOptions } from './lib/task-loop';
export { USER_COMMIT_NOTE, userCommitMessage } from './lib/outside-commits';
export type { OutsideCommitsPort } from './lib/outside-commits';
export { toTask } from './lib/task-mapping';
export type { PreparedMessage } from './lib/task-service';
export type {
  TasksAppDatabasePort,
  TasksTimeTravelPort,
  TasksConfig,
  TasksContext,
  TasksPreviewPort,
} from './lib/tasks-context';
export { tasksPlugin } from './lib/tasks-plugin';
