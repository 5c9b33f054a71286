// Public API of @mason/task-chat: name every export.
export { TaskChatPathsProvider, useTaskChatPaths } from './lib/task-chat-paths/task-chat-paths';
export type {
  TaskChatPaths,
  TaskChatPathsProviderProps,
} from './lib/task-chat-paths/task-chat-paths';
export { TaskChat } from './lib/task-chat/task-chat';
export type { TaskChatProps } from './lib/task-chat/task-chat';
export { ProjectWorkspace } from './lib/project-workspace/project-workspace';
export type { ProjectWorkspaceProps } from './lib/project-workspace/project-workspace';
export {
  ProjectSettingsSectionsProvider,
  useProjectSettingsSections,
} from './lib/project-workspace/project-settings-sections';
export type {
  ProjectSettingsSections,
  ProjectSettingsSectionsProviderProps,
} from './lib/project-workspace/project-settings-sections';
export { HistoryPanel } from './lib/history-panel/history-panel';
export type { HistoryPanelProps } from './lib/history-panel/history-panel';
export { TasksPage, ACTIVE_TASK_STATES } from './lib/tasks-page/tasks-page';
export { ArchivedTasksPage } from './lib/tasks-page/archived-tasks-page';
export { TaskPage } from './lib/task-page/task-page';
export type { TaskPageProps } from './lib/task-page/task-page';
export {
  CHAT_WIDTH_MAX,
  CHAT_WIDTH_MIN,
  CHAT_WIDTH_STORAGE_KEY,
  readStoredChatWidth,
  useChatWidth,
} from './lib/chat-width/use-chat-width';
export type { ChatWidth } from './lib/chat-width/use-chat-width';
