import type { CheckoutResponse, TransactionsResponse } from '@mason/contract';
import type { CheckoutDecisionResponse } from '@mason/contract/billing';
import { billingSettingsFromEnv } from '@mason/server-billing';
import { startStripeStandIn, type StripeStandIn } from '@mason/server-billing/testing';
import { signUp } from '../test-utils/accounts';
import { startTestApp, type TestApp } from '../test-utils/test-app';

// A person who opened Mason at http://127.0.0.1:4200 while PUBLIC_URL says localhost: their
// session lives in that origin's storage, so the checkout and its way back must stay there.
// Any origin Mason does not serve gets PUBLIC_URL's links, never its own.

const PUBLIC_URL = 'http://localhost:4200';
const LOOPBACK = 'http://127.0.0.1:4200';

const checkout = (server: TestApp, token: string, origin?: string) =>
  server.request<CheckoutResponse>('POST', '/api/stripe/checkout', {
    token,
    body: { type: 'PRO' },
    headers: origin ? { origin } : {},
  });

describe('the checkout follows the origin the person is on (embedded checkout)', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ publicUrl: PUBLIC_URL });
  });
  afterAll(() => server.close());

  it('on 127.0.0.1: the checkout page, Pay’s way back, the receipt and Cancel’s way back are on 127.0.0.1', async () => {
    const paying = await signUp(server);
    const started = await checkout(server, paying.token, LOOPBACK);
    expect(started.status).toBe(200);
    expect(started.body.checkoutUrl).toMatch(
      new RegExp(`^${LOOPBACK}/billing/checkout/[0-9a-f-]{36}$`),
    );
    const id = started.body.checkoutUrl.split('/').pop() as string;
    const paid = await server.request<CheckoutDecisionResponse>(
      'POST',
      `/api/billing/checkout/${id}/confirm`,
      { token: paying.token, headers: { origin: LOOPBACK } },
    );
    expect(paid.status).toBe(200);
    expect(paid.body.redirectUrl).toBe(`${LOOPBACK}/subscriptions/success?checkout=${id}`);
    // Its receipt in the billing screen's payments opens on 127.0.0.1 too (on localhost there).
    const receipt = async (origin: string) =>
      (
        await server.request<TransactionsResponse>('GET', '/api/stripe/transactions', {
          token: paying.token,
          headers: { origin },
        })
      ).body.transactions.map((transaction) => transaction.receiptUrl);
    expect(await receipt(LOOPBACK)).toEqual([
      expect.stringMatching(new RegExp(`^${LOOPBACK}/billing/receipts/[0-9a-f-]{36}$`)),
    ]);
    expect(await receipt(PUBLIC_URL)).toEqual([
      expect.stringMatching(new RegExp(`^${PUBLIC_URL}/billing/receipts/[0-9a-f-]{36}$`)),
    ]);

    const leaving = await signUp(server);
    const again = await checkout(server, leaving.token, LOOPBACK);
    const other = again.body.checkoutUrl.split('/').pop() as string;
    const canceled = await server.request<CheckoutDecisionResponse>(
      'POST',
      `/api/billing/checkout/${other}/cancel`,
      { token: leaving.token, headers: { origin: LOOPBACK } },
    );
    expect(canceled.body.redirectUrl).toBe(`${LOOPBACK}/subscriptions/cancel?checkout=${other}`);
  });

  it('on PUBLIC_URL, without an Origin, or from another site: PUBLIC_URL', async () => {
    for (const origin of [PUBLIC_URL, undefined, 'https://evil.example', 'http://127.0.0.1:4300']) {
      const person = await signUp(server);
      const started = await checkout(server, person.token, origin);
      expect(started.status).toBe(200);
      expect({ origin, url: started.body.checkoutUrl }).toEqual({
        origin,
        url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/billing/checkout/`)),
      });
    }
  });
});

describe('the checkout follows the origin the person is on (Stripe)', () => {
  let stripe: StripeStandIn;
  let server: TestApp;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ webhookSecret: 'whsec_test' });
    server = await startTestApp({
      publicUrl: PUBLIC_URL,
      billing: billingSettingsFromEnv({
        STRIPE_SECRET_KEY: 'sk_test_origin',
        STRIPE_WEBHOOK_SECRET: 'whsec_test',
        STRIPE_API_BASE: stripe.apiBase,
      }),
    });
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  it('Stripe sends the person back to 127.0.0.1 when they came from there', async () => {
    const person = await signUp(server);
    const started = await checkout(server, person.token, LOOPBACK);
    expect(started.status).toBe(200);
    const session = stripe
      .requests()
      .filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions')
      .at(-1);
    expect(session?.params['success_url']).toMatch(
      new RegExp(`^${LOOPBACK}/subscriptions/success\\?`),
    );
    expect(session?.params['cancel_url']).toMatch(
      new RegExp(`^${LOOPBACK}/subscriptions/cancel\\?checkout=`),
    );
  });
});
