import { createContext, useContext, type ReactNode } from 'react';

/** The URLs the task chat links to. The shell owns them and provides them once. */
export interface TaskChatPaths {
  /** The project workspace (/projects/:projectId). */
  project: (projectId: string) => string;
  /** One task's page (/task/:id). */
  task: (taskId: string) => string;
  /** All active tasks. */
  tasks: string;
  /** Archived tasks. */
  archived: string;
  /** The projects dashboard. */
  dashboard: string;
  /** A project's files. */
  files: (projectId: string) => string;
  /** Describe a new project. */
  newProject: string;
  /**
   * Log in, then open this project (SPEC.md 2 and 8: a 401 on a project sends the visitor there,
   * and after login they land on the project).
   */
  login: (projectId: string) => string;
  /**
   * Billing, to upgrade or buy credits when the plan's budget is used up; `returnTo` is where the
   * person comes back to afterwards (the task), to retry.
   */
  billing: (returnTo: string) => string;
  /** The person's MCP servers (/dashboard/mcp): a server that cannot be reached is fixed there. */
  mcpServers: string;
  /** The integrations screen, where the person's OpenRouter account is (re)connected. */
  integrations: string;
}

const TaskChatPathsContext = createContext<TaskChatPaths | null>(null);

export interface TaskChatPathsProviderProps {
  paths: TaskChatPaths;
  children: ReactNode;
}

export function TaskChatPathsProvider({ paths, children }: TaskChatPathsProviderProps) {
  return <TaskChatPathsContext.Provider value={paths}>{children}</TaskChatPathsContext.Provider>;
}

export function useTaskChatPaths(): TaskChatPaths {
  const paths = useContext(TaskChatPathsContext);
  if (!paths) throw new Error('useTaskChatPaths needs a <TaskChatPathsProvider> above it.');
  return paths;
}
