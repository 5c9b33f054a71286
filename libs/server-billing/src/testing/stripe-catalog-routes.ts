import { objectOf, listOf, textOf, type Form } from './stripe-form';
import { listJson, meterJson, priceJson, productJson, type PriceRecord } from './stripe-objects';
import { required, wholeNumber, type Route, type RouteContext } from './stripe-route';
import { invalidParam, StandInError } from './stripe-state';

function metadataOf(params: Form): Record<string, string> {
  return Object.fromEntries(
    Object.entries(objectOf(params['metadata'])).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function createProduct({ state, params }: RouteContext) {
  const id = textOf(params['id']) || state.id('prod');
  if (state.products.has(id)) {
    throw new StandInError(400, `Product already exists.`, 'resource_already_exists', 'id');
  }
  const product = {
    id,
    name: required(params, 'name'),
    metadata: metadataOf(params),
    created: state.now(),
  };
  state.products.set(id, product);
  return productJson(product);
}

function recurringOf({ state }: RouteContext, params: Form): PriceRecord['recurring'] {
  const recurring = objectOf(params['recurring']);
  if (Object.keys(recurring).length === 0) return null;
  if (textOf(recurring['interval']) !== 'month') {
    throw invalidParam('recurring[interval]', 'The stand-in bills monthly only.');
  }
  const usageType = textOf(recurring['usage_type']) === 'metered' ? 'metered' : 'licensed';
  const meter = textOf(recurring['meter']) ?? null;
  if (usageType === 'metered' && !meter)
    throw invalidParam('recurring[meter]', 'A metered price needs a meter.');
  if (meter) state.find(state.meters, 'billing.meter', meter, 'recurring[meter]');
  return { usageType, meter };
}

function createPrice(context: RouteContext) {
  const { state, params } = context;
  const productId = required(params, 'product');
  const product = state.find(state.products, 'product', productId, 'product');
  const lookupKey = textOf(params['lookup_key']) ?? null;
  const taken = [...state.prices.values()].find(
    (price) => lookupKey && price.lookupKey === lookupKey,
  );
  if (taken) {
    throw invalidParam('lookup_key', `A price (\`${taken.id}\`) already uses that lookup key.`);
  }
  const price: PriceRecord = {
    id: state.id('price'),
    product: product.id,
    productName: product.name,
    unitAmount: wholeNumber(textOf(params['unit_amount']), 'unit_amount'),
    currency: required(params, 'currency'),
    recurring: recurringOf(context, params),
    lookupKey,
    metadata: metadataOf(params),
    created: state.now(),
  };
  state.prices.set(price.id, price);
  return priceJson(price);
}

function listPrices({ state, params }: RouteContext) {
  const keys = listOf(params['lookup_keys']).filter(
    (key): key is string => typeof key === 'string',
  );
  const found = [...state.prices.values()].filter(
    (price) => keys.length === 0 || (price.lookupKey !== null && keys.includes(price.lookupKey)),
  );
  return listJson('/v1/prices', found.map(priceJson));
}

function createMeter({ state, params }: RouteContext) {
  const eventName = required(params, 'event_name');
  if ([...state.meters.values()].some((meter) => meter.eventName === eventName)) {
    throw invalidParam('event_name', `An active meter already uses the event name ${eventName}.`);
  }
  const meter = {
    id: state.id('mtr'),
    eventName,
    displayName: required(params, 'display_name'),
    customerKey:
      textOf(objectOf(params['customer_mapping'])['event_payload_key']) ?? 'stripe_customer_id',
    valueKey: textOf(objectOf(params['value_settings'])['event_payload_key']) ?? 'value',
    created: state.now(),
  };
  state.meters.set(meter.id, meter);
  return meterJson(meter);
}

/**
 * One usage report. Like Stripe, an identifier already held is refused (400), so a report sent
 * twice is counted once; the customer and value are read with the meter's payload keys.
 */
function createMeterEvent({ state, params }: RouteContext) {
  const eventName = required(params, 'event_name');
  const meter = [...state.meters.values()].find((found) => found.eventName === eventName);
  if (!meter) throw invalidParam('event_name', `No active meter has the event name ${eventName}.`);
  const payload = objectOf(params['payload']);
  const customer = textOf(payload[meter.customerKey]);
  const value = Number(textOf(payload[meter.valueKey]));
  if (!customer) throw invalidParam('payload', `The payload has no ${meter.customerKey}.`);
  if (!Number.isFinite(value))
    throw invalidParam('payload', `The payload's ${meter.valueKey} is not a number.`);
  const identifier = textOf(params['identifier']) || state.id('mevt');
  if (state.meterEvents.has(identifier)) {
    throw invalidParam('identifier', `An event already exists with identifier ${identifier}.`);
  }
  const timestamp = textOf(params['timestamp'])
    ? wholeNumber(textOf(params['timestamp']), 'timestamp')
    : state.now();
  const record = {
    identifier,
    eventName,
    customer,
    value,
    timestamp,
    payload: Object.fromEntries(Object.entries(payload).map(([key, item]) => [key, String(item)])),
    created: state.now(),
  };
  state.meterEvents.set(identifier, record);
  return {
    object: 'billing.meter_event',
    created: record.created,
    event_name: eventName,
    identifier,
    livemode: false,
    payload: record.payload,
    timestamp,
  };
}

/** Products, prices, meters and meter events: what the provider's catalog and usage reports use. */
export const CATALOG_ROUTES: readonly Route[] = [
  { method: 'POST', path: /^\/v1\/products$/, handle: createProduct },
  {
    method: 'GET',
    path: /^\/v1\/products\/([^/]+)$/,
    handle: ({ state, id }) => productJson(state.find(state.products, 'product', id)),
  },
  { method: 'POST', path: /^\/v1\/prices$/, handle: createPrice },
  { method: 'GET', path: /^\/v1\/prices$/, handle: listPrices },
  {
    method: 'GET',
    path: /^\/v1\/prices\/([^/]+)$/,
    handle: ({ state, id }) => priceJson(state.find(state.prices, 'price', id)),
  },
  { method: 'POST', path: /^\/v1\/billing\/meters$/, handle: createMeter },
  {
    method: 'GET',
    path: /^\/v1\/billing\/meters$/,
    handle: ({ state }) =>
      listJson('/v1/billing/meters', [...state.meters.values()].map(meterJson)),
  },
  { method: 'POST', path: /^\/v1\/billing\/meter_events$/, handle: createMeterEvent },
];
