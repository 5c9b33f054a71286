import { useParams } from 'react-router';
import { TaskChatPathsProvider, TaskPage } from '@mason/task-chat';
import { taskChatPaths } from '../task-chat-paths';

/** /task/:id: one task's chat. */
export default function TaskRoute() {
  const { id = '' } = useParams();
  return (
    <TaskChatPathsProvider paths={taskChatPaths}>
      <TaskPage key={id} taskId={id} />
    </TaskChatPathsProvider>
  );
}
