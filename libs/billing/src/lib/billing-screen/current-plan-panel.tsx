import { useState } from 'react';
import styled from 'styled-components';
import {
  useCancelSubscriptionMutation,
  useReactivateSubscriptionMutation,
} from '@mason/api-client';
import type { Subscription } from '@mason/contract';
import type { BillingSummary, PricingTable } from '@mason/contract/billing';
import { Alert, Badge, Button, ConfirmDialog, Panel } from '@mason/ui-kit';
import {
  formatBillingDate,
  formatCredits,
  formatMoney,
  PLAN_NAMES,
} from '../format/billing-format';

export interface CurrentPlanPanelProps {
  summary: BillingSummary;
  pricing: PricingTable;
}

const StyledPlan = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledName = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledLine = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

/** When the plan renews or ends, in words; null when the server gave no date. */
function periodLine(subscription: Subscription): string | null {
  if (!subscription.currentPeriodEnd) return null;
  const date = formatBillingDate(subscription.currentPeriodEnd);
  if (subscription.status === 'canceled') return `Ended on ${date}`;
  return subscription.cancelAtPeriodEnd ? `Ends on ${date}` : `Renews on ${date}`;
}

/** The last day of the paid period, or words for it when the server gave no date. */
const keptUntil = ({ currentPeriodEnd }: Subscription) =>
  currentPeriodEnd ? formatBillingDate(currentPeriodEnd) : 'the end of this billing period';

/** The plan's terms in one line: "$40.00 a month · 3,500 credits a month". */
export function planTermsLine(plan: BillingSummary['plan'], pricing: PricingTable): string {
  const terms = pricing.plans[plan];
  const credits = `${formatCredits(terms.monthlyCredits)} a month`;
  if (plan === 'USAGE') return `No monthly fee · ${credits} free, then pay for what you use`;
  if (plan === 'FREE') return `Free · ${credits}`;
  return `${formatMoney(terms.monthlyPriceCents)} a month · ${credits}`;
}

/** The person's plan, when it renews or ends, and the way to cancel it or keep it. */
export function CurrentPlanPanel({ summary, pricing }: CurrentPlanPanelProps) {
  const { subscription, plan } = summary;
  const name = PLAN_NAMES[plan];
  const [confirming, setConfirming] = useState(false);
  const [cancel, cancelState] = useCancelSubscriptionMutation();
  const [reactivate, reactivateState] = useReactivateSubscriptionMutation();
  const live = subscription !== null && subscription.status !== 'canceled';
  const ending = live && subscription.cancelAtPeriodEnd;
  const line = subscription ? periodLine(subscription) : null;

  const confirmCancel = async () => {
    // A failure is the api listener's toast; the dialog stays open to try again.
    const result = await cancel();
    if (!('error' in result)) setConfirming(false);
  };

  let action = null;
  if (ending) {
    action = (
      <Button
        variant="outline"
        onClick={() => void reactivate()}
        loading={reactivateState.isLoading}
        loadingText="Keeping it…"
      >
        Keep {name}
      </Button>
    );
  } else if (live) {
    action = (
      <Button variant="outline" onClick={() => setConfirming(true)}>
        Cancel plan
      </Button>
    );
  }

  return (
    <Panel title="Current plan" titleAs="h2" actions={action}>
      <StyledPlan>
        <StyledName>
          {name}
          {ending ? <Badge variant="warning">Ending</Badge> : null}
        </StyledName>
        <StyledLine>{planTermsLine(plan, pricing)}</StyledLine>
        {line ? <StyledLine>{line}</StyledLine> : null}
        {subscription?.status === 'past_due' ? (
          <Alert tone="error" title="Payment failed: update your payment">
            Your last payment did not go through. Update your card with your payment provider to
            keep {name}.
          </Alert>
        ) : null}
      </StyledPlan>
      {live ? (
        <ConfirmDialog
          open={confirming}
          title={`Cancel your ${name} plan?`}
          description={`You keep ${name} until ${keptUntil(subscription)}. After that you move to the free plan and nothing more is charged.`}
          confirmLabel="Cancel plan"
          cancelLabel={`Keep ${name}`}
          busyLabel="Cancelling…"
          variant="destructive"
          busy={cancelState.isLoading}
          onConfirm={() => void confirmCancel()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </Panel>
  );
}
