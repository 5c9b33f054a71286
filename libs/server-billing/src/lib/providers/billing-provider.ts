import type { PaidPlan } from '@mason/contract';
import type { BillingProviderName, CheckoutKind } from '@mason/contract/billing';

/**
 * Billing's internal events: what a payment provider says happened, in one shape for both
 * providers. Stripe's webhooks are translated into these; the embedded provider's Confirm emits
 * them directly. The billing service applies each event id once.
 */
export type BillingEvent =
  | {
      readonly type: 'checkout.completed';
      /** The provider's event id (Stripe's `evt_…`): applied once. */
      readonly eventId: string;
      /** Mason's checkout session id (Stripe: `client_reference_id`). */
      readonly checkoutId: string;
      readonly customerId: string;
      /** The subscription the checkout started (SUBSCRIPTION checkouts). */
      readonly subscription: ProviderSubscription | null;
      /** What was paid now, in cents (a subscription's first invoice is its own event). */
      readonly amountCents: number;
      readonly receiptUrl: string | null;
      /** Mason's id of the payment, when the provider names it up front (its receipt's address). */
      readonly paymentId?: string;
    }
  | {
      readonly type: 'subscription.updated';
      readonly eventId: string;
      readonly subscription: ProviderSubscription;
    }
  | {
      readonly type: 'subscription.deleted';
      readonly eventId: string;
      readonly subscriptionId: string;
    }
  | {
      readonly type: 'invoice.paid' | 'invoice.payment_failed';
      readonly eventId: string;
      readonly invoiceId: string;
      readonly customerId: string;
      readonly subscriptionId: string | null;
      readonly amountCents: number;
      readonly currency: string;
      readonly receiptUrl: string | null;
      /** Mason's id of the payment, when the provider names it up front (its receipt's address). */
      readonly paymentId?: string;
      readonly description: string;
    };

/** A subscription as the provider keeps it. */
export interface ProviderSubscription {
  /** Stripe's `sub_…`, or the embedded provider's own id. */
  readonly id: string;
  readonly customerId: string;
  readonly plan: PaidPlan;
  readonly status: 'active' | 'past_due' | 'canceled';
  readonly currentPeriodEnd: Date;
  readonly cancelAtPeriodEnd: boolean;
}

export interface CheckoutInput {
  /** Mason's checkout session id: comes back with the completed checkout. */
  readonly checkoutId: string;
  readonly kind: CheckoutKind;
  readonly plan: PaidPlan | null;
  readonly credits: number | null;
  readonly amountCents: number;
  readonly description: string;
  readonly email: string;
  /** The person's customer at the provider, when they have one already. */
  readonly customerId: string | null;
  /** Where the provider sends the person after paying, and after leaving. */
  readonly successUrl: string;
  readonly cancelUrl: string;
}

export interface StartedCheckout {
  /** Where to send the person. */
  readonly url: string;
  /** The provider's id of the session (Stripe's `cs_…`), or Mason's own. */
  readonly providerSessionId: string;
}

/** One usage report: credits used past what the person prepaid, for the provider to invoice. */
export interface UsageReport {
  readonly customerId: string;
  readonly credits: number;
  /** Unique per report: a report sent twice is counted once. */
  readonly identifier: string;
  readonly at: Date;
}

/**
 * Who takes the money. Both providers answer the same calls; what they decide comes back as
 * BillingEvents (Stripe: webhooks; embedded: at once). Changes to a subscription answer its new
 * state, which the service stores at once (a later webhook carries the same state again).
 */
export interface BillingProvider {
  readonly name: BillingProviderName;
  startCheckout(input: CheckoutInput): Promise<StartedCheckout>;
  /** A new plan for the rest of the period, prorated. */
  changePlan(subscriptionId: string, plan: PaidPlan): Promise<ProviderSubscription>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  reactivate(subscriptionId: string): Promise<ProviderSubscription>;
  reportUsage(report: UsageReport): Promise<void>;
}
