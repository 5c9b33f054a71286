import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  SCROLL_AFTER_SEND_MS,
  taskCommands,
  type SendTaskMessageResponse,
  type Task,
  type TaskRating,
} from '@mason/contract';
import {
  isApiError,
  useArchiveTaskMutation,
  useGetTaskQuery,
  useRateTaskMutation,
  useUnarchiveTaskMutation,
} from '@mason/api-client';
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Menu,
  MoreHorizontalIcon,
  PauseIcon,
  PlayIcon,
  Spinner,
} from '@mason/ui-kit';
import {
  ChatContextProvider,
  type ChatContextValue,
  type RevertTarget,
} from '../chat-context/chat-context';
import { ChatLog, type ChatLogHandle } from '../chat-log/chat-log';
import { buildChatRows, latestAnswerId } from '../chat-rows/chat-rows';
import { Composer } from '../composer/composer';
import { warmUpMarkdown } from '../markdown/markdown';
import { RevertDialog } from '../revert-dialog/revert-dialog';
import { usePauseTask, useResumeTask, useTaskAction } from '../task-commands/shared-mutations';
import {
  isTaskPaused,
  isTaskRunning,
  taskStateLabel,
  taskStatusText,
} from '../task-state/task-state';
import { whenIdle } from '../when-idle/when-idle';
import { useTaskFeed } from './use-task-feed';

export interface TaskChatProps {
  taskId: string;
  /**
   * The version the project's files are at now (its VERSION row offers no revert). Default:
   * the task's newest version.
   */
  currentVersionId?: string | null;
  /** Accessible name of the chat region. Default "Chat". */
  label?: string;
  className?: string;
}

/** How often a running task's state is asked for beside its stream (a missed event's repair). */
export const TASK_STATE_POLL_MS = 10_000;

const StyledChat = styled.section`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;
  min-width: 0;
`;

const StyledHeader = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[2]} ${theme.space[1.5]} ${theme.space[4]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const StyledTitle = styled.h2`
  flex: 1;
  min-width: 0;
  margin: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
`;

const StyledBottom = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]} ${theme.space[3]}`};
`;

const StyledStatus = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 32px;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledStatusText = styled.p`
  flex: 1;
  min-width: 0;
  margin: 0;
`;

const StyledCenter = styled.div`
  display: flex;
  flex: 1;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[6]};
`;

/** The reason no message can be sent now, from the task and the commands in flight. */
function blockedReason(
  task: Task | undefined,
  busy: { pausing: boolean; resuming: boolean; answering: boolean; awaiting: boolean },
): string | null {
  if (!task) return 'Loading the task…';
  if (busy.pausing) return 'Pausing…';
  if (busy.resuming) return 'Resuming…';
  if (busy.answering) return 'Sending your answer…';
  if (taskCommands(task).send) return busy.awaiting ? 'The assistant is working…' : null;
  if (task.state === 'ARCHIVED') return 'Unarchive this task to send messages.';
  if (isTaskPaused(task)) return 'Answer the request above first.';
  return 'The assistant is working. Wait for it, or pause it.';
}

function notFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 403);
}

/**
 * The chat of one task: its log (streamed live, virtualised), a status bar with pause and
 * resume, and the message box. A person can answer what the assistant needs, rate its answer
 * and revert to one of its versions from here.
 */
export function TaskChat({ taskId, currentVersionId, label = 'Chat', className }: TaskChatProps) {
  const [turnRunning, setTurnRunning] = useState(false);
  // While a turn runs, the task is also asked for now and then: a missed event is repaired.
  const taskQuery = useGetTaskQuery(taskId, {
    pollingInterval: turnRunning ? TASK_STATE_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const task = taskQuery.data;
  const feed = useTaskFeed(taskId);
  const logRef = useRef<ChatLogHandle>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const [pause, pausing] = usePauseTask(taskId);
  const [resume, resuming] = useResumeTask(taskId);
  const [, answering] = useTaskAction(taskId);
  const [archive, archiving] = useArchiveTaskMutation();
  const [unarchive, unarchiving] = useUnarchiveTaskMutation();
  const [rateTask] = useRateTaskMutation();
  const [ratings, setRatings] = useState<Record<string, TaskRating>>({});
  const [ratingLogId, setRatingLogId] = useState<string | null>(null);
  const [revertTarget, setRevertTarget] = useState<RevertTarget | null>(null);
  // What stands in the log's place while its entries load has the log's height: measured once,
  // it lets the log lay out the rows that show in its first render.
  const [logHeight, setLogHeight] = useState<number | undefined>(undefined);
  const measureLogPlace = useCallback((element: HTMLDivElement | null) => {
    if (element) setLogHeight(element.clientHeight || undefined);
  }, []);
  /** SPEC.md 4: after a send the loading flag is set, until the task shows the turn ended. */
  const [awaitingSince, setAwaitingSince] = useState<string | null>(null);

  useEffect(() => () => clearTimeout(scrollTimer.current), []);
  // While the entries load, the markdown parser warms up (when the page is idle).
  const loadingLog = feed.data === undefined;
  useEffect(() => (loadingLog ? whenIdle(warmUpMarkdown) : undefined), [loadingLog]);

  // The loading flag ends once the task moved on from the send (finished, paused, failed).
  const awaiting =
    awaitingSince !== null &&
    (!task || (Date.parse(task.updatedAt) <= Date.parse(awaitingSince) && !isTaskPaused(task)));
  useEffect(() => {
    if (awaitingSince !== null && !awaiting) setAwaitingSince(null);
  }, [awaiting, awaitingSince]);

  const running = task ? isTaskRunning(task) : false;
  const thinking = running || awaiting;
  useEffect(() => setTurnRunning(thinking), [thinking]);
  const logs = feed.data?.logs;
  const drafts = feed.data?.drafts;
  const rows = useMemo(
    () => buildChatRows(logs ?? [], drafts ?? [], thinking),
    [logs, drafts, thinking],
  );
  const writing = (drafts ?? []).some((draft) => draft.text.length > 0);

  const rate = useCallback(
    (logId: string, rating: TaskRating) => {
      setRatingLogId(logId);
      rateTask({ taskId, rating, logId })
        .unwrap()
        .then(
          () => setRatings((current) => ({ ...current, [logId]: rating })),
          () => undefined, // toasted by the api listener
        )
        .finally(() => setRatingLogId(null));
    },
    [rateTask, taskId],
  );

  const context: ChatContextValue = useMemo(
    () => ({
      taskId,
      task,
      rateableLogId: thinking ? null : latestAnswerId(logs ?? []),
      ratings,
      rate,
      ratingLogId,
      currentVersionId:
        currentVersionId === undefined ? (task?.latestVersionId ?? null) : currentVersionId,
      canRevert: task !== undefined && !thinking,
      requestRevert: setRevertTarget,
    }),
    [taskId, task, thinking, logs, ratings, rate, ratingLogId, currentVersionId],
  );

  const onSent = (response: SendTaskMessageResponse) => {
    setAwaitingSince(response.task.updatedAt);
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(
      () => logRef.current?.scrollToEnd('smooth'),
      SCROLL_AFTER_SEND_MS,
    );
  };

  if (taskQuery.error && !task) {
    return (
      <StyledChat aria-label={label} className={className}>
        <StyledCenter>
          {notFound(taskQuery.error) ? (
            <EmptyState
              title="This task does not exist or is not yours"
              description="It may have been deleted with its project."
            />
          ) : (
            <EmptyState
              title="The task could not be loaded"
              description={isApiError(taskQuery.error) ? taskQuery.error.message : undefined}
              action={<Button onClick={() => void taskQuery.refetch()}>Try again</Button>}
            />
          )}
        </StyledCenter>
      </StyledChat>
    );
  }

  const commands = task ? taskCommands(task) : null;
  const status = !task
    ? ''
    : awaiting && !running
      ? taskStatusText({ state: 'IN_PROGRESS', pauseReason: null }, writing)
      : taskStatusText(task, writing);
  const stateLabel = task ? taskStateLabel(task) : null;
  const polling = feed.data?.connection === 'polling';

  return (
    <ChatContextProvider value={context}>
      <StyledChat aria-label={label} className={className}>
        <StyledHeader>
          <StyledTitle title={task?.description}>
            {task?.description ?? 'Loading the task…'}
          </StyledTitle>
          {stateLabel && <Badge variant={stateLabel.variant}>{stateLabel.label}</Badge>}
          {commands && (commands.archive || commands.unarchive) && (
            <Menu
              trigger={<MoreHorizontalIcon size={16} />}
              triggerLabel="Task actions"
              triggerVariant="ghost"
              triggerSize="icon-sm"
              align="end"
              items={[
                commands.archive
                  ? {
                      id: 'archive',
                      label: 'Archive task',
                      disabled: archiving.isLoading,
                      onSelect: () => void archive(taskId),
                    }
                  : {
                      id: 'unarchive',
                      label: 'Unarchive task',
                      disabled: unarchiving.isLoading,
                      onSelect: () => void unarchive(taskId),
                    },
              ]}
            />
          )}
        </StyledHeader>

        {feed.data ? (
          <ChatLog
            handleRef={logRef}
            rows={rows}
            hasMoreBefore={feed.data.hasMoreBefore}
            loadingOlder={feed.loadingOlder}
            olderError={feed.olderError}
            onLoadOlder={feed.loadOlder}
            initialHeight={logHeight}
            emptyText={
              thinking ? undefined : 'No messages yet. Describe what to build or change below.'
            }
          />
        ) : feed.error ? (
          <StyledCenter>
            <EmptyState
              title="The conversation could not be loaded"
              description={isApiError(feed.error) ? feed.error.message : undefined}
              action={<Button onClick={() => void feed.refetch()}>Try again</Button>}
            />
          </StyledCenter>
        ) : (
          <StyledCenter ref={measureLogPlace}>
            <Spinner label="Loading the conversation" />
          </StyledCenter>
        )}

        <StyledBottom>
          <StyledStatus>
            <StyledStatusText role="status">
              {status}
              {polling && ' Live updates are interrupted; checking every few seconds.'}
            </StyledStatusText>
            {commands?.pause && (
              <Button
                size="sm"
                variant="outline"
                leadingIcon={<PauseIcon size={12} />}
                loading={pausing.isLoading}
                loadingText="Pausing…"
                onClick={() => void pause(taskId)}
              >
                Pause
              </Button>
            )}
            {commands?.resume && (task?.state === 'FAILED' || task?.pauseReason === 'MANUAL') && (
              <Button
                size="sm"
                variant={task?.state === 'FAILED' ? 'outline' : 'primary'}
                leadingIcon={<PlayIcon size={12} />}
                loading={resuming.isLoading}
                loadingText="Resuming…"
                onClick={() => void resume(taskId)}
              >
                {task?.state === 'FAILED' ? 'Try again' : 'Resume'}
              </Button>
            )}
            {commands?.unarchive && (
              <Button
                size="sm"
                variant="outline"
                loading={unarchiving.isLoading}
                onClick={() => void unarchive(taskId)}
              >
                Unarchive
              </Button>
            )}
          </StyledStatus>
          {feed.error && feed.data && (
            <Alert tone="warning">
              The newest messages could not be loaded. They will appear when the connection is back.
            </Alert>
          )}
          <Composer
            taskId={taskId}
            projectId={task?.projectId}
            blockedReason={blockedReason(task, {
              pausing: pausing.isLoading,
              resuming: resuming.isLoading,
              answering: answering.isLoading,
              awaiting,
            })}
            onSent={onSent}
          />
        </StyledBottom>
        <RevertDialog taskId={taskId} target={revertTarget} onClose={() => setRevertTarget(null)} />
      </StyledChat>
    </ChatContextProvider>
  );
}
