import styled from 'styled-components';
import type { TaskLogOf } from '@mason/contract';
import { turnCostLines } from '@mason/contract/billing';
import { formatDateTime } from '../format/format-time';

const StyledCost = styled.p`
  margin: 0;
  display: grid;
  justify-items: end;
  gap: ${({ theme }) => theme.space[0.5]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledWaived = styled.span`
  color: ${({ theme }) => theme.colors.foreground};
`;

export interface TurnCostEntryProps {
  log: TaskLogOf<'TURN_COST'>;
}

/**
 * What a turn of the assistant cost ("This turn: 3.2 credits"), and what was not charged and why
 * ("Not charged: the assistant fixed its own error"); the tokens and time on hover.
 */
export function TurnCostEntry({ log }: TurnCostEntryProps) {
  const { inputTokens, outputTokens } = log.payload;
  const tokens = `${inputTokens.toLocaleString('en-US')} tokens in, ${outputTokens.toLocaleString('en-US')} out`;
  return (
    <StyledCost title={`${tokens} · ${formatDateTime(log.createdAt)}`}>
      {turnCostLines(log.payload).map((line) =>
        line.startsWith('Not charged') ? (
          <StyledWaived key={line}>{line}</StyledWaived>
        ) : (
          <span key={line}>{line}</span>
        ),
      )}
    </StyledCost>
  );
}
