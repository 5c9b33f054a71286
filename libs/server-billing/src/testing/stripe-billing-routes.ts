import { listOf, mergeMetadata, objectOf, textOf, type Form, type FormValue } from './stripe-form';
import { invoiceOf, prorate } from './stripe-lifecycle';
import {
  customerJson,
  paymentIntentJson,
  sessionJson,
  subscriptionJson,
  type ItemRecord,
  type LineRecord,
  type PriceRecord,
  type SessionRecord,
} from './stripe-objects';
import { booleanOf, required, wholeNumber, type Route, type RouteContext } from './stripe-route';
import { invalidParam, StandInError } from './stripe-state';

/** A line of a subscription checkout: a recurring price; metered ones take no quantity. */
function subscriptionLine({ state }: RouteContext, line: Form, at: string): LineRecord {
  const price = state.find(state.prices, 'price', required(line, 'price'), `${at}[price]`);
  if (!price.recurring)
    throw invalidParam(`${at}[price]`, `The price ${price.id} is not recurring.`);
  const quantity = textOf(line['quantity']);
  if (price.recurring.usageType === 'metered') {
    if (quantity)
      throw invalidParam(`${at}[quantity]`, 'Quantity cannot be set for a metered price.');
    return { price, quantity: null };
  }
  return { price, quantity: quantity ? wholeNumber(quantity, `${at}[quantity]`) : 1 };
}

/** A line of a payment checkout: price_data with a product name, amount and quantity. */
function paymentLine({ state }: RouteContext, line: Form, at: string): LineRecord {
  const data = objectOf(line['price_data']);
  if (Object.keys(data).length === 0)
    throw invalidParam(`${at}[price_data]`, 'The stand-in sells price_data lines only.');
  const price: PriceRecord = {
    id: state.id('price'),
    product: state.id('prod'),
    productName: required(objectOf(data['product_data']), 'name'),
    unitAmount: wholeNumber(textOf(data['unit_amount']), `${at}[price_data][unit_amount]`),
    currency: required(data, 'currency'),
    recurring: null,
    lookupKey: null,
    metadata: {},
    created: state.now(),
  };
  return { price, quantity: wholeNumber(textOf(line['quantity']), `${at}[quantity]`) };
}

function linesOf(context: RouteContext, mode: SessionRecord['mode']): LineRecord[] {
  const lines = listOf(context.params['line_items']);
  if (lines.length === 0) throw invalidParam('line_items', 'Missing required param: line_items.');
  return lines.map((line: FormValue, index) => {
    const at = `line_items[${index}]`;
    return mode === 'subscription'
      ? subscriptionLine(context, objectOf(line), at)
      : paymentLine(context, objectOf(line), at);
  });
}

function createSession(context: RouteContext) {
  const { state, params, apiBase } = context;
  const mode = required(params, 'mode');
  if (mode !== 'subscription' && mode !== 'payment')
    throw invalidParam('mode', `Invalid mode: ${mode}`);
  const customer = textOf(params['customer']) ?? null;
  const customerEmail = textOf(params['customer_email']) ?? null;
  if (customer && customerEmail) {
    throw invalidParam(
      'customer_email',
      'You may only specify one of these parameters: customer, customer_email.',
    );
  }
  if (customer) state.find(state.customers, 'customer', customer, 'customer');
  const creation = textOf(params['customer_creation']);
  if (creation && mode !== 'payment') {
    throw invalidParam(
      'customer_creation',
      '`customer_creation` can only be used in `payment` mode.',
    );
  }
  const lines = linesOf(context, mode);
  const session: SessionRecord = {
    id: state.id('cs_test'),
    mode,
    status: 'open',
    clientReferenceId: textOf(params['client_reference_id']) ?? null,
    customer,
    customerEmail:
      customerEmail ?? (customer ? (state.customers.get(customer)?.email ?? null) : null),
    createCustomer: creation === 'always',
    metadata: mergeMetadata({}, params['metadata']),
    subscriptionMetadata: mergeMetadata({}, objectOf(params['subscription_data'])['metadata']),
    lines,
    successUrl: required(params, 'success_url'),
    cancelUrl: textOf(params['cancel_url']) ?? null,
    amountTotal: lines.reduce(
      (sum, line) =>
        sum +
        (line.price.recurring?.usageType === 'metered'
          ? 0
          : line.price.unitAmount * (line.quantity ?? 1)),
      0,
    ),
    created: state.now(),
    subscription: null,
    invoice: null,
    paymentIntent: null,
  };
  state.sessions.set(session.id, session);
  return sessionJson(session, apiBase);
}

/** items[]: `{id, deleted}` removes an item, `{id, price}` re-prices it, `{price}` adds one. */
function changeItems(context: RouteContext, items: ItemRecord[], changes: readonly FormValue[]) {
  const { state } = context;
  const removed: ItemRecord[] = [];
  const added: ItemRecord[] = [];
  changes.forEach((value, index) => {
    const change = objectOf(value);
    const at = `items[${index}]`;
    const id = textOf(change['id']);
    const existing = id ? items.find((item) => item.id === id) : undefined;
    if (id && !existing) throw invalidParam(`${at}[id]`, `Invalid subscription_item id: ${id}`);
    if (existing && (textOf(change['deleted']) === 'true' || textOf(change['price'])))
      removed.push(existing);
    if (textOf(change['price'])) {
      const line = subscriptionLine(context, change, at);
      added.push({
        id: state.id('si'),
        price: line.price,
        quantity: line.quantity,
        created: state.now(),
      });
    }
  });
  return { removed, added };
}

function updateSubscription(context: RouteContext) {
  const { state, params, id } = context;
  const subscription = state.find(state.subscriptions, 'subscription', id);
  const changes = listOf(params['items']);
  const cancelAtPeriodEnd = textOf(params['cancel_at_period_end']);
  if (
    subscription.status === 'canceled' &&
    (changes.length > 0 || cancelAtPeriodEnd !== undefined)
  ) {
    throw new StandInError(
      400,
      'A canceled subscription can only update its cancellation_details and metadata.',
    );
  }
  const previous = subscriptionJson(subscription);
  if (changes.length > 0) {
    const { removed, added } = changeItems(context, subscription.items, changes);
    const behavior = textOf(params['proration_behavior']) ?? 'create_prorations';
    if (behavior === 'create_prorations' || behavior === 'always_invoice')
      prorate(state, subscription, removed, added);
    subscription.items = [
      ...subscription.items.filter((item) => !removed.includes(item)),
      ...added,
    ];
    if (subscription.items.length === 0)
      throw invalidParam('items', 'A subscription needs at least one item.');
  }
  if (cancelAtPeriodEnd !== undefined) {
    subscription.cancelAtPeriodEnd = booleanOf(cancelAtPeriodEnd, 'cancel_at_period_end');
    subscription.canceledAt = subscription.cancelAtPeriodEnd ? state.now() : null;
  }
  subscription.metadata = mergeMetadata(subscription.metadata, params['metadata']);
  const answer = subscriptionJson(subscription);
  context.emit('customer.subscription.updated', answer, changedFields(previous, answer));
  return answer;
}

/** previous_attributes: the old values of the fields that changed. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(before).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(after[key]),
    ),
  );
}

const expands = (params: Form, field: string) => listOf(params['expand']).includes(field);

/** Checkout sessions, subscriptions, invoices, payments and customers. */
export const BILLING_ROUTES: readonly Route[] = [
  { method: 'POST', path: /^\/v1\/checkout\/sessions$/, handle: createSession },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handle: ({ state, id, apiBase }) =>
      sessionJson(state.find(state.sessions, 'checkout.session', id), apiBase),
  },
  {
    method: 'GET',
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    handle: ({ state, id }) =>
      subscriptionJson(state.find(state.subscriptions, 'subscription', id)),
  },
  { method: 'POST', path: /^\/v1\/subscriptions\/([^/]+)$/, handle: updateSubscription },
  {
    method: 'GET',
    path: /^\/v1\/invoices\/([^/]+)$/,
    handle: (context) =>
      invoiceOf(context, context.state.find(context.state.invoices, 'invoice', context.id)),
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    handle: ({ state, id, params, apiBase }) =>
      paymentIntentJson(
        state.find(state.payments, 'payment_intent', id),
        apiBase,
        expands(params, 'latest_charge'),
      ),
  },
  {
    method: 'POST',
    path: /^\/v1\/customers$/,
    handle: ({ state, params }) =>
      customerJson(state.createCustomer(textOf(params['email']) ?? null)),
  },
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)$/,
    handle: ({ state, id }) => customerJson(state.find(state.customers, 'customer', id)),
  },
];
