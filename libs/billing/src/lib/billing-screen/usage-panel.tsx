import styled from 'styled-components';
import type { BillingSummary } from '@mason/contract/billing';
import { Panel } from '@mason/ui-kit';
import { formatCredits, formatMoney } from '../format/billing-format';
import { UsageMeter } from './usage-meter';

export interface UsagePanelProps {
  summary: BillingSummary;
}

const StyledBody = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
`;

const StyledFigure = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;

  dt {
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizes['2xl']};
    font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  }

  dd + dd {
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    font-weight: ${({ theme }) => theme.typography.fontWeights.regular};
    color: ${({ theme }) => theme.colors.mutedForeground};
  }
`;

/** Subscribers (Lite, Pro) buy credits; the others a prepaid balance. Anyone may be rewarded credits. */
const isSubscriberPlan = (plan: BillingSummary['plan']) => plan === 'LITE' || plan === 'PRO';

/** This month's plan credits against the plan's, and what is left to spend after them. */
export function UsagePanel({ summary }: UsagePanelProps) {
  const { usage } = summary;
  return (
    <Panel title="Usage this month" titleAs="h2">
      <StyledBody>
        <UsageMeter
          usedCredits={usage.usedCredits}
          monthlyCredits={usage.monthlyCredits}
          resetsAt={usage.resetsAt}
        />
        {/* Rewards give credits on any plan: they show whenever there are some. */}
        {(isSubscriberPlan(summary.plan) || summary.credits > 0) && (
          <StyledFigure>
            <dt>Credits left</dt>
            <dd>{formatCredits(summary.credits)}</dd>
            <dd>Bought and rewarded credits, used after this month’s plan credits.</dd>
          </StyledFigure>
        )}
        {!isSubscriberPlan(summary.plan) && (
          <StyledFigure>
            <dt>Balance</dt>
            <dd>{formatMoney(summary.balanceCents)}</dd>
            <dd>Prepaid money, used after this month’s free credits.</dd>
          </StyledFigure>
        )}
      </StyledBody>
    </Panel>
  );
}
