import { TaskChatPathsProvider, TasksPage } from '@mason/task-chat';
import { taskChatPaths } from '../task-chat-paths';

/** /tasks: the person's tasks that are not archived. */
export default function TasksRoute() {
  return (
    <TaskChatPathsProvider paths={taskChatPaths}>
      <TasksPage />
    </TaskChatPathsProvider>
  );
}
