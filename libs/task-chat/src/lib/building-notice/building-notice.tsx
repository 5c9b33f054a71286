import { liveTaskLogsArgs, useGetTaskLogsQuery, useGetTaskQuery } from '@mason/api-client';
import type { TaskLog, TaskLogOf } from '@mason/contract';
import styled from 'styled-components';
import { SparklesIcon, Spinner } from '@mason/ui-kit';
import { isTaskRunning } from '../task-state/task-state';
import { describeToolActivity } from '../tool-activity/describe-tool-activity';

const StyledNotice = styled.div`
  position: absolute;
  left: 50%;
  bottom: ${({ theme }) => theme.space[4]};
  z-index: ${({ theme }) => theme.zIndices.raised};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2.5]};
  max-width: calc(100% - ${({ theme }) => theme.space[8]});
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  transform: translateX(-50%);
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.popover};
  color: ${({ theme }) => theme.colors.popoverForeground};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  pointer-events: none;
`;

const StyledText = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const StyledStep = styled.span`
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

/** What the assistant is doing now, from the newest tool call of the live log. */
export function currentStep(logs: readonly TaskLog[]): string {
  for (let index = logs.length - 1; index >= 0; index -= 1) {
    const log = logs[index];
    if (log.type === 'USER_MESSAGE') break;
    if (log.type === 'TOOL_CALL') {
      const call = log as TaskLogOf<'TOOL_CALL'>;
      const result = logs
        .slice(index + 1)
        .find(
          (entry): entry is TaskLogOf<'TOOL_RESULT'> =>
            entry.type === 'TOOL_RESULT' && entry.payload.toolCallId === call.payload.toolCallId,
        );
      return describeToolActivity(call, result ?? null);
    }
  }
  return 'Reading your message';
}

export interface BuildingNoticeProps {
  /** The task shown in the chat. */
  taskId: string;
  /** The newest version's number (null: not known yet). */
  newestIndex: number | null;
}

/**
 * Over the preview, which keeps showing the last good version: "Building version 3… Editing
 * src/App.tsx" while a turn runs, and, before version 1 exists, that this is the starter page.
 */
export function BuildingNotice({ taskId, newestIndex }: BuildingNoticeProps) {
  const task = useGetTaskQuery(taskId).data;
  const feed = useGetTaskLogsQuery(liveTaskLogsArgs(taskId)).data;
  const shown = feed?.latestTask ?? task;
  if (!shown || newestIndex === null) return null;
  if (isTaskRunning(shown)) {
    return (
      <StyledNotice role="status" aria-live="polite">
        <Spinner size="sm" decorative />
        <StyledText>
          Building version {newestIndex + 1}…{' '}
          <StyledStep>{currentStep(feed?.logs ?? [])}</StyledStep>
        </StyledText>
      </StyledNotice>
    );
  }
  if (newestIndex === 0) {
    return (
      <StyledNotice role="status">
        <SparklesIcon size={14} aria-hidden="true" />
        <StyledText>This is the starter page: your app appears here as version 1.</StyledText>
      </StyledNotice>
    );
  }
  return null;
}
