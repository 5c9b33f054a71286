import type { PaidPlan } from '@mason/contract';
import type { PricingTable } from '@mason/contract/billing';
import type Stripe from 'stripe';

/** The Billing Meter usage is reported to, and the event name each report carries. */
export const CREDITS_METER_EVENT = 'mason_credits';
import { productName } from '../../plan-names';

const CURRENCY = 'usd';

/** One line of a subscription checkout: a monthly price (quantity 1) or a metered one. */
export interface PlanLineItem {
  readonly price: string;
  readonly quantity?: number;
}

const isMissing = (error: unknown) =>
  error instanceof Error && (error as { readonly code?: string }).code === 'resource_missing';

/**
 * Mason's plans as Stripe products and prices, found by name and created the first time they are
 * needed, so nobody has to set up a Stripe account by hand. Prices are found by lookup key; the
 * key holds the amount (`mason_pro_monthly_4000`), so a changed price in the table makes a new
 * Stripe price while subscribers keep the one they bought. Each answer is kept for the life of
 * the process (one lookup per plan, not one per checkout).
 */
export class StripeCatalog {
  private readonly found = new Map<string, Promise<string>>();

  constructor(
    private readonly stripe: Stripe,
    private readonly pricing: PricingTable,
  ) {}

  /** What a subscription to the plan puts on its checkout. */
  async lineItemsOf(plan: PaidPlan): Promise<PlanLineItem[]> {
    const monthly = this.pricing.plans[plan].monthlyPriceCents;
    const items: PlanLineItem[] = [];
    if (monthly > 0 || plan !== 'USAGE') {
      items.push({
        price: await this.once(`monthly:${plan}`, () => this.monthlyPrice(plan)),
        quantity: 1,
      });
    }
    if (plan === 'USAGE') {
      items.push({ price: await this.once('metered', () => this.meteredPrice()) });
    }
    return items;
  }

  private once(key: string, find: () => Promise<string>): Promise<string> {
    let pending = this.found.get(key);
    if (!pending) {
      pending = find();
      this.found.set(key, pending);
      pending.catch(() => this.found.delete(key));
    }
    return pending;
  }

  private async monthlyPrice(plan: PaidPlan): Promise<string> {
    const cents = this.pricing.plans[plan].monthlyPriceCents;
    return this.price(`mason_${plan.toLowerCase()}_monthly_${cents}`, plan, {
      unit_amount: cents,
      recurring: { interval: 'month', usage_type: 'licensed' },
    });
  }

  /** USAGE's credits past the free ones: billed at the end of each month from the meter's sum. */
  private async meteredPrice(): Promise<string> {
    const meter = await this.meter();
    const cents = this.pricing.creditPriceCents;
    return this.price(`mason_usage_credits_${cents}`, 'USAGE', {
      unit_amount: cents,
      recurring: { interval: 'month', usage_type: 'metered', meter },
    });
  }

  private async price(
    lookupKey: string,
    plan: PaidPlan,
    terms: Pick<Stripe.PriceCreateParams, 'unit_amount' | 'recurring'>,
  ): Promise<string> {
    const existing = await this.stripe.prices.list({
      lookup_keys: [lookupKey],
      active: true,
      limit: 1,
    });
    if (existing.data[0]) return existing.data[0].id;
    const created = await this.stripe.prices.create({
      ...terms,
      currency: CURRENCY,
      product: await this.product(plan),
      lookup_key: lookupKey,
      metadata: { plan },
    });
    return created.id;
  }

  /** The plan's product, under an id of Mason's own (`mason_pro`) so it is found again. */
  private async product(plan: PaidPlan): Promise<string> {
    const id = `mason_${plan.toLowerCase()}`;
    try {
      return (await this.stripe.products.retrieve(id)).id;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    const created = await this.stripe.products.create({
      id,
      name: productName(plan),
      metadata: { plan },
    });
    return created.id;
  }

  /** The active meter summing `mason_credits` events per customer. */
  private async meter(): Promise<string> {
    for await (const meter of this.stripe.billing.meters.list({ status: 'active', limit: 100 })) {
      if (meter.event_name === CREDITS_METER_EVENT) return meter.id;
    }
    const created = await this.stripe.billing.meters.create({
      display_name: 'Mason credits',
      event_name: CREDITS_METER_EVENT,
      default_aggregation: { formula: 'sum' },
      customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' },
      value_settings: { event_payload_key: 'value' },
    });
    return created.id;
  }
}

/** What a payment-mode checkout sells: bought credits, or money for the balance. */
export function paymentLineItem(
  name: string,
  unitAmountCents: number,
  quantity: number,
): Stripe.Checkout.SessionCreateParams.LineItem {
  return {
    price_data: { currency: CURRENCY, unit_amount: unitAmountCents, product_data: { name } },
    quantity,
  };
}
