import { useId, useMemo, useState } from 'react';
import styled, { css } from 'styled-components';
import { isRevertVersion, type Task, type Version } from '@mason/contract';
import {
  isApiError,
  useGetTaskQuery,
  useGetTasksQuery,
  useGetTaskVersionsQuery,
} from '@mason/api-client';
import {
  Badge,
  Button,
  CloseIcon,
  EyeIcon,
  RotateCcwIcon,
  Spinner,
  focusRingStyles,
  interactiveTransition,
} from '@mason/ui-kit';
import { usePreviewSessionOrNull, usePreviewState } from '@mason/preview-state';
import type { RevertTarget } from '../chat-context/chat-context';
import { formatDateTime, formatRelativeTime } from '../format/format-time';
import { RevertDialog } from '../revert-dialog/revert-dialog';
import { isTaskRunning, taskStateLabel } from '../task-state/task-state';

export interface HistoryPanelProps {
  projectId: string;
  /** The task whose chat and versions are shown. */
  selectedTaskId: string | null;
  onSelectTask: (taskId: string) => void;
  /** The version the project's files are at now (no revert offered to it). */
  currentVersionId: string | null;
  /** Shows a "Hide history" button that calls this. */
  onClose?: () => void;
  id?: string;
  className?: string;
}

const StyledPanel = styled.aside`
  display: flex;
  flex-direction: column;
  min-height: 0;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.background};
`;

const StyledHeader = styled.div`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.raised};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[2]} ${theme.space[1.5]} ${theme.space[4]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
`;

const StyledTitle = styled.h2`
  flex: 1;
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
`;

const StyledSectionTitle = styled.h3`
  margin: 0;
  padding: ${({ theme }) => `0 ${theme.space[1]}`};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.wide};
  text-transform: uppercase;
`;

const StyledList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledTaskButton = styled.button<{ $selected: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  width: 100%;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[2.5]}`};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.foreground};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  text-align: left;
  cursor: pointer;
  ${interactiveTransition}
  ${focusRingStyles}

  &:hover {
    background: ${({ theme }) => theme.colors.accent};
  }
  ${({ $selected, theme }) =>
    $selected &&
    css`
      border-color: ${theme.colors.border};
      background: ${theme.colors.accent};
    `}
`;

const StyledClamp = styled.span`
  display: -webkit-box;
  overflow: hidden;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow-wrap: anywhere;
`;

const StyledMeta = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledVersion = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space[1.5]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[2.5]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const StyledVersionHead = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};

  strong {
    flex: 1;
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  }
`;

const StyledNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[1]}`};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledProblem = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[1]};
  color: ${({ theme }) => theme.colors.destructiveText};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

function Problem({ text, error, onRetry }: { text: string; error: unknown; onRetry: () => void }) {
  return (
    <StyledProblem role="alert">
      <span>
        {text}
        {isApiError(error) ? ` ${error.message}` : ''}
      </span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </StyledProblem>
  );
}

function TaskList({
  projectId,
  selectedTaskId,
  onSelectTask,
}: Pick<HistoryPanelProps, 'projectId' | 'selectedTaskId' | 'onSelectTask'>) {
  const tasks = useGetTasksQuery({ projectId });
  const sorted = useMemo(
    () => [...(tasks.data?.tasks ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    [tasks.data],
  );
  if (tasks.isLoading) return <Spinner size="sm" label="Loading the tasks" />;
  if (tasks.error && !tasks.data)
    return (
      <Problem
        text="The tasks could not be loaded."
        error={tasks.error}
        onRetry={() => void tasks.refetch()}
      />
    );
  if (sorted.length === 0) return <StyledNote>No tasks yet.</StyledNote>;
  return (
    <StyledList>
      {sorted.map((task) => {
        const state = taskStateLabel(task);
        const selected = task.id === selectedTaskId;
        return (
          <li key={task.id}>
            <StyledTaskButton
              type="button"
              $selected={selected}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelectTask(task.id)}
            >
              <StyledClamp>{task.description}</StyledClamp>
              <StyledMeta>
                <Badge variant={state.variant}>{state.label}</Badge>
                <time dateTime={task.updatedAt} title={formatDateTime(task.updatedAt)}>
                  {formatRelativeTime(task.updatedAt)}
                </time>
              </StyledMeta>
            </StyledTaskButton>
          </li>
        );
      })}
    </StyledList>
  );
}

const StyledVersionActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

function VersionList({
  task,
  taskId,
  currentVersionId,
  onRevert,
}: {
  task: Task | undefined;
  taskId: string;
  currentVersionId: string | null;
  onRevert: (target: RevertTarget) => void;
}) {
  const versions = useGetTaskVersionsQuery(taskId);
  const newestFirst = useMemo(
    () => [...(versions.data?.versions ?? [])].sort((a: Version, b: Version) => b.index - a.index),
    [versions.data],
  );
  const canRevert = task !== undefined && !isTaskRunning(task);
  // In a project workspace, a version can be opened in the preview (SPEC.md 2).
  const session = usePreviewSessionOrNull();
  const viewed = usePreviewState((state) => state.viewedVersion);
  if (versions.isLoading) return <Spinner size="sm" label="Loading the versions" />;
  if (versions.error && !versions.data)
    return (
      <Problem
        text="The versions could not be loaded."
        error={versions.error}
        onRetry={() => void versions.refetch()}
      />
    );
  if (newestFirst.length === 0) return <StyledNote>This task has made no version yet.</StyledNote>;
  return (
    <StyledList>
      {newestFirst.map((version) => {
        const current = version.versionId === currentVersionId;
        const before = newestFirst.find((other) => other.index === version.index - 1);
        return (
          <StyledVersion key={version.versionId}>
            <StyledVersionHead>
              <strong>Version {version.index}</strong>
              {/* The assistant fixed an error of its own version: it says so. */}
              {version.origin === 'REPAIR' && <Badge variant="outline">Repair</Badge>}
              {current && <Badge variant="success">Current</Badge>}
            </StyledVersionHead>
            {version.summary && <StyledClamp>{version.summary}</StyledClamp>}
            <StyledMeta>
              <time dateTime={version.createdAt} title={formatDateTime(version.createdAt)}>
                {formatRelativeTime(version.createdAt)}
              </time>
            </StyledMeta>
            {current && before && isRevertVersion(version) && (
              <StyledVersionActions>
                <Button
                  size="sm"
                  variant="outline"
                  leadingIcon={<RotateCcwIcon size={12} />}
                  disabled={!canRevert}
                  aria-label={`Undo the revert: back to version ${before.index}`}
                  onClick={() => onRevert({ versionId: before.versionId, index: before.index })}
                >
                  Undo revert
                </Button>
              </StyledVersionActions>
            )}
            {(session || !current) && (
              <StyledVersionActions>
                {session && (
                  <Button
                    size="sm"
                    variant={viewed?.versionId === version.versionId ? 'secondary' : 'ghost'}
                    leadingIcon={<EyeIcon size={12} />}
                    aria-label={`Preview version ${version.index}`}
                    aria-pressed={viewed?.versionId === version.versionId}
                    onClick={() =>
                      session.viewVersion(
                        viewed?.versionId === version.versionId
                          ? null
                          : {
                              versionId: version.versionId,
                              index: version.index,
                              previewUrl: version.previewUrl,
                            },
                      )
                    }
                  >
                    Preview
                  </Button>
                )}
                {!current && (
                  <Button
                    size="sm"
                    variant="outline"
                    leadingIcon={<RotateCcwIcon size={12} />}
                    disabled={!canRevert}
                    title={
                      canRevert ? undefined : 'Wait for the assistant to finish before reverting.'
                    }
                    aria-label={`Revert to version ${version.index}`}
                    onClick={() => onRevert({ versionId: version.versionId, index: version.index })}
                  >
                    Revert to this version
                  </Button>
                )}
              </StyledVersionActions>
            )}
          </StyledVersion>
        );
      })}
    </StyledList>
  );
}

/**
 * The history of a project: its tasks (pick one to see its chat) and the versions the picked
 * task made, newest first, each with a revert that asks first.
 */
export function HistoryPanel({
  projectId,
  selectedTaskId,
  onSelectTask,
  currentVersionId,
  onClose,
  id,
  className,
}: HistoryPanelProps) {
  const titleId = useId();
  const [revertTarget, setRevertTarget] = useState<RevertTarget | null>(null);
  const task = useGetTaskQuery(selectedTaskId ?? '', { skip: !selectedTaskId }).data;
  return (
    <StyledPanel id={id} className={className} aria-labelledby={titleId}>
      <StyledHeader>
        <StyledTitle id={titleId}>History</StyledTitle>
        {onClose && (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Hide history"
            title="Hide history"
            onClick={onClose}
          >
            <CloseIcon size={14} />
          </Button>
        )}
      </StyledHeader>
      <StyledSection aria-label="Tasks">
        <StyledSectionTitle>Tasks</StyledSectionTitle>
        <TaskList
          projectId={projectId}
          selectedTaskId={selectedTaskId}
          onSelectTask={onSelectTask}
        />
      </StyledSection>
      {selectedTaskId && (
        <StyledSection aria-label="Versions">
          <StyledSectionTitle>Versions of this task</StyledSectionTitle>
          <VersionList
            task={task}
            taskId={selectedTaskId}
            currentVersionId={currentVersionId}
            onRevert={setRevertTarget}
          />
        </StyledSection>
      )}
      {selectedTaskId && (
        <RevertDialog
          taskId={selectedTaskId}
          target={revertTarget}
          onClose={() => setRevertTarget(null)}
        />
      )}
    </StyledPanel>
  );
}
