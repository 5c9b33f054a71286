import {
  invoiceJson,
  sessionJson,
  subscriptionJson,
  type InvoiceLine,
  type InvoiceRecord,
  type ItemRecord,
  type Json,
  type SessionRecord,
  type SubscriptionRecord,
} from './stripe-objects';
import { addMonth, dollars, StandInError, type StandInState } from './stripe-state';

/** Sends one webhook event (queued, in order). */
export type Emit = (type: string, object: Json, previousAttributes?: Json) => void;

/** What the stand-in needs to answer and to send events. */
export interface Lifecycle {
  readonly state: StandInState;
  readonly apiBase: string;
  readonly emit: Emit;
}

export function invoiceOf({ state, apiBase }: Lifecycle, invoice: InvoiceRecord): Json {
  const metadata = invoice.subscription
    ? (state.subscriptions.get(invoice.subscription)?.metadata ?? {})
    : {};
  return invoiceJson(invoice, apiBase, metadata);
}

/** What a period of an item costs in advance (monthly prices; metered ones are billed after). */
const advanceLine = (item: ItemRecord): InvoiceLine | null =>
  item.price.recurring?.usageType === 'metered'
    ? null
    : {
        description: `${item.quantity ?? 1} × ${item.price.productName} (at ${dollars(item.price.unitAmount)} / month)`,
        amount: item.price.unitAmount * (item.quantity ?? 1),
        quantity: item.quantity ?? 1,
      };

const advanceLines = (items: readonly ItemRecord[]) =>
  items.map(advanceLine).filter((line): line is InvoiceLine => line !== null);

/**
 * A completed checkout, as Stripe does it once the card is accepted: the customer (made from the
 * e-mail address when there is none), then the subscription and its paid first invoice, or the
 * payment; then checkout.session.completed and, for a subscription, invoice.paid.
 */
export function completeSession(life: Lifecycle, session: SessionRecord): void {
  const { state } = life;
  if (session.status !== 'open') {
    throw new StandInError(
      400,
      `This Checkout Session is no longer active (${session.id}).`,
      'checkout_session_inactive',
    );
  }
  const makesCustomer = session.mode === 'subscription' || session.createCustomer;
  if (!session.customer && makesCustomer)
    session.customer = state.createCustomer(session.customerEmail).id;
  let firstInvoice: InvoiceRecord | null = null;
  if (session.mode === 'subscription') {
    firstInvoice = startSubscription(life, session, session.customer as string);
  } else {
    session.paymentIntent = state.createPayment(session.customer, session.amountTotal).intentId;
  }
  session.status = 'complete';
  life.emit('checkout.session.completed', sessionJson(session, life.apiBase));
  if (firstInvoice) life.emit('invoice.paid', invoiceOf(life, firstInvoice));
}

function startSubscription(
  life: Lifecycle,
  session: SessionRecord,
  customer: string,
): InvoiceRecord {
  const { state } = life;
  const now = state.now();
  const subscription: SubscriptionRecord = {
    id: state.id('sub'),
    customer,
    status: 'active',
    items: session.lines.map((line) => ({
      id: state.id('si'),
      price: line.price,
      quantity: line.quantity,
      created: now,
    })),
    metadata: { ...session.subscriptionMetadata },
    cancelAtPeriodEnd: false,
    periodStart: now,
    periodEnd: addMonth(now),
    created: now,
    canceledAt: null,
    endedAt: null,
    latestInvoice: null,
    pending: [],
  };
  state.subscriptions.set(subscription.id, subscription);
  const invoice = state.createInvoice({
    customer,
    subscription: subscription.id,
    lines: advanceLines(subscription.items),
    billingReason: 'subscription_create',
    periodStart: subscription.periodStart,
    periodEnd: subscription.periodEnd,
  });
  subscription.latestInvoice = invoice.id;
  session.subscription = subscription.id;
  session.invoice = invoice.id;
  return invoice;
}

/**
 * Proration of an item change now: the unused part of the removed items' period is credited, the
 * rest of the period at the added items' prices is charged, both on the next invoice.
 */
export function prorate(
  state: StandInState,
  subscription: SubscriptionRecord,
  removed: readonly ItemRecord[],
  added: readonly ItemRecord[],
): void {
  const left =
    (subscription.periodEnd - state.now()) / (subscription.periodEnd - subscription.periodStart);
  if (left <= 0) return;
  for (const line of advanceLines(removed)) {
    subscription.pending.push({
      description: `Unused time on ${line.description}`,
      amount: -Math.round(line.amount * left),
      quantity: line.quantity,
    });
  }
  for (const line of advanceLines(added)) {
    subscription.pending.push({
      description: `Remaining time on ${line.description}`,
      amount: Math.round(line.amount * left),
      quantity: line.quantity,
    });
  }
}

/** The metered items' usage over the period that ended, at their unit prices. */
function usageLines(state: StandInState, subscription: SubscriptionRecord): InvoiceLine[] {
  return subscription.items.flatMap((item) => {
    const meterId = item.price.recurring?.meter;
    const meter = meterId ? state.meters.get(meterId) : undefined;
    if (!meter) return [];
    const used = Math.ceil(
      state.usage(
        meter.eventName,
        subscription.customer,
        subscription.periodStart,
        subscription.periodEnd,
      ),
    );
    return [
      {
        description: `${used} × ${item.price.productName} (at ${dollars(item.price.unitAmount)} / unit)`,
        amount: used * item.price.unitAmount,
        quantity: used,
      },
    ];
  });
}

/**
 * A subscription whose period ended: one cancelled at period end ends (customer.subscription.deleted);
 * any other renews for a month with an invoice of the next month's prices, the ended month's usage
 * and pending prorations. The invoice is paid (invoice.paid, status active) unless the customer's
 * next payment was set to fail (invoice.payment_failed, status past_due).
 */
export function renew(life: Lifecycle, subscription: SubscriptionRecord): void {
  const { state } = life;
  if (subscription.cancelAtPeriodEnd) {
    subscription.status = 'canceled';
    subscription.endedAt = subscription.periodEnd;
    subscription.canceledAt = subscription.canceledAt ?? state.now();
    life.emit('customer.subscription.deleted', subscriptionJson(subscription), {
      status: 'active',
    });
    return;
  }
  const lines = [...usageLines(state, subscription), ...subscription.pending];
  const previous = {
    current_period_start: subscription.periodStart,
    current_period_end: subscription.periodEnd,
    status: subscription.status,
  };
  subscription.pending = [];
  subscription.periodStart = subscription.periodEnd;
  subscription.periodEnd = addMonth(subscription.periodStart);
  const invoice = state.createInvoice({
    customer: subscription.customer,
    subscription: subscription.id,
    lines: [...advanceLines(subscription.items), ...lines],
    billingReason: 'subscription_cycle',
    periodStart: subscription.periodStart,
    periodEnd: subscription.periodEnd,
  });
  subscription.latestInvoice = invoice.id;
  const declined = invoice.amountDue > 0 && state.failNext.delete(subscription.customer);
  if (declined) invoice.status = 'open';
  subscription.status = declined ? 'past_due' : 'active';
  life.emit('customer.subscription.updated', subscriptionJson(subscription), previous);
  life.emit(declined ? 'invoice.payment_failed' : 'invoice.paid', invoiceOf(life, invoice));
}

/** Every renewal due by the test clock, in the order their periods ended. */
export function renewDue(life: Lifecycle): void {
  for (;;) {
    const due = [...life.state.subscriptions.values()]
      .filter(
        (subscription) =>
          subscription.status !== 'canceled' && subscription.periodEnd <= life.state.now(),
      )
      .sort((a, b) => a.periodEnd - b.periodEnd)[0];
    if (!due) return;
    renew(life, due);
  }
}
