import { randomUUID } from 'node:crypto';
import { PAID_PLANS, type PaidPlan } from '@mason/contract';
import type { PricingTable } from '@mason/contract/billing';
import { monthlyDescription } from '../plan-names';
import type { CheckoutSessionRow, Executor, SubscriptionRow } from '@mason/server-db';
import type { BillingLinks } from '../billing-context';
import { subscriptionByProviderId } from '../subscriptions.repository';
import type {
  BillingEvent,
  BillingProvider,
  CheckoutInput,
  ProviderSubscription,
  StartedCheckout,
} from './billing-provider';

const PAID_PLANS_SET: ReadonlySet<string> = new Set(PAID_PLANS);

/** A month later, the same day of the month (UTC; the 31st becomes the month's last day). */
export function monthAfter(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  if (next.getUTCDate() !== date.getUTCDate()) next.setUTCDate(0);
  return next;
}

const eventId = () => `emb_evt_${randomUUID()}`;

/** The plan of a stored subscription ('PRO_MONTHLY' -> PRO). */
function planOfRow(row: SubscriptionRow): PaidPlan {
  const plan = row.type.split('_')[0] as PaidPlan;
  return PAID_PLANS_SET.has(plan) ? plan : 'USAGE';
}

function stateOf(row: SubscriptionRow, customerId: string): ProviderSubscription {
  return {
    id: row.providerSubscriptionId ?? row.id,
    customerId,
    plan: planOfRow(row),
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd ?? monthAfter(row.createdAt),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/**
 * The default provider, so a fresh clone can do everything: Mason's own checkout page shows what
 * is bought and lets the person confirm or leave; no card is charged. Confirming emits the same
 * events Stripe's webhooks would (checkout completed, then the first invoice paid), and periods
 * renew the same way (settled when the person's billing is next read).
 */
export class EmbeddedProvider implements BillingProvider {
  readonly name = 'embedded' as const;

  constructor(
    private readonly db: Executor,
    private readonly links: BillingLinks,
  ) {}

  /** A payment's id and its receipt: Mason's own page (/billing/receipts/:id) shows it. */
  private receipt(): Receipt {
    const paymentId = randomUUID();
    return { paymentId, receiptUrl: this.links.web(`/billing/receipts/${paymentId}`) };
  }

  async startCheckout(input: CheckoutInput): Promise<StartedCheckout> {
    return {
      // On the origin of the way back: where the person's session is.
      url: this.links.web(
        `/billing/checkout/${input.checkoutId}`,
        new URL(input.successUrl).origin,
      ),
      providerSessionId: input.checkoutId,
    };
  }

  private async stored(subscriptionId: string): Promise<SubscriptionRow> {
    const row = await subscriptionByProviderId(this.db, 'embedded', subscriptionId);
    if (!row) throw new Error(`The embedded provider has no subscription ${subscriptionId}.`);
    return row;
  }

  async changePlan(subscriptionId: string, plan: PaidPlan): Promise<ProviderSubscription> {
    const row = await this.stored(subscriptionId);
    return { ...stateOf(row, customerOfRow(row)), plan };
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription> {
    const row = await this.stored(subscriptionId);
    return { ...stateOf(row, customerOfRow(row)), cancelAtPeriodEnd: true };
  }

  async reactivate(subscriptionId: string): Promise<ProviderSubscription> {
    const row = await this.stored(subscriptionId);
    return { ...stateOf(row, customerOfRow(row)), cancelAtPeriodEnd: false };
  }

  /** Nothing is invoiced here: usage past the balance stays on it, below zero, for the person to see. */
  async reportUsage(): Promise<void> {
    return undefined;
  }

  /** What paying a checkout on Mason's page means, as Stripe would say it. */
  paymentEvents(checkout: CheckoutSessionRow, now: Date = new Date()): BillingEvent[] {
    const customerId = embeddedCustomerId(checkout.userId);
    if (checkout.kind !== 'SUBSCRIPTION') {
      return [
        {
          type: 'checkout.completed',
          eventId: eventId(),
          checkoutId: checkout.id,
          customerId,
          subscription: null,
          amountCents: checkout.amountCents,
          ...this.receipt(),
        },
      ];
    }
    const plan = checkout.plan as PaidPlan;
    const subscription: ProviderSubscription = {
      id: `emb_sub_${randomUUID()}`,
      customerId,
      plan,
      status: 'active',
      currentPeriodEnd: monthAfter(now),
      cancelAtPeriodEnd: false,
    };
    return [
      {
        type: 'checkout.completed',
        eventId: eventId(),
        checkoutId: checkout.id,
        customerId,
        subscription,
        amountCents: checkout.amountCents,
        receiptUrl: null,
      },
      invoicePaid(subscription, checkout.amountCents, this.receipt()),
    ];
  }

  /**
   * What happens to a subscription whose period ended by `now`: it renews (an invoice paid, a new
   * period) or, set to end, it ends. Several periods may have passed.
   */
  renewalEvents(row: SubscriptionRow, prices: Record<PaidPlan, number>, now: Date): BillingEvent[] {
    const customerId = customerOfRow(row);
    let state = stateOf(row, customerId);
    const events: BillingEvent[] = [];
    while (state.status !== 'canceled' && state.currentPeriodEnd.getTime() <= now.getTime()) {
      if (state.cancelAtPeriodEnd) {
        events.push({ type: 'subscription.deleted', eventId: eventId(), subscriptionId: state.id });
        break;
      }
      state = { ...state, status: 'active', currentPeriodEnd: monthAfter(state.currentPeriodEnd) };
      events.push(invoicePaid(state, prices[state.plan], this.receipt()));
      events.push({ type: 'subscription.updated', eventId: eventId(), subscription: state });
    }
    return events;
  }
}

interface Receipt {
  readonly paymentId: string;
  readonly receiptUrl: string;
}

function invoicePaid(
  subscription: ProviderSubscription,
  amountCents: number,
  receipt: Receipt,
): BillingEvent {
  return {
    type: 'invoice.paid',
    eventId: eventId(),
    invoiceId: `emb_in_${randomUUID()}`,
    customerId: subscription.customerId,
    subscriptionId: subscription.id,
    amountCents,
    currency: 'usd',
    ...receipt,
    description: monthlyDescription(subscription.plan),
  };
}

/** The embedded provider's customer of a person: their id, so it needs no lookup. */
export const embeddedCustomerId = (userId: string) => `emb_cus_${userId}`;
const customerOfRow = (row: SubscriptionRow) => embeddedCustomerId(row.userId);

/** The monthly price of each paid plan in cents, from the effective table. */
export function paidPlanPrices(plans: PricingTable['plans']): Record<PaidPlan, number> {
  return {
    LITE: plans.LITE.monthlyPriceCents,
    PRO: plans.PRO.monthlyPriceCents,
    USAGE: plans.USAGE.monthlyPriceCents,
  };
}
