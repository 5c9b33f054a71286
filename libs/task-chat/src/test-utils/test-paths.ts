import type { TaskChatPaths } from '../lib/task-chat-paths/task-chat-paths';

/** The shell's URLs, as the specs and stories give them. */
export const testPaths: TaskChatPaths = {
  project: (id) => `/projects/${id}`,
  task: (id) => `/task/${id}`,
  tasks: '/tasks',
  archived: '/archived',
  dashboard: '/dashboard/projects',
  files: (projectId) => `/files?projectId=${projectId}`,
  newProject: '/dashboard/projects/new',
  login: (projectId) => `/login?projectId=${projectId}`,
  billing: (returnTo) => `/dashboard/billing?${new URLSearchParams({ returnTo })}`,
  mcpServers: '/dashboard/mcp',
  integrations: '/dashboard/integrations',
};
