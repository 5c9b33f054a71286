import { planOfStatus, subscriptionStatusOf, type Plan } from '@mason/contract';
import { billingEvents, type BillingProviderValue, type Executor } from '@mason/server-db';
import {
  checkoutById,
  endCheckout,
  saveCustomer,
  userOfCustomer,
} from '../checkout/checkout.repository';
import { addLedgerEntry } from '../ledger/ledger.repository';
import type { BillingEvent } from '../providers/billing-provider';
import { rewardReferral, type ReferralRewardRules } from '../rewards/referral-rewards';
import {
  setSubscriptionStatus,
  storeSubscription,
  subscriptionByProviderId,
} from '../subscriptions.repository';
import { recordPayment } from './transactions.repository';

/**
 * An event names a customer Mason does not know yet (Stripe may send an invoice before the
 * checkout that made the customer): nothing is applied, and the provider sends it again.
 */
export class UnknownCustomerError extends Error {
  override name = 'UnknownCustomerError';
}

export type ApplyResult = 'applied' | 'duplicate' | 'ignored';

/** The plan a checkout's plan ('PRO') or a subscription's type ('PRO_MONTHLY') names (SPEC.md 4). */
const planNamed = (name: string | null | undefined): Plan =>
  planOfStatus[subscriptionStatusOf({ type: name ?? '' })];

async function userOf(
  tx: Executor,
  provider: BillingProviderValue,
  customerId: string,
): Promise<string> {
  const userId = await userOfCustomer(tx, provider, customerId);
  if (!userId) throw new UnknownCustomerError(`No person is customer ${customerId} yet.`);
  return userId;
}

async function checkoutCompleted(
  tx: Executor,
  provider: BillingProviderValue,
  event: Extract<BillingEvent, { type: 'checkout.completed' }>,
  rewards: ReferralRewardRules,
): Promise<ApplyResult> {
  const checkout = await checkoutById(tx, event.checkoutId);
  if (!checkout || checkout.provider !== provider) return 'ignored';
  await saveCustomer(tx, checkout.userId, provider, event.customerId);
  await endCheckout(tx, checkout.id, 'complete');
  // A first payment for a priced plan of a person who came with a friend's link rewards both (once).
  await rewardReferral(
    tx,
    checkout.userId,
    {
      plan: checkout.kind === 'SUBSCRIPTION' ? planNamed(checkout.plan) : null,
      amountCents: event.amountCents,
    },
    rewards,
  );
  const ref = `checkout:${checkout.id}`;
  if (checkout.kind === 'SUBSCRIPTION') {
    if (event.subscription) {
      await storeSubscription(tx, checkout.userId, provider, event.subscription);
    }
    return 'applied';
  }
  const account = checkout.kind === 'CREDITS' ? 'CREDITS' : 'BALANCE';
  const amount = checkout.kind === 'CREDITS' ? (checkout.credits ?? 0) : event.amountCents;
  await addLedgerEntry(tx, { userId: checkout.userId, account, amount, reason: 'purchase', ref });
  await recordPayment(tx, {
    userId: checkout.userId,
    kind: checkout.kind,
    description: checkout.description,
    amountCents: event.amountCents,
    currency: 'usd',
    status: 'SUCCEEDED',
    receiptUrl: event.receiptUrl,
    providerRef: ref,
    id: event.paymentId,
  });
  return 'applied';
}

async function applyOnce(
  tx: Executor,
  provider: BillingProviderValue,
  event: BillingEvent,
  rewards: ReferralRewardRules,
) {
  switch (event.type) {
    case 'checkout.completed':
      return checkoutCompleted(tx, provider, event, rewards);
    case 'subscription.updated': {
      const userId = await userOf(tx, provider, event.subscription.customerId);
      await storeSubscription(tx, userId, provider, event.subscription);
      return 'applied';
    }
    case 'subscription.deleted': {
      const row = await subscriptionByProviderId(tx, provider, event.subscriptionId);
      if (!row) return 'ignored';
      await setSubscriptionStatus(tx, row.id, 'canceled');
      return 'applied';
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const userId = await userOf(tx, provider, event.customerId);
      const paid = event.type === 'invoice.paid';
      await recordPayment(tx, {
        userId,
        kind: 'SUBSCRIPTION',
        description: event.description,
        amountCents: event.amountCents,
        currency: event.currency,
        status: paid ? 'SUCCEEDED' : 'FAILED',
        receiptUrl: event.receiptUrl,
        providerRef: event.invoiceId,
        id: event.paymentId,
      });
      const subscription = event.subscriptionId
        ? await subscriptionByProviderId(tx, provider, event.subscriptionId)
        : null;
      if (paid)
        await rewardReferral(
          tx,
          userId,
          {
            plan: subscription ? planNamed(subscription.type) : null,
            amountCents: event.amountCents,
          },
          rewards,
        );
      if (subscription && subscription.status !== 'canceled') {
        await setSubscriptionStatus(tx, subscription.id, paid ? 'active' : 'past_due');
      }
      return 'applied';
    }
  }
}

/**
 * Applies one of a provider's events, once: its id is stored with what it changed, in the caller's
 * transaction, so a replayed event (a webhook delivered twice) changes nothing. A payment of a
 * referred person for a priced plan gives the referral credits (`rewards`), once.
 */
export async function applyBillingEvent(
  tx: Executor,
  provider: BillingProviderValue,
  event: BillingEvent,
  rewards: ReferralRewardRules,
): Promise<ApplyResult> {
  const fresh = await tx
    .insert(billingEvents)
    .values({ id: event.eventId, provider: provider, type: event.type })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  if (fresh.length === 0) return 'duplicate';
  return applyOnce(tx, provider, event, rewards);
}
