import { useParams } from 'react-router';
import styled from 'styled-components';
import { PreviewPane } from '@mason/preview';
import { PreviewSessionProvider } from '@mason/preview-state';
import { ProjectFilesPanel } from '@mason/projects';
import { ProjectWorkspace, TaskChatPathsProvider } from '@mason/task-chat';
import { Tabs } from '@mason/ui-kit';
import { VisualEditPanel, VisualEditToggle } from '@mason/visual-edit';
import { taskChatPaths } from '../task-chat-paths';

// Fills the workspace's main pane, also on a phone where that pane has only a minimum height.
const StyledTabs = styled(Tabs)`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;

  & > [role='tablist'] {
    flex: none;
    padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[2]} 0`};
  }

  & > [role='tabpanel']:not([hidden]) {
    display: flex;
    flex: 1;
    flex-direction: column;
    min-height: 0;
  }

  & > [role='tabpanel'] > * {
    flex: 1;
    min-height: 0;
  }
`;

const StyledPreviewArea = styled.div`
  display: flex;
  min-width: 0;

  & > :first-child {
    flex: 1;
    min-width: 0;
  }

  /* The visual edit panel, while edit mode is on. */
  & > :nth-child(2) {
    flex: none;
    width: min(320px, 45%);
    border-radius: 0;
    border-width: 0 0 0 1px;
  }
`;

/**
 * /projects/:projectId: the chat and history of a project beside its live preview (with visual
 * edit) and its code. The chat, the preview and visual edit share one preview session (layout
 * mode, selection, staged edits, the preview's console); they meet here and in
 * @mason/preview-state only. The preview stays mounted while the code is shown, so the app keeps
 * its state.
 */
export default function ProjectWorkspaceRoute() {
  const { projectId = '' } = useParams();
  return (
    <TaskChatPathsProvider paths={taskChatPaths}>
      <PreviewSessionProvider key={projectId}>
        <ProjectWorkspace
          projectId={projectId}
          preview={
            <StyledTabs
              aria-label="Preview or code"
              variant="underline"
              keepMounted
              items={[
                {
                  id: 'preview',
                  label: 'Preview',
                  content: (
                    <StyledPreviewArea>
                      <PreviewPane projectId={projectId} actions={<VisualEditToggle />} />
                      <VisualEditPanel projectId={projectId} />
                    </StyledPreviewArea>
                  ),
                },
                { id: 'code', label: 'Code', content: <ProjectFilesPanel projectId={projectId} /> },
              ]}
            />
          }
        />
      </PreviewSessionProvider>
    </TaskChatPathsProvider>
  );
}
