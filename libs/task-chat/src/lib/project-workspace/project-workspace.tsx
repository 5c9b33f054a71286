import { HISTORY_PANEL_DEFAULT_OPEN } from '@mason/contract';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  isApiError,
  useGetProjectDatabaseQuery,
  useGetProjectPreviewQuery,
  useGetProjectQuery,
} from '@mason/api-client';
import { usePreviewState } from '@mason/preview-state';
import {
  Button,
  EmptyState,
  PanelLeftIcon,
  PHONE_QUERY,
  Spinner,
  useMediaQuery,
} from '@mason/ui-kit';
import { BuildingNotice } from '../building-notice/building-notice';
import { warmUpMarkdown } from '../markdown/markdown';
import { PaneResizer } from '../pane-resizer/pane-resizer';
import { useChatWidth } from '../chat-width/use-chat-width';
import {
  HISTORY_WIDTH_DEFAULT,
  HISTORY_WIDTH_MAX,
  HISTORY_WIDTH_MIN,
  useHistoryWidth,
} from '../chat-width/use-history-width';
import { ProjectSettingsOpenerProvider } from '../needs-attention-card/project-settings-opener';
import { TaskChat } from '../task-chat/task-chat';
import { useTaskChatPaths } from '../task-chat-paths/task-chat-paths';
import {
  StyledWorkspace,
  StyledPanes,
  StyledChatPane,
  StyledResizerSlot,
  StyledMainPane,
  StyledView,
  StyledSide,
  StyledHistoryPane,
  StyledPhoneTabs,
  StyledRail,
  StyledChatHeader,
  StyledCenter,
} from './project-workspace.styles';
import { ProjectHeader } from './project-header';
import { ProjectProblem } from './project-problem';
import { TabSwitch } from './tab-switch';
import { DatabaseView } from '../database-view/database-view';
import { TaskSwitcher } from '../new-task/task-switcher';
import { useWorkspaceView, type WorkspaceView } from './use-workspace-view';
import { whenIdle } from '../when-idle/when-idle';

export interface ProjectWorkspaceProps {
  projectId: string;
  /** The live preview, beside the chat. */
  preview?: ReactNode;
  /** The project's code: with it, the bar switches between Preview and Code (both stay mounted). */
  code?: ReactNode;
  /** Shown in the history's place while the preview is in edit mode (the visual-edit panel). */
  editPanel?: ReactNode;
  /** The bar's actions of other features, after Settings (Publish, from @mason/publishing). */
  barActions?: ReactNode;
  /** The end of the bar (the account menu). */
  barEnd?: ReactNode;
}

/** The workspace fills the window below the banner (data-fills-window). */
type View = WorkspaceView;
type PhoneTab = 'chat' | View | 'history';

const VIEW_LABELS: Readonly<Record<View, string>> = {
  preview: 'Preview',
  code: 'Code',
  database: 'Database',
};
const PHONE_TAB_LABELS: Readonly<Record<PhoneTab, string>> = {
  chat: 'Chat',
  preview: 'Preview',
  code: 'Code',
  database: 'Database',
  history: 'History',
};

/**
 * The project workspace (/projects/:projectId): one slim bar (name, views, history, actions),
 * then the chat of the task (its first, or the one picked in the history, `?taskId=`),
 * resizable and collapsible, the preview or the code, and the history panel (open by default on
 * a desktop, closed on a phone); in edit mode the visual-edit panel takes the history's place.
 * On a phone (< 768 px) Chat, Preview and History are tabs.
 */
export function ProjectWorkspace(props: ProjectWorkspaceProps) {
  // The bar's Settings open from the chat's cards too (USER_COMMIT: Open code hosting).
  return (
    <ProjectSettingsOpenerProvider>
      <WorkspaceBody {...props} />
    </ProjectSettingsOpenerProvider>
  );
}

function WorkspaceBody({
  projectId,
  preview,
  code,
  editPanel,
  barActions,
  barEnd,
}: ProjectWorkspaceProps) {
  // While the project loads (before its chat does), the markdown parser warms up.
  useEffect(() => whenIdle(warmUpMarkdown), []);
  // Once the server said 401, the page is on its way to /login: it asks nothing more.
  const [leaving, setLeaving] = useState(false);
  const project = useGetProjectQuery(projectId, { skip: leaving });
  const newest = useGetProjectPreviewQuery(projectId, {
    // Asked once the project answered: a visitor's first 401 is the only one (SPEC.md 8).
    skip: leaving || !project.data,
  }).data;
  const newestIndex = newest?.versionIndex ?? null;
  // The Database view is there once the project's database is on.
  const databaseOn = Boolean(
    useGetProjectDatabaseQuery({ projectId }, { skip: leaving || !project.data }).data?.database,
  );
  const paths = useTaskChatPaths();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const chatWidth = useChatWidth();
  const historyWidth = useHistoryWidth();
  const sideId = useId();
  const phone = useMediaQuery(PHONE_QUERY);
  const [historyOpen, setHistoryOpen] = useState(
    () => HISTORY_PANEL_DEFAULT_OPEN && !window.matchMedia?.(PHONE_QUERY).matches,
  );
  const [view, setView] = useWorkspaceView(Boolean(newest?.unsupportedReason));
  const [phoneTab, setPhoneTab] = useState<PhoneTab>('chat');
  const [codeOpened, setCodeOpened] = useState(false);
  const [databaseOpened, setDatabaseOpened] = useState(false);
  const editMode = usePreviewState((state) => state.editMode);
  // A message the preview sends to the chat ("Fix with AI") opens the chat, where it shows.
  const chatRequest = usePreviewState((state) => state.chatRequests.at(-1)?.id ?? null);
  const { collapsed: chatCollapsed, expand: expandChat } = chatWidth;
  useEffect(() => {
    if (chatRequest === null) return;
    if (phone) setPhoneTab('chat');
    else if (chatCollapsed) expandChat();
    // Only a new request opens it; the person may close it again afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chatRequest]);
  const chatPaneId = useId();
  const historyId = useId();
  const ids = useId().replace(/:/g, '');

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
  const selectTask = (id: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('taskId', id);
        return next;
      },
      { replace: false },
    );
    if (phone) setPhoneTab('chat');
  };

  const showChat = phone ? phoneTab === 'chat' : !chatWidth.collapsed;
  // On a phone Preview and Code are tabs of their own; on a desktop the bar switches them.
  const views: View[] = [
    'preview',
    ...(code ? (['code'] as const) : []),
    ...(databaseOn ? (['database'] as const) : []),
  ];
  const pickedView: View = phone
    ? phoneTab === 'code' || phoneTab === 'database'
      ? phoneTab
      : 'preview'
    : view;
  // A view that is not there (the database turned off, no code) shows the preview.
  const shownView: View = views.includes(pickedView) ? pickedView : 'preview';
  const showMain =
    !phone || phoneTab === 'preview' || phoneTab === 'code' || phoneTab === 'database';
  const hasViews = views.length > 1;
  // The code view mounts the first time it is shown (then stays, keeping its place): until then
  // it neither fetches a file nor loads the highlighter beside the preview.
  if (shownView === 'code' && !codeOpened) setCodeOpened(true);
  if (shownView === 'database' && !databaseOpened) setDatabaseOpened(true);
  const viewIds = phone ? `${ids}-phone` : `${ids}-view`;
  const editing = editMode && editPanel !== undefined && editPanel !== null;
  const showSide = phone
    ? phoneTab === 'history' || (editing && phoneTab === 'preview')
    : editing || historyOpen;

  const history = (
    <StyledHistoryPane
      id={historyId}
      projectId={projectId}
      selectedTaskId={taskId}
      onSelectTask={selectTask}
      currentVersionId={project.data.latestVersionId}
      onClose={phone ? undefined : () => setHistoryOpen(false)}
    />
  );

  return (
    <StyledWorkspace data-fills-window="" aria-label={`Workspace of ${project.data.name}`}>
      <ProjectHeader
        project={project.data}
        tasks={<TaskSwitcher projectId={projectId} taskId={taskId} onSelect={selectTask} />}
        views={
          hasViews && !phone ? (
            <TabSwitch
              label={databaseOn ? 'Workspace views' : 'Preview or code'}
              tabs={views}
              labels={VIEW_LABELS}
              value={shownView}
              onChange={setView}
              idPrefix={`${ids}-view`}
            />
          ) : null
        }
        historyOpen={phone ? undefined : historyOpen}
        onToggleHistory={phone ? undefined : () => setHistoryOpen((open) => !open)}
        historyId={historyId}
        actions={barActions}
        end={barEnd}
      />
      {phone && (
        <StyledPhoneTabs>
          <TabSwitch
            label="Workspace"
            tabs={['chat', ...views, 'history'] as PhoneTab[]}
            labels={PHONE_TAB_LABELS}
            value={phoneTab}
            onChange={setPhoneTab}
            idPrefix={`${ids}-phone`}
          />
        </StyledPhoneTabs>
      )}
      <StyledPanes>
        {!phone && chatWidth.collapsed && (
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
        )}
        <StyledChatPane
          id={phone ? `${ids}-phone-chat-panel` : chatPaneId}
          hidden={!showChat}
          {...(phone ? { role: 'tabpanel', 'aria-labelledby': `${ids}-phone-chat-tab` } : {})}
          style={{ '--chat-width': `${chatWidth.width}px` } as never}
        >
          {!phone && (
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
          )}
          {taskId ? (
            <TaskChat
              key={taskId}
              taskId={taskId}
              currentVersionId={project.data.latestVersionId}
            />
          ) : (
            <StyledCenter>
              <EmptyState
                title="No task yet"
                description="This project has no task to chat about."
              />
            </StyledCenter>
          )}
        </StyledChatPane>
        {showChat && !phone && (
          <StyledResizerSlot>
            <PaneResizer
              width={chatWidth.width}
              onResize={chatWidth.resize}
              controls={chatPaneId}
            />
          </StyledResizerSlot>
        )}
        <StyledMainPane aria-label="Preview" hidden={!showMain}>
          <StyledView
            role={hasViews || phone ? 'tabpanel' : undefined}
            id={`${viewIds}-preview-panel`}
            aria-labelledby={hasViews || phone ? `${viewIds}-preview-tab` : undefined}
            hidden={shownView !== 'preview'}
          >
            {preview}
          </StyledView>
          {code && (
            <StyledView
              role="tabpanel"
              id={`${viewIds}-code-panel`}
              aria-labelledby={`${viewIds}-code-tab`}
              hidden={shownView !== 'code'}
            >
              {codeOpened && code}
            </StyledView>
          )}
          {databaseOn && (
            <StyledView
              role="tabpanel"
              id={`${viewIds}-database-panel`}
              aria-labelledby={`${viewIds}-database-tab`}
              hidden={shownView !== 'database'}
            >
              {databaseOpened && <DatabaseView projectId={projectId} />}
            </StyledView>
          )}
          {taskId && preview && shownView === 'preview' && (
            <BuildingNotice taskId={taskId} newestIndex={newestIndex} />
          )}
        </StyledMainPane>
        {showSide && !phone && (
          <StyledResizerSlot>
            <PaneResizer
              label={editing ? 'Resize the edit panel' : 'Resize the history'}
              width={historyWidth.width}
              onResize={historyWidth.resize}
              controls={sideId}
              min={HISTORY_WIDTH_MIN}
              max={HISTORY_WIDTH_MAX}
              defaultWidth={HISTORY_WIDTH_DEFAULT}
              pane="after"
            />
          </StyledResizerSlot>
        )}
        {showSide && (
          <StyledSide
            id={phone ? `${ids}-phone-history-panel` : sideId}
            style={{ '--side-width': `${historyWidth.width}px` } as never}
            {...(phone ? { role: 'tabpanel', 'aria-labelledby': `${ids}-phone-history-tab` } : {})}
          >
            {editing && (!phone || phoneTab === 'preview') ? editPanel : history}
          </StyledSide>
        )}
      </StyledPanes>
    </StyledWorkspace>
  );
}
