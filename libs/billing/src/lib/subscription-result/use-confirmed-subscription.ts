import { useEffect, useState } from 'react';
import { useLazyGetActiveSubscriptionQuery } from '@mason/api-client';
import { subscriptionStatusOf, type Subscription } from '@mason/contract';

export interface ConfirmationTiming {
  /** How long to wait between questions while the payment is being confirmed. */
  pollIntervalMs: number;
  /** How many answers without a paid plan before the page says it may take a while. */
  maxAttempts: number;
  /** How long to wait between questions after that, so the page still updates by itself. */
  slowPollIntervalMs: number;
}

export const CONFIRMATION_TIMING: ConfirmationTiming = {
  pollIntervalMs: 2000,
  maxAttempts: 5,
  slowPollIntervalMs: 15_000,
};

export type Confirmation =
  { state: 'confirming' } | { state: 'slow' } | { state: 'confirmed'; subscription: Subscription };

const isPaid = (subscription: Subscription | null | undefined): subscription is Subscription =>
  subscriptionStatusOf(subscription) !== 'free' && subscription?.status !== 'canceled';

/**
 * The subscription a checkout just paid for. The payment provider tells the server by webhook,
 * which may land a moment after the person is back, so the active subscription is asked for
 * afresh (never the cached answer) until it is a paid plan: every `pollIntervalMs`, and after
 * `maxAttempts` answers without one ('slow') every `slowPollIntervalMs`. A failed question
 * counts as an answer without one (the subscription call is silent: no toast).
 */
export function useConfirmedSubscription({
  pollIntervalMs,
  maxAttempts,
  slowPollIntervalMs,
}: ConfirmationTiming): Confirmation {
  const [fetchSubscription] = useLazyGetActiveSubscriptionQuery();
  const [slow, setSlow] = useState(false);
  const [confirmed, setConfirmed] = useState<Subscription | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    const ask = async () => {
      const { data, isError } = await fetchSubscription(undefined, false);
      if (stopped) return;
      if (!isError && isPaid(data?.subscription)) {
        setConfirmed(data.subscription);
        return;
      }
      attempts += 1;
      if (attempts >= maxAttempts) setSlow(true);
      timer = setTimeout(
        () => void ask(),
        attempts >= maxAttempts ? slowPollIntervalMs : pollIntervalMs,
      );
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [fetchSubscription, pollIntervalMs, maxAttempts, slowPollIntervalMs]);

  if (confirmed) return { state: 'confirmed', subscription: confirmed };
  return slow ? { state: 'slow' } : { state: 'confirming' };
}
