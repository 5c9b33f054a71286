import type { ReactNode } from 'react';
import styled from 'styled-components';
import { MODEL_LABELS, type TaskLogOf, type TaskRating } from '@mason/contract';
import { Button, CheckIcon, ThumbsDownIcon, ThumbsUpIcon } from '@mason/ui-kit';
import { useChatContext } from '../chat-context/chat-context';
import { StyledBubble, StyledMeta } from '../entry-looks/entry-looks';
import { Markdown } from '../markdown/markdown';

const StyledRating = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
`;

function RateAnswer({ logId }: { logId: string }) {
  const { ratings, rate, ratingLogId } = useChatContext();
  const given = ratings[logId];
  if (given)
    return (
      <StyledRating role="status">
        <CheckIcon size={12} /> Thanks for the feedback.
      </StyledRating>
    );
  const busy = ratingLogId === logId;
  const button = (rating: TaskRating, label: string, icon: ReactNode) => (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={label}
      disabled={busy}
      onClick={() => rate(logId, rating)}
    >
      {icon}
    </Button>
  );
  return (
    <StyledRating role="group" aria-label="Rate this answer">
      <span>Was this helpful?</span>
      {button('POSITIVE', 'Good answer', <ThumbsUpIcon size={14} />)}
      {button('NEGATIVE', 'Bad answer', <ThumbsDownIcon size={14} />)}
    </StyledRating>
  );
}

export interface AiMessageProps {
  log: TaskLogOf<'AI_MESSAGE'>;
}

/**
 * The assistant's answer as markdown; the newest one of an ended turn shows the model that gave
 * it (by the name it had then: the operator's endpoint by its id) and can be rated.
 */
export function AiMessage({ log }: AiMessageProps) {
  const { rateableLogId } = useChatContext();
  return (
    <StyledBubble $own={false} aria-label="Assistant’s message">
      <Markdown>{log.content}</Markdown>
      {rateableLogId === log.id && (
        <StyledMeta>
          {log.payload.model && (
            <span>{log.payload.modelLabel ?? MODEL_LABELS[log.payload.model]}</span>
          )}
          <RateAnswer logId={log.id} />
        </StyledMeta>
      )}
    </StyledBubble>
  );
}
