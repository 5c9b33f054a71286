import { useParams } from 'react-router';
import { ProjectFilesPanel } from '@mason/projects';
import { ProjectWorkspace, TaskChatPathsProvider } from '@mason/task-chat';
import { taskChatPaths } from '../task-chat-paths';

/** /projects/:projectId: the chat and history of a project; its files fill the preview pane for now. */
export default function ProjectWorkspaceRoute() {
  const { projectId = '' } = useParams();
  return (
    <TaskChatPathsProvider paths={taskChatPaths}>
      <ProjectWorkspace
        key={projectId}
        projectId={projectId}
        preview={<ProjectFilesPanel projectId={projectId} />}
      />
    </TaskChatPathsProvider>
  );
}
