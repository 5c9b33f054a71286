import { ArchivedTasksPage, TaskChatPathsProvider } from '@mason/task-chat';
import { taskChatPaths } from '../task-chat-paths';

/** /archived: the tasks the person archived. */
export default function ArchivedTasksRoute() {
  return (
    <TaskChatPathsProvider paths={taskChatPaths}>
      <ArchivedTasksPage />
    </TaskChatPathsProvider>
  );
}
