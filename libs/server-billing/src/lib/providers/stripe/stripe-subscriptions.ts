import { PAID_PLANS, type PaidPlan } from '@mason/contract';
import type Stripe from 'stripe';
import type { ProviderSubscription } from '../billing-provider';
import { idOf } from './stripe-client';

/**
 * Stripe's subscription statuses in billing's three: a subscription that still gives its plan
 * (active, trialing), one whose payment is owed (past_due, unpaid, incomplete, paused: the plan
 * is kept while Stripe retries, as for past due), and one that ended.
 */
const STATUS: Readonly<Record<Stripe.Subscription.Status, ProviderSubscription['status']>> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'past_due',
  paused: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

const isPaidPlan = (value: string | undefined): value is PaidPlan =>
  (PAID_PLANS as readonly string[]).includes(value ?? '');

/**
 * The plan a price sells: its metadata names it (set when Mason created the price), else its
 * lookup key (`mason_pro_monthly_4000`, `mason_usage_credits_1`) does.
 */
export function planOfPrice(price: Stripe.Price): PaidPlan | null {
  const named = price.metadata?.['plan'];
  if (isPaidPlan(named)) return named;
  const fromKey = /^mason_([a-z]+)_/.exec(price.lookup_key ?? '')?.[1]?.toUpperCase();
  return isPaidPlan(fromKey) ? fromKey : null;
}

/**
 * The end of the paid period: recent API versions keep it on each subscription item, older
 * ones (an account pinned to one) on the subscription itself.
 */
function periodEndOf(subscription: Stripe.Subscription): number {
  const fromItems = subscription.items.data.map((item) => item.current_period_end);
  const legacy = (subscription as { readonly current_period_end?: number }).current_period_end;
  return Math.max(...fromItems, legacy ?? 0);
}

/**
 * A Stripe subscription as billing keeps it, or null for one that sells none of Mason's plans
 * (another product on the same Stripe account: its webhooks are not billing's business).
 */
export function masonSubscriptionOf(
  subscription: Stripe.Subscription,
): ProviderSubscription | null {
  const plan = subscription.items.data
    .map((item) => planOfPrice(item.price))
    .find((found): found is PaidPlan => found !== null);
  if (!plan) return null;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    plan,
    status: STATUS[subscription.status] ?? 'past_due',
    currentPeriodEnd: new Date(periodEndOf(subscription) * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** The subscription Mason just changed: one that sells no Mason plan is an error. */
export function providerSubscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const found = masonSubscriptionOf(subscription);
  if (!found)
    throw new Error(`Stripe subscription ${subscription.id} sells none of Mason's plans.`);
  return found;
}
