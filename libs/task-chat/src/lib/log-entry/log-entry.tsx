import { memo } from 'react';
import styled from 'styled-components';
import type { ChatRow, EntryLog } from '../chat-rows/chat-rows';
import { AiMessage } from '../ai-message/ai-message';
import { DraftMessage } from '../draft-message/draft-message';
import { ErrorEntry } from '../error-entry/error-entry';
import { FileChange } from '../file-change/file-change';
import { NeedsAttentionCard } from '../needs-attention-card/needs-attention-card';
import { StatusEntry } from '../status-entry/status-entry';
import { ThinkingIndicator } from '../thinking-indicator/thinking-indicator';
import { ToolActivity } from '../tool-activity/tool-activity';
import { TurnCostEntry } from '../turn-cost-entry/turn-cost-entry';
import { UserMessage } from '../user-message/user-message';
import { VersionEntry } from '../version-entry/version-entry';

const StyledRow = styled.div`
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[4]}`};
`;

function Entry({ log }: { log: EntryLog }) {
  switch (log.type) {
    case 'USER_MESSAGE':
      return <UserMessage log={log} />;
    case 'AI_MESSAGE':
      return <AiMessage log={log} />;
    case 'FILE_CHANGE':
      return <FileChange log={log} />;
    case 'VERSION':
      return <VersionEntry log={log} />;
    case 'ERROR':
      return <ErrorEntry log={log} />;
    case 'NEEDS_ATTENTION':
      return <NeedsAttentionCard log={log} />;
    case 'STATUS':
      return <StatusEntry log={log} />;
    case 'TURN_COST':
      return <TurnCostEntry log={log} />;
  }
}

export interface LogEntryProps {
  row: ChatRow;
}

/** One row of the chat, as the person sees it. Memoized: rows re-render only when they change. */
export const LogEntry = memo(function LogEntry({ row }: LogEntryProps) {
  return (
    <StyledRow>
      {row.kind === 'entry' ? (
        <Entry log={row.log} />
      ) : row.kind === 'tool' ? (
        <ToolActivity call={row.call} result={row.result} />
      ) : row.kind === 'draft' ? (
        <DraftMessage draft={row.draft} />
      ) : (
        <ThinkingIndicator />
      )}
    </StyledRow>
  );
});
