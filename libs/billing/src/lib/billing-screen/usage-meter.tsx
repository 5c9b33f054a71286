import { useId } from 'react';
import styled from 'styled-components';
import { formatBillingDate, formatCredits } from '../format/billing-format';

export interface UsageMeterProps {
  usedCredits: number;
  monthlyCredits: number;
  resetsAt: string;
}

const StyledMeter = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const StyledLabel = styled.span`
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
`;

const StyledMuted = styled.span`
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

const StyledTrack = styled.div`
  height: 10px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.muted};
  overflow: hidden;
`;

const StyledFill = styled.div<{ $percent: number; $full: boolean }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $full }) => ($full ? theme.colors.warning : theme.colors.primary)};
`;

/**
 * This month's plan credits as a progress bar: role=progressbar with its numbers and the same
 * words a person reads ("43 of 100 credits used"), and the day the credits renew.
 */
export function UsageMeter({ usedCredits, monthlyCredits, resetsAt }: UsageMeterProps) {
  const labelId = useId();
  const used = Math.round(usedCredits);
  const shown = Math.min(used, monthlyCredits);
  const percent = monthlyCredits > 0 ? (shown / monthlyCredits) * 100 : 100;
  const words = `${used.toLocaleString('en-US')} of ${formatCredits(monthlyCredits)} used`;
  return (
    <StyledMeter>
      <StyledLine>
        <StyledLabel id={labelId}>Plan credits used this month</StyledLabel>
        <span>{words}</span>
      </StyledLine>
      <StyledTrack
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={monthlyCredits}
        aria-valuenow={shown}
        aria-valuetext={words}
      >
        <StyledFill $percent={percent} $full={used >= monthlyCredits} />
      </StyledTrack>
      <StyledMuted>Resets on {formatBillingDate(resetsAt)}</StyledMuted>
    </StyledMeter>
  );
}
