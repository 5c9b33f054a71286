import { withReturnTo } from '@mason/billing';
import type { TaskChatPaths } from '@mason/task-chat';
import { paths, pathTo } from './paths';

/** The URLs the task chat links to (given by its lazy route modules). */
export const taskChatPaths: TaskChatPaths = {
  project: (projectId) => pathTo(paths.project, { projectId }),
  task: (id) => pathTo(paths.task, { id }),
  tasks: paths.tasks,
  archived: paths.archived,
  dashboard: paths.dashboardProjects,
  files: (projectId) => `${paths.files}?${new URLSearchParams({ projectId })}`,
  newProject: paths.dashboardProjectsNew,
  // The login screen reads `projectId` and lands on the project after login (SPEC.md 2).
  login: (projectId) => `${paths.login}?${new URLSearchParams({ projectId })}`,
  billing: (returnTo) => withReturnTo(paths.dashboardBilling, returnTo),
  mcpServers: paths.dashboardMcp,
  integrations: paths.dashboardIntegrations,
};
