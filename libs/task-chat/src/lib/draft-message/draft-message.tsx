import styled, { keyframes } from 'styled-components';
import type { TaskLogDraft } from '@mason/api-client';
import { StyledBubble } from '../entry-looks/entry-looks';
import { Markdown } from '../markdown/markdown';

const blink = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0; }
`;

const StyledCaret = styled.span`
  display: inline-block;
  width: 0.5em;
  height: 1em;
  margin-left: 2px;
  vertical-align: text-bottom;
  background: ${({ theme }) => theme.colors.mutedForeground};
  animation: ${blink} 1s steps(1) infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

export interface DraftMessageProps {
  draft: TaskLogDraft;
}

/** Words of an answer being written: shown as they come, replaced by the stored message. */
export function DraftMessage({ draft }: DraftMessageProps) {
  return (
    <StyledBubble
      $own={false}
      aria-label="Assistant’s message, being written"
      aria-live="polite"
      aria-busy="true"
    >
      <Markdown>{draft.text}</Markdown>
      <StyledCaret aria-hidden="true" />
    </StyledBubble>
  );
}
