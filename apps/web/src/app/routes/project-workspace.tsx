import { useParams } from 'react-router';
import styled from 'styled-components';
import { PreviewPane } from '@mason/preview';
import { PreviewSessionProvider } from '@mason/preview-state';
import { ProjectWorkspace, TaskChatPathsProvider } from '@mason/task-chat';
import { VisualEditPanel, VisualEditToggle } from '@mason/visual-edit';
import { taskChatPaths } from '../task-chat-paths';

const StyledPreviewArea = styled.div`
  display: flex;
  height: 100%;
  min-height: 0;
  min-width: 0;

  & > :first-child {
    flex: 1;
    min-width: 0;
  }
`;

/**
 * /projects/:projectId: the chat and history of a project beside its live preview, with visual
 * edit. The three features share one preview session (layout mode, selection, staged edits,
 * the preview's console); they meet here and in @mason/preview-state only.
 */
export default function ProjectWorkspaceRoute() {
  const { projectId = '' } = useParams();
  return (
    <TaskChatPathsProvider paths={taskChatPaths}>
      <PreviewSessionProvider key={projectId}>
        <ProjectWorkspace
          projectId={projectId}
          preview={
            <StyledPreviewArea>
              <PreviewPane projectId={projectId} actions={<VisualEditToggle />} />
              <VisualEditPanel projectId={projectId} />
            </StyledPreviewArea>
          }
        />
      </PreviewSessionProvider>
    </TaskChatPathsProvider>
  );
}
