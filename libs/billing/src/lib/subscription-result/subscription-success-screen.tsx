import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router';
import { billingApi } from '@mason/api-client';
import { planOfStatus, subscriptionStatusOf } from '@mason/contract';
import { CheckCircleIcon, Spinner } from '@mason/ui-kit';
import { formatBillingDate, PLAN_NAMES } from '../format/billing-format';
import { rememberedReturnTo } from '../shared/return-to';
import { ResultLayout, type ResultLinks } from './result-layout';
import {
  CONFIRMATION_TIMING,
  useConfirmedSubscription,
  type ConfirmationTiming,
} from './use-confirmed-subscription';

export interface SubscriptionSuccessScreenProps extends ResultLinks {
  /** How often and how long to ask for the new plan (tests and stories go faster). */
  timing?: ConfirmationTiming;
}

/** A checkout of credits or balance comes back with `?kind=CREDITS` or `?kind=BALANCE`. */
const ONE_OFF_KINDS = {
  CREDITS: 'Your credits are added to your account.',
  BALANCE: 'The money is added to your balance.',
} as const;

type Links = ResultLinks & { returnTo: string | null };

function OneOffPaymentResult({ words, ...links }: Links & { words: string }) {
  const dispatch = useDispatch();
  // The credits or balance changed: the billing screen and its payments load afresh.
  useEffect(() => {
    dispatch(
      billingApi.util.invalidateTags(['BillingSummary', { type: 'Transaction', id: 'LIST' }]),
    );
  }, [dispatch]);
  return (
    <ResultLayout
      {...links}
      icon={<CheckCircleIcon />}
      title="Payment received"
      description={`Thank you. ${words}`}
    />
  );
}

function SubscriptionResult({ timing, ...links }: Links & { timing: ConfirmationTiming }) {
  const confirmation = useConfirmedSubscription(timing);
  if (confirmation.state === 'confirming')
    return (
      <ResultLayout
        {...links}
        icon={<Spinner size="lg" decorative />}
        title="Confirming your payment…"
        description="This takes a moment."
      />
    );
  if (confirmation.state === 'slow')
    return (
      <ResultLayout
        {...links}
        icon={<Spinner size="lg" decorative />}
        title="Almost there"
        description="Your payment is being confirmed; this page updates when it is."
      />
    );
  const { subscription } = confirmation;
  const name = PLAN_NAMES[planOfStatus[subscriptionStatusOf(subscription)]];
  return (
    <ResultLayout
      {...links}
      icon={<CheckCircleIcon />}
      title={`You’re on ${name}`}
      description={
        subscription.currentPeriodEnd
          ? `Thank you. Your plan is active and renews on ${formatBillingDate(subscription.currentPeriodEnd)}.`
          : 'Thank you. Your plan is active.'
      }
    />
  );
}

/**
 * /subscriptions/success: where a paid checkout comes back. For a plan it waits, visibly, until
 * the server knows the new subscription (the provider's webhook may land a moment later), then
 * says which plan the person is on; for credits or balance (`?kind=`) it thanks them. A person
 * who came to billing from a stopped task is offered the way back to it first.
 */
export function SubscriptionSuccessScreen({
  timing = CONFIRMATION_TIMING,
  ...links
}: SubscriptionSuccessScreenProps) {
  const [searchParams] = useSearchParams();
  const [returnTo] = useState(rememberedReturnTo);
  const kind = searchParams.get('kind')?.toUpperCase();
  if (kind === 'CREDITS' || kind === 'BALANCE')
    return <OneOffPaymentResult {...links} returnTo={returnTo} words={ONE_OFF_KINDS[kind]} />;
  return <SubscriptionResult {...links} returnTo={returnTo} timing={timing} />;
}
