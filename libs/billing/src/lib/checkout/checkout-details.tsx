import styled from 'styled-components';
import type { CheckoutSession } from '@mason/contract/billing';
import { Alert, Badge, Button, Inline, Panel } from '@mason/ui-kit';
import { formatCredits, formatMoney, PLAN_NAMES } from '../format/billing-format';
import { StyledDetailsList } from '../shared/details-list';

export interface CheckoutDetailsProps {
  session: CheckoutSession;
  onConfirm: () => void;
  onCancel: () => void;
  /** Which decision is on its way (its button spins, the other waits). */
  pending: 'confirm' | 'cancel' | null;
  /** The last decision failed: the catalogue's message, and the way to try it again. */
  failure: { message: string; retry: () => void } | null;
}

const StyledBody = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
`;

/** What is bought, in words: the plan, the credits, or money for the balance. */
function itemOf(session: CheckoutSession): { label: string; value: string } {
  if (session.kind === 'SUBSCRIPTION' && session.plan)
    return { label: 'Plan', value: PLAN_NAMES[session.plan] };
  if (session.kind === 'CREDITS' && session.credits !== null)
    return { label: 'Credits', value: formatCredits(session.credits) };
  return {
    label: 'Added to your balance',
    value: formatMoney(session.amountCents, session.currency),
  };
}

/** "$40.00 a month" for a plan, "$12.00 once" for credits or balance. */
export function priceOf(session: CheckoutSession): string {
  const money = formatMoney(session.amountCents, session.currency);
  return session.kind === 'SUBSCRIPTION' ? `${money} a month` : `${money} once`;
}

/** An open checkout: what is bought, its price, a test-mode note, and Pay or Cancel. */
export function CheckoutDetails({
  session,
  onConfirm,
  onCancel,
  pending,
  failure,
}: CheckoutDetailsProps) {
  const item = itemOf(session);
  const amount = formatMoney(session.amountCents, session.currency);
  return (
    <Panel
      title={session.description}
      titleAs="h2"
      actions={<Badge variant="info">Test mode</Badge>}
      footer={
        <Inline gap={2} justify="end">
          <Button
            variant="outline"
            onClick={onCancel}
            loading={pending === 'cancel'}
            loadingText="Cancelling…"
            disabled={pending === 'confirm'}
          >
            Cancel
          </Button>
          <Button
            onClick={onConfirm}
            loading={pending === 'confirm'}
            loadingText="Paying…"
            disabled={pending === 'cancel'}
          >
            Pay {amount}
          </Button>
        </Inline>
      }
    >
      <StyledBody>
        <StyledDetailsList>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
          <dt>Price</dt>
          <dd>{priceOf(session)}</dd>
        </StyledDetailsList>
        <Alert tone="info" title="A test payment">
          This is the payment page of this Mason server, used when no payment provider is set up. No
          card is needed and nothing is charged.
        </Alert>
        {failure ? (
          <Alert
            tone="error"
            title="That did not go through"
            action={
              <Button variant="outline" size="sm" onClick={failure.retry}>
                Try again
              </Button>
            }
          >
            {failure.message}
          </Alert>
        ) : null}
      </StyledBody>
    </Panel>
  );
}
