import Stripe from 'stripe';
import type { BillingEvent } from '../billing-provider';
import { idOf } from './stripe-client';
import { masonSubscriptionOf } from './stripe-subscriptions';

/** How old a signed webhook may be, in seconds (Stripe's own default: five minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A webhook request that is not provably from Stripe, now: answer 400 and apply nothing. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/**
 * A webhook request's event, once its Stripe-Signature header proves Stripe sent this exact body
 * within the last five minutes (an old one replayed is refused). The body must be the raw bytes
 * as received: parsed and serialized again, it no longer matches its signature.
 */
export function verifyStripeWebhook(
  rawBody: Buffer | string,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature) throw new WebhookSignatureError('The request has no Stripe-Signature header.');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new WebhookSignatureError(`The Stripe signature does not match: ${reason}`);
  }
}

/** What the translation may ask Stripe: the subscription a checkout started, a payment's receipt. */
export type StripeLookups = Pick<Stripe, 'subscriptions' | 'paymentIntents'>;

type EventOf<T extends Stripe.Event['type']> = Extract<Stripe.Event, { type: T }>;

/**
 * A Stripe event as billing's own, or null for the events billing does not use (other types, and
 * checkouts and subscriptions that are not Mason's). A completed subscription checkout fetches its
 * subscription (webhooks carry only its id), an updated one its state now (events come out of
 * order); a completed payment fetches its receipt. A
 * subscription checkout's money is reported by its first invoice's invoice.paid, so its
 * checkout.completed says 0 cents (the payment is counted once).
 */
export async function billingEventOf(
  event: Stripe.Event,
  stripe: StripeLookups,
): Promise<BillingEvent | null> {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(event, stripe);
    case 'customer.subscription.updated': {
      // Stripe does not deliver events in order: an older update arriving after a newer change
      // (a cancel answered already, say) would put the old state back. The subscription as it
      // is now is the one to store.
      if (!masonSubscriptionOf(event.data.object)) return null;
      const subscription = masonSubscriptionOf(
        await stripe.subscriptions.retrieve(event.data.object.id),
      );
      return subscription
        ? { type: 'subscription.updated', eventId: event.id, subscription }
        : null;
    }
    case 'customer.subscription.deleted':
      return {
        type: 'subscription.deleted',
        eventId: event.id,
        subscriptionId: event.data.object.id,
      };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return invoiceEvent(event);
    default:
      return null;
  }
}

async function checkoutCompleted(
  event: EventOf<'checkout.session.completed'>,
  stripe: StripeLookups,
): Promise<BillingEvent | null> {
  const session = event.data.object;
  if (!session.client_reference_id) return null; // not a checkout Mason started
  const subscriptionId = idOf(session.subscription);
  const subscription = subscriptionId
    ? masonSubscriptionOf(await stripe.subscriptions.retrieve(subscriptionId))
    : null;
  if (subscriptionId && !subscription) return null; // a subscription to something else
  return {
    type: 'checkout.completed',
    eventId: event.id,
    checkoutId: session.client_reference_id,
    customerId: idOf(session.customer) ?? '',
    subscription,
    amountCents: session.mode === 'subscription' ? 0 : (session.amount_total ?? 0),
    receiptUrl: subscription ? null : await receiptUrlOf(idOf(session.payment_intent), stripe),
  };
}

async function receiptUrlOf(paymentIntentId: string | null, stripe: StripeLookups) {
  if (!paymentIntentId) return null;
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
    expand: ['latest_charge'],
  });
  const charge = intent.latest_charge;
  return charge && typeof charge !== 'string' ? (charge.receipt_url ?? null) : null;
}

function invoiceEvent(event: EventOf<'invoice.paid' | 'invoice.payment_failed'>): BillingEvent {
  const invoice = event.data.object;
  const paid = event.type === 'invoice.paid';
  return {
    type: paid ? 'invoice.paid' : 'invoice.payment_failed',
    eventId: event.id,
    invoiceId: invoice.id,
    customerId: idOf(invoice.customer) ?? '',
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    amountCents: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    receiptUrl: invoice.hosted_invoice_url ?? null,
    description:
      invoice.description ??
      invoice.lines.data[0]?.description ??
      `Stripe invoice ${invoice.number ?? invoice.id}`,
  };
}
