import { useSelector } from 'react-redux';
import { Link, useParams } from 'react-router';
import { AccountMenu, selectIsAuthenticated } from '@mason/auth';
import styled from 'styled-components';
import { ProjectCodeHosting, ProjectDatabase, ProjectMcp } from '@mason/integrations';
import { PreviewPane } from '@mason/preview';
import { PreviewSessionProvider } from '@mason/preview-state';
import { ProjectFilesPanel } from '@mason/projects';
import { PublishControl, PublishingPathsProvider } from '@mason/publishing';
import {
  ProjectSettingsSectionsProvider,
  ProjectWorkspace,
  TaskChatPathsProvider,
  type ProjectSettingsSections,
} from '@mason/task-chat';
import { Button } from '@mason/ui-kit';
import { VisualEditPanel, VisualEditToggle } from '@mason/visual-edit';
import { paths } from '../paths';
import { publishingPaths } from '../publishing-paths';
import { taskChatPaths } from '../task-chat-paths';

const StyledPreviewArea = styled.div`
  display: flex;
  flex: 1;
  min-width: 0;
  min-height: 0;

  & > * {
    flex: 1;
    min-width: 0;
  }
`;

/**
 * The project Settings' sections from other features: where the project's code is pushed, the
 * app's database, and the MCP servers its assistant may use.
 */
const settingsSections: ProjectSettingsSections = (project) => (
  <>
    <ProjectCodeHosting projectId={project.id} integrationsHref={paths.dashboardIntegrations} />
    <ProjectDatabase projectId={project.id} />
    <ProjectMcp projectId={project.id} mcpHref={paths.dashboardMcp} />
  </>
);

/**
 * /projects/:projectId: the chat and history of a project beside its live preview (with visual
 * edit) and its code. The chat, the preview and visual edit share one preview session (layout
 * mode, selection, staged edits, the preview's console); they meet here and in
 * @mason/preview-state only. The preview stays mounted while the code is shown, so the app keeps
 * its state. The project Settings get the code-hosting, database and MCP sections of
 * @mason/integrations, the bar gets Publish.
 */
export default function ProjectWorkspaceRoute() {
  const { projectId = '' } = useParams();
  const signedIn = useSelector(selectIsAuthenticated);
  return (
    <TaskChatPathsProvider paths={taskChatPaths}>
      <ProjectSettingsSectionsProvider sections={settingsSections}>
        <PreviewSessionProvider key={projectId}>
          <ProjectWorkspace
            projectId={projectId}
            preview={
              <StyledPreviewArea>
                <PreviewPane projectId={projectId} actions={<VisualEditToggle />} />
              </StyledPreviewArea>
            }
            code={<ProjectFilesPanel projectId={projectId} />}
            editPanel={<VisualEditPanel projectId={projectId} />}
            barActions={
              <PublishingPathsProvider paths={publishingPaths}>
                <PublishControl projectId={projectId} />
              </PublishingPathsProvider>
            }
            barEnd={
              signedIn ? (
                <AccountMenu />
              ) : (
                <Button as={Link} to={paths.login} size="sm">
                  Log in
                </Button>
              )
            }
          />
        </PreviewSessionProvider>
      </ProjectSettingsSectionsProvider>
    </TaskChatPathsProvider>
  );
}
