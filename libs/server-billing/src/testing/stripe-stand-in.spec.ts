import Stripe from 'stripe';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

/** The stand-in's wire format, as the SDK and a plain HTTP client see it. */
describe('the Stripe stand-in', () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ webhookSecret: 'whsec_test' });
    const { hostname, port } = new URL(standIn.apiBase);
    stripe = new Stripe('sk_test_stand_in', {
      host: hostname,
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });

  afterAll(async () => {
    await standIn.close();
  });

  it("answers Stripe's error shape for a missing param and an unknown id", async () => {
    await expect(stripe.products.create({} as Stripe.ProductCreateParams)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'parameter_missing',
      param: 'name',
    });
    await expect(stripe.prices.retrieve('price_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such price: 'price_nope'",
    });
  });

  it('refuses a call without a secret key and a path it does not know', async () => {
    expect((await fetch(`${standIn.apiBase}/v1/customers/cus_1`)).status).toBe(401);
    const unknown = await fetch(`${standIn.apiBase}/v1/charges`, {
      headers: { authorization: 'Bearer sk_test_1' },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('replays an Idempotency-Key with the first answer, and refuses it with other params', async () => {
    const first = await stripe.customers.create(
      { email: 'a@example.test' },
      { idempotencyKey: 'key-1' },
    );
    const again = await stripe.customers.create(
      { email: 'a@example.test' },
      { idempotencyKey: 'key-1' },
    );
    expect(again.id).toBe(first.id);
    await expect(
      stripe.customers.create({ email: 'b@example.test' }, { idempotencyKey: 'key-1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('reads nested bracket params and finds prices by lookup key', async () => {
    const product = await stripe.products.create({
      id: 'prod_nested',
      name: 'Nested',
      metadata: { plan: 'PRO' },
    });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 700,
      recurring: { interval: 'month' },
      lookup_key: 'nested_700',
    });
    const found = await stripe.prices.list({ lookup_keys: ['nested_700', 'other'] });
    expect(
      found.data.map((item) => [item.id, item.unit_amount, item.recurring?.usage_type]),
    ).toEqual([[price.id, 700, 'licensed']]);
    expect(product.metadata).toEqual({ plan: 'PRO' });
  });
});
