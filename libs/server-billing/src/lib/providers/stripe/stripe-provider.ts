import type { PaidPlan } from '@mason/contract';
import type { PricingTable } from '@mason/contract/billing';
import type Stripe from 'stripe';
import type { StripeConfig } from '../../billing-config';
import type {
  BillingEvent,
  BillingProvider,
  CheckoutInput,
  ProviderSubscription,
  StartedCheckout,
  UsageReport,
} from '../billing-provider';
import { CREDITS_METER_EVENT, paymentLineItem, StripeCatalog } from './stripe-catalog';
import { stripeClientOf } from './stripe-client';
import { providerSubscriptionOf } from './stripe-subscriptions';
import { billingEventOf, verifyStripeWebhook } from './stripe-webhooks';

/**
 * Billing through Stripe, with the official SDK.
 *
 * - Checkout: a Stripe Checkout Session. Plans are subscriptions to the plan's monthly price
 *   (USAGE: a metered price on the `mason_credits` Billing Meter); credits and balance are
 *   one-off payments. Mason's checkout id rides along as `client_reference_id` and metadata, so
 *   the completed session's webhook finds Mason's checkout again.
 * - Plan changes, cancelling and reactivating update the subscription and answer its new state.
 * - Usage past the prepaid credits is reported as Billing Meter events, not invoice items: meter
 *   events are Stripe's current usage-based billing API (the legacy usage records are gone from
 *   recent API versions), Stripe sums them per customer per period and puts the sum on the
 *   month's invoice by itself, and a report carries an identifier, so one sent twice (a retry
 *   after a timeout) is counted once.
 */
export class StripeProvider implements BillingProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly catalog: StripeCatalog;

  constructor(
    private readonly config: StripeConfig,
    private readonly pricing: PricingTable,
  ) {
    this.stripe = stripeClientOf(config);
    this.catalog = new StripeCatalog(this.stripe, pricing);
  }

  async startCheckout(input: CheckoutInput): Promise<StartedCheckout> {
    const session = await this.stripe.checkout.sessions.create(
      {
        ...(await this.checkoutTerms(input)),
        client_reference_id: input.checkoutId,
        metadata: checkoutMetadata(input),
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      { idempotencyKey: `checkout_${input.checkoutId}` },
    );
    if (!session.url) throw new Error(`Stripe answered checkout ${session.id} without a URL.`);
    return { url: session.url, providerSessionId: session.id };
  }

  /**
   * The plan's prices in place of the subscription's items, prorated: the unused part of the old
   * price is credited and the rest of the period at the new one charged, on the next invoice.
   * The old items are removed and the new ones added (not re-priced in place), because a switch
   * between a monthly and a metered price cannot keep its item.
   */
  async changePlan(subscriptionId: string, plan: PaidPlan): Promise<ProviderSubscription> {
    const current = await this.stripe.subscriptions.retrieve(subscriptionId);
    const items = await this.catalog.lineItemsOf(plan);
    const updated = await this.stripe.subscriptions.update(subscriptionId, {
      items: [
        ...current.items.data.map((item) => ({ id: item.id, deleted: true })),
        ...items.map((item) => ({ price: item.price, quantity: item.quantity })),
      ],
      proration_behavior: 'create_prorations',
      metadata: { plan },
    });
    return providerSubscriptionOf(updated);
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription> {
    return this.setCancelAtPeriodEnd(subscriptionId, true);
  }

  async reactivate(subscriptionId: string): Promise<ProviderSubscription> {
    return this.setCancelAtPeriodEnd(subscriptionId, false);
  }

  /**
   * One meter event. Stripe's meter counts whole units here: the caller reports whole credits
   * (the ledger keeps the fractions of small turns and carries them to its next report); a
   * fraction or a negative number is refused rather than rounded, and zero reports nothing. A
   * report whose identifier Stripe already holds is taken as delivered.
   */
  async reportUsage(report: UsageReport): Promise<void> {
    if (!Number.isInteger(report.credits) || report.credits < 0) {
      throw new RangeError(`Usage is reported in whole credits, not ${report.credits}.`);
    }
    if (report.credits === 0) return;
    try {
      await this.stripe.billing.meterEvents.create(
        {
          event_name: CREDITS_METER_EVENT,
          payload: { stripe_customer_id: report.customerId, value: String(report.credits) },
          identifier: report.identifier,
          timestamp: Math.floor(report.at.getTime() / 1000),
        },
        { idempotencyKey: `usage_${report.identifier}` },
      );
    } catch (error) {
      // Stripe refuses an identifier it already holds (a 400): that report was counted.
      if (!isAlreadyReported(error)) throw error;
    }
  }

  /**
   * A webhook request as a billing event: its signature checked against STRIPE_WEBHOOK_SECRET
   * (throws WebhookSignatureError), then translated; null for events billing does not use.
   */
  async webhookEvent(
    rawBody: Buffer | string,
    signature: string | undefined,
  ): Promise<BillingEvent | null> {
    return billingEventOf(
      verifyStripeWebhook(rawBody, signature, this.config.webhookSecret),
      this.stripe,
    );
  }

  private async setCancelAtPeriodEnd(
    subscriptionId: string,
    cancelAtPeriodEnd: boolean,
  ): Promise<ProviderSubscription> {
    const updated = await this.stripe.subscriptions.update(subscriptionId, {
      cancel_at_period_end: cancelAtPeriodEnd,
    });
    return providerSubscriptionOf(updated);
  }

  private async checkoutTerms(
    input: CheckoutInput,
  ): Promise<
    Pick<
      Stripe.Checkout.SessionCreateParams,
      'mode' | 'line_items' | 'subscription_data' | 'customer_creation'
    >
  > {
    if (input.kind === 'SUBSCRIPTION') {
      if (!input.plan)
        throw new Error(`Checkout ${input.checkoutId} buys a subscription without a plan.`);
      return {
        mode: 'subscription',
        line_items: await this.catalog.lineItemsOf(input.plan),
        subscription_data: { metadata: { checkoutId: input.checkoutId, plan: input.plan } },
      };
    }
    const lineItem =
      input.kind === 'CREDITS'
        ? paymentLineItem('Mason credits', this.pricing.creditPriceCents, input.credits ?? 0)
        : paymentLineItem(input.description, input.amountCents, 1);
    // A one-off payment makes no customer unless asked; later checkouts and usage need one.
    return {
      mode: 'payment',
      line_items: [lineItem],
      ...(input.customerId ? {} : { customer_creation: 'always' as const }),
    };
  }
}

const isAlreadyReported = (error: unknown) =>
  error instanceof Error && /already exists with identifier/i.test(error.message);

/** Stripe keeps metadata as strings; an absent value is left out. */
function checkoutMetadata(input: CheckoutInput): Record<string, string> {
  return {
    checkoutId: input.checkoutId,
    kind: input.kind,
    ...(input.plan ? { plan: input.plan } : {}),
    ...(input.credits != null ? { credits: String(input.credits) } : {}),
  };
}
