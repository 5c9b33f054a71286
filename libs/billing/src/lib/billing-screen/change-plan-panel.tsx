import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import {
  readReferralCookie,
  useCreateCheckoutMutation,
  useUpdateSubscriptionMutation,
} from '@mason/api-client';
import { CheckoutPlanSchema, paidPlanOf, type PaidPlan } from '@mason/contract';
import { type BillingSummary, type PricingTable } from '@mason/contract/billing';
import { ConfirmDialog, Panel, TextLink } from '@mason/ui-kit';
import { PLAN_CHOICES, PLAN_NAMES } from '../format/billing-format';
import type { OpenExternalUrl } from '../shared/external-url';
import { planTermsLine } from './current-plan-panel';
import { PlanOption } from './plan-option';

export interface ChangePlanPanelProps {
  summary: BillingSummary;
  pricing: PricingTable;
  openExternalUrl: OpenExternalUrl;
  /** The full pricing page, linked from the panel when given. */
  pricingHref?: string;
}

const StyledOptions = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** The search parameter the pricing page sends a signed-in person here with (`?plan=PRO`). */
const PLAN_PARAM = 'plan';

/** `?plan=pro` (any case, PLUS meaning USAGE) as a plan to offer, or null. */
function requestedPlan(value: string | null): PaidPlan | null {
  const parsed = CheckoutPlanSchema.safeParse(value?.toUpperCase());
  return parsed.success ? paidPlanOf(parsed.data) : null;
}

/**
 * The plans a person can move to. A free person checks out (the payment page, then back); a
 * subscriber switches at once, prorated, after saying yes in a dialog that says so.
 */
export function ChangePlanPanel({
  summary,
  pricing,
  openExternalUrl,
  pricingHref,
}: ChangePlanPanelProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [chosen, setChosen] = useState<PaidPlan | null>(null);
  const [updateSubscription, updateState] = useUpdateSubscriptionMutation();
  const [createCheckout, checkoutState] = useCreateCheckoutMutation();
  const subscribing = summary.subscription === null || summary.subscription.status === 'canceled';
  const fromPricing = requestedPlan(searchParams.get(PLAN_PARAM));

  // A plan chosen on the pricing page opens its dialog once; the parameter is then dropped.
  useEffect(() => {
    if (!fromPricing) return;
    if (fromPricing !== summary.plan) setChosen(fromPricing);
    setSearchParams(
      (params) => {
        params.delete(PLAN_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [fromPricing, summary.plan, setSearchParams]);

  const busy = updateState.isLoading || checkoutState.isLoading || checkoutState.isSuccess;
  const close = () => {
    if (!busy) setChosen(null);
  };

  // Failures are the api listener's toasts; the dialog stays open to try again.
  const confirm = async (plan: PaidPlan) => {
    if (subscribing) {
      const result = await createCheckout({ type: plan, referral: readReferralCookie() });
      if ('data' in result && result.data) openExternalUrl(result.data.checkoutUrl);
      return;
    }
    try {
      await updateSubscription({ type: plan }).unwrap();
      setChosen(null);
    } catch {
      // Logged as an error by the endpoint (SPEC.md 8) and shown by the api listener's toast.
    }
  };

  const name = chosen ? PLAN_NAMES[chosen] : '';
  const terms = chosen ? planTermsLine(chosen, pricing) : '';
  return (
    <Panel
      title="Change plan"
      titleAs="h2"
      description={
        pricingHref ? (
          <>
            Prices from this server’s pricing.{' '}
            <TextLink as={Link} to={pricingHref}>
              Compare plans
            </TextLink>
          </>
        ) : undefined
      }
    >
      <StyledOptions aria-label="Plans">
        {PLAN_CHOICES.map((plan) => (
          <PlanOption
            key={plan}
            plan={plan}
            pricing={pricing}
            current={plan === summary.plan && !subscribing}
            subscribing={subscribing}
            onChoose={setChosen}
          />
        ))}
      </StyledOptions>
      <ConfirmDialog
        open={chosen !== null}
        title={subscribing ? `Subscribe to ${name}?` : `Switch to ${name}?`}
        description={
          subscribing
            ? `${terms}. You pay on the next page, then come back here.`
            : `${terms}. The change starts now. Proration applies: your next bill is adjusted for the days left in this period.`
        }
        confirmLabel={subscribing ? 'Continue to payment' : `Switch to ${name}`}
        busyLabel={subscribing ? 'Opening the payment page…' : 'Switching…'}
        busy={busy}
        onConfirm={() => chosen && void confirm(chosen)}
        onCancel={close}
      />
    </Panel>
  );
}
