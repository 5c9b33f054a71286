import { HISTORY_PANEL_DEFAULT_OPEN } from '@mason/contract';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { isApiError, useGetProjectPreviewQuery, useGetProjectQuery } from '@mason/api-client';
import { Button, EmptyState, HistoryIcon, PanelLeftIcon, Spinner } from '@mason/ui-kit';
import { BuildingNotice } from '../building-notice/building-notice';
import { ChatResizer } from '../chat-resizer/chat-resizer';
import { useChatWidth } from '../chat-width/use-chat-width';
import { HistoryPanel } from '../history-panel/history-panel';
import { TaskChat } from '../task-chat/task-chat';
import { useTaskChatPaths } from '../task-chat-paths/task-chat-paths';
import { ProjectHeader } from './project-header';

export interface ProjectWorkspaceProps {
  projectId: string;
  /** What fills the space beside the chat (the project's files now, the live preview later). */
  preview?: ReactNode;
}

/** The workspace fills the window below the banner and the header (data-fills-window). */
const StyledWorkspace = styled.main`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 32rem;
`;

const StyledPanes = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;

  ${({ theme }) => theme.media.md} {
    flex-direction: row;
  }
`;

const StyledChatPane = styled.div`
  display: flex;
  flex: 0 0 auto;
  flex-direction: column;
  min-height: 60vh;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.md} {
    width: var(--chat-width);
    max-width: 70%;
    min-height: 0;
    border-bottom: 0;
  }
`;

const StyledResizerSlot = styled.div`
  display: flex;

  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;

const StyledMainPane = styled.section`
  position: relative;
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;
  /* On a phone the panes stack: the preview gets most of a screen below the chat. */
  min-height: max(24rem, 80dvh);
  overflow: auto;

  ${({ theme }) => theme.media.md} {
    min-height: 0;
    border-left: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const StyledHistoryPane = styled(HistoryPanel)`
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.md} {
    flex: 0 0 18rem;
    border-top: 0;
    border-left: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const StyledRail = styled.div`
  display: flex;
  flex: 0 0 auto;
  align-items: flex-start;
  justify-content: center;
  padding: ${({ theme }) => theme.space[2]};

  ${({ theme }) => theme.media.md} {
    border-left: 1px solid ${({ theme }) => theme.colors.border};
  }
  &:first-child {
    border-left: 0;
  }
`;

const StyledChatHeader = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]} 0`};
`;

const StyledCenter = styled.div`
  display: flex;
  flex: 1;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[6]};
`;

function ProjectProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const paths = useTaskChatPaths();
  const status = isApiError(error) ? error.status : null;
  if (status === 404 || status === 403)
    return (
      <EmptyState
        titleAs="h1"
        title="This project does not exist or is not yours"
        description="Check the address, or open one of your projects."
        action={
          <Button as={Link} to={paths.dashboard}>
            Go to your projects
          </Button>
        }
      />
    );
  return (
    <EmptyState
      titleAs="h1"
      title="The project could not be loaded"
      description={isApiError(error) ? error.message : undefined}
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}

/**
 * The project workspace (/projects/:projectId): the project's name and description, the chat
 * of its first task (or the task picked in the history, `?taskId=`), resizable and
 * collapsible, the history panel (open by default) and the preview slot.
 */
export function ProjectWorkspace({ projectId, preview }: ProjectWorkspaceProps) {
  // Once the server said 401, the page is on its way to /login: it asks nothing more.
  const [leaving, setLeaving] = useState(false);
  const project = useGetProjectQuery(projectId, { skip: leaving });
  const newestIndex = useGetProjectPreviewQuery(projectId, { skip: leaving }).data?.versionIndex ?? null;
  const paths = useTaskChatPaths();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const chatWidth = useChatWidth();
  const [historyOpen, setHistoryOpen] = useState(HISTORY_PANEL_DEFAULT_OPEN);
  const chatPaneId = useId();
  const historyId = useId();

  // SPEC.md 8: a 401 on a project shows 'Cannot find project. Please login and try again.'
  // (the api listener's toast, once), then the login page, which comes back here after login.
  const unauthorized = isApiError(project.error) && project.error.status === 401;
  useEffect(() => {
    if (!unauthorized) return;
    setLeaving(true);
    navigate(paths.login(projectId), { replace: true });
  }, [unauthorized, navigate, paths, projectId]);

  if (!project.data || leaving) {
    return (
      <StyledWorkspace data-fills-window="">
        <StyledCenter>
          {leaving ? (
            <Spinner label="Opening the login page" />
          ) : project.error ? (
            <ProjectProblem error={project.error} onRetry={() => void project.refetch()} />
          ) : (
            <Spinner label="Loading the project" />
          )}
        </StyledCenter>
      </StyledWorkspace>
    );
  }

  const taskId = searchParams.get('taskId') ?? project.data.firstTaskId;
  const selectTask = (id: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('taskId', id);
        return next;
      },
      { replace: false },
    );

  return (
    <StyledWorkspace data-fills-window="" aria-label={`Workspace of ${project.data.name}`}>
      <ProjectHeader project={project.data} />
      <StyledPanes>
        {chatWidth.collapsed ? (
          <StyledRail>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label="Show the chat"
              title="Show the chat"
              aria-expanded={false}
              onClick={chatWidth.expand}
            >
              <PanelLeftIcon size={16} />
            </Button>
          </StyledRail>
        ) : (
          <>
            <StyledChatPane id={chatPaneId} style={{ '--chat-width': `${chatWidth.width}px` } as never}>
              <StyledChatHeader>
                <Button
                  variant="ghost"
                  size="sm"
                  leadingIcon={<PanelLeftIcon size={14} />}
                  aria-expanded
                  aria-controls={chatPaneId}
                  onClick={chatWidth.collapse}
                >
                  Hide chat
                </Button>
              </StyledChatHeader>
              {taskId ? (
                <TaskChat key={taskId} taskId={taskId} currentVersionId={project.data.latestVersionId} />
              ) : (
                <StyledCenter>
                  <EmptyState title="No task yet" description="This project has no task to chat about." />
                </StyledCenter>
              )}
            </StyledChatPane>
            <StyledResizerSlot>
              <ChatResizer width={chatWidth.width} onResize={chatWidth.resize} controls={chatPaneId} />
            </StyledResizerSlot>
          </>
        )}
        <StyledMainPane aria-label="Preview">
          {preview}
          {taskId && preview && <BuildingNotice taskId={taskId} newestIndex={newestIndex} />}
        </StyledMainPane>
        {historyOpen ? (
          <StyledHistoryPane
            id={historyId}
            projectId={projectId}
            selectedTaskId={taskId}
            onSelectTask={selectTask}
            currentVersionId={project.data.latestVersionId}
            onClose={() => setHistoryOpen(false)}
          />
        ) : (
          <StyledRail>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label="Show history"
              title="Show history"
              aria-expanded={false}
              onClick={() => setHistoryOpen(true)}
            >
              <HistoryIcon size={16} />
            </Button>
          </StyledRail>
        )}
      </StyledPanes>
    </StyledWorkspace>
  );
}
