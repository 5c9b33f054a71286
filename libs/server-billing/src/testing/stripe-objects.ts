/** The stand-in's records, and each one as Stripe's API answers it (a subset of its fields). */

export type Json = { [key: string]: unknown };
export type Metadata = Record<string, string>;

export interface CustomerRecord {
  readonly id: string;
  readonly email: string | null;
  readonly created: number;
  /** Negative: credit Stripe keeps for the next invoice (a downgrade's unused time). */
  balance: number;
}

export interface ProductRecord {
  readonly id: string;
  readonly name: string;
  readonly metadata: Metadata;
  readonly created: number;
}

export interface PriceRecord {
  readonly id: string;
  readonly product: string;
  readonly productName: string;
  readonly unitAmount: number;
  readonly currency: string;
  readonly recurring: {
    readonly usageType: 'licensed' | 'metered';
    readonly meter: string | null;
  } | null;
  readonly lookupKey: string | null;
  readonly metadata: Metadata;
  readonly created: number;
}

export interface MeterRecord {
  readonly id: string;
  readonly eventName: string;
  readonly displayName: string;
  readonly customerKey: string;
  readonly valueKey: string;
  readonly created: number;
}

export interface LineRecord {
  readonly price: PriceRecord;
  readonly quantity: number | null;
}

export interface SessionRecord {
  readonly id: string;
  readonly mode: 'subscription' | 'payment';
  status: 'open' | 'complete';
  readonly clientReferenceId: string | null;
  customer: string | null;
  readonly customerEmail: string | null;
  readonly createCustomer: boolean;
  readonly metadata: Metadata;
  readonly subscriptionMetadata: Metadata;
  readonly lines: readonly LineRecord[];
  readonly successUrl: string;
  readonly cancelUrl: string | null;
  readonly amountTotal: number;
  readonly created: number;
  subscription: string | null;
  invoice: string | null;
  paymentIntent: string | null;
}

export interface ItemRecord {
  readonly id: string;
  readonly price: PriceRecord;
  readonly quantity: number | null;
  readonly created: number;
}

export interface SubscriptionRecord {
  readonly id: string;
  readonly customer: string;
  status: 'active' | 'past_due' | 'canceled';
  items: ItemRecord[];
  metadata: Metadata;
  cancelAtPeriodEnd: boolean;
  periodStart: number;
  periodEnd: number;
  readonly created: number;
  canceledAt: number | null;
  endedAt: number | null;
  latestInvoice: string | null;
  /** Proration lines waiting for the next invoice. */
  pending: InvoiceLine[];
}

export interface InvoiceLine {
  readonly description: string;
  readonly amount: number;
  readonly quantity: number | null;
}

export interface InvoiceRecord {
  readonly id: string;
  readonly number: string;
  readonly customer: string;
  readonly subscription: string | null;
  readonly lines: readonly InvoiceLine[];
  readonly total: number;
  readonly amountDue: number;
  status: 'paid' | 'open';
  readonly billingReason: 'subscription_create' | 'subscription_cycle';
  readonly periodStart: number;
  readonly periodEnd: number;
  readonly created: number;
}

export interface PaymentRecord {
  readonly intentId: string;
  readonly chargeId: string;
  readonly customer: string | null;
  readonly amount: number;
  readonly created: number;
}

const list = (url: string, data: readonly Json[]): Json => ({
  object: 'list',
  data,
  has_more: false,
  url,
});

export { list as listJson };

export const customerJson = (customer: CustomerRecord): Json => ({
  id: customer.id,
  object: 'customer',
  balance: customer.balance,
  created: customer.created,
  email: customer.email,
  livemode: false,
  metadata: {},
});

export const productJson = (product: ProductRecord): Json => ({
  id: product.id,
  object: 'product',
  active: true,
  created: product.created,
  livemode: false,
  metadata: product.metadata,
  name: product.name,
  type: 'service',
  updated: product.created,
});

export const priceJson = (price: PriceRecord): Json => ({
  id: price.id,
  object: 'price',
  active: true,
  billing_scheme: 'per_unit',
  created: price.created,
  currency: price.currency,
  livemode: false,
  lookup_key: price.lookupKey,
  metadata: price.metadata,
  nickname: null,
  product: price.product,
  recurring: price.recurring && {
    interval: 'month',
    interval_count: 1,
    meter: price.recurring.meter,
    usage_type: price.recurring.usageType,
  },
  type: price.recurring ? 'recurring' : 'one_time',
  unit_amount: price.unitAmount,
  unit_amount_decimal: String(price.unitAmount),
});

export const meterJson = (meter: MeterRecord): Json => ({
  id: meter.id,
  object: 'billing.meter',
  created: meter.created,
  customer_mapping: { event_payload_key: meter.customerKey, type: 'by_id' },
  default_aggregation: { formula: 'sum' },
  display_name: meter.displayName,
  event_name: meter.eventName,
  event_time_window: null,
  livemode: false,
  status: 'active',
  status_transitions: { deactivated_at: null },
  updated: meter.created,
  value_settings: { event_payload_key: meter.valueKey },
});

export const sessionJson = (session: SessionRecord, apiBase: string): Json => ({
  id: session.id,
  object: 'checkout.session',
  amount_subtotal: session.amountTotal,
  amount_total: session.amountTotal,
  cancel_url: session.cancelUrl,
  client_reference_id: session.clientReferenceId,
  created: session.created,
  currency: 'usd',
  customer: session.customer,
  customer_details: session.customerEmail ? { email: session.customerEmail } : null,
  customer_email: session.customerEmail,
  expires_at: session.created + 24 * 3600,
  invoice: session.invoice,
  livemode: false,
  metadata: session.metadata,
  mode: session.mode,
  payment_intent: session.paymentIntent,
  payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
  status: session.status,
  subscription: session.subscription,
  success_url: session.successUrl,
  url: session.status === 'open' ? `${apiBase}/c/pay/${session.id}` : null,
});

export const subscriptionJson = (subscription: SubscriptionRecord): Json => ({
  id: subscription.id,
  object: 'subscription',
  billing_cycle_anchor: subscription.created,
  cancel_at: subscription.cancelAtPeriodEnd ? subscription.periodEnd : null,
  cancel_at_period_end: subscription.cancelAtPeriodEnd,
  canceled_at: subscription.canceledAt,
  collection_method: 'charge_automatically',
  created: subscription.created,
  currency: 'usd',
  customer: subscription.customer,
  ended_at: subscription.endedAt,
  items: list(
    `/v1/subscription_items?subscription=${subscription.id}`,
    subscription.items.map((item) => ({
      id: item.id,
      object: 'subscription_item',
      created: item.created,
      current_period_end: subscription.periodEnd,
      current_period_start: subscription.periodStart,
      metadata: {},
      price: priceJson(item.price),
      ...(item.quantity === null ? {} : { quantity: item.quantity }),
      subscription: subscription.id,
    })),
  ),
  latest_invoice: subscription.latestInvoice,
  livemode: false,
  metadata: subscription.metadata,
  start_date: subscription.created,
  status: subscription.status,
});

export const invoiceJson = (
  invoice: InvoiceRecord,
  apiBase: string,
  subscriptionMetadata: Metadata,
): Json => ({
  id: invoice.id,
  object: 'invoice',
  amount_due: invoice.amountDue,
  amount_paid: invoice.status === 'paid' ? invoice.amountDue : 0,
  amount_remaining: invoice.status === 'paid' ? 0 : invoice.amountDue,
  attempt_count: 1,
  attempted: true,
  billing_reason: invoice.billingReason,
  created: invoice.created,
  currency: 'usd',
  customer: invoice.customer,
  description: null,
  hosted_invoice_url: `${apiBase}/i/${invoice.id}`,
  invoice_pdf: `${apiBase}/i/${invoice.id}/pdf`,
  lines: list(
    `/v1/invoices/${invoice.id}/lines`,
    invoice.lines.map((line, index) => ({
      id: `il_${invoice.id.slice(3)}_${index}`,
      object: 'line_item',
      amount: line.amount,
      currency: 'usd',
      description: line.description,
      quantity: line.quantity,
      period: { start: invoice.periodStart, end: invoice.periodEnd },
    })),
  ),
  livemode: false,
  number: invoice.number,
  parent: invoice.subscription
    ? {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          subscription: invoice.subscription,
          metadata: subscriptionMetadata,
        },
      }
    : null,
  period_end: invoice.periodEnd,
  period_start: invoice.periodStart,
  status: invoice.status,
  subtotal: invoice.total,
  total: invoice.total,
});

export const paymentIntentJson = (
  payment: PaymentRecord,
  apiBase: string,
  expandCharge: boolean,
): Json => ({
  id: payment.intentId,
  object: 'payment_intent',
  amount: payment.amount,
  amount_received: payment.amount,
  created: payment.created,
  currency: 'usd',
  customer: payment.customer,
  latest_charge: expandCharge
    ? {
        id: payment.chargeId,
        object: 'charge',
        amount: payment.amount,
        currency: 'usd',
        paid: true,
        payment_intent: payment.intentId,
        receipt_url: `${apiBase}/r/${payment.chargeId}`,
        status: 'succeeded',
      }
    : payment.chargeId,
  livemode: false,
  status: 'succeeded',
});
