import type {
  ActiveSubscriptionResponse,
  CheckoutResponse,
  TransactionsResponse,
} from '@mason/contract';
import { type DomainHarness, type HarnessUser, startDomainHarness } from '@mason/server-testing';
import Stripe from 'stripe';
import { startStripeStandIn, type StripeStandIn } from '../testing';
import { billingSettingsFromEnv } from './billing-config';
import { billingRoutes } from './billing.routes';
import { BillingService } from './billing.service';
import { StripeProvider } from './providers/stripe/stripe-provider';

const WEB = 'http://mason.test';
const WEBHOOK_SECRET = 'whsec_mason_routes';
const DAY = 24 * 3600 * 1000;

describe('billing over HTTP, with Stripe (its SDK against a loopback stand-in)', () => {
  let stripe: StripeStandIn;
  let harness: DomainHarness;

  beforeAll(async () => {
    stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
    const settings = billingSettingsFromEnv({
      STRIPE_SECRET_KEY: 'sk_test_mason',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.apiBase,
    });
    harness = await startDomainHarness(async (api, { db, log }) => {
      const links = { web: (path: string) => `${WEB}${path}` };
      const provider = new StripeProvider(
        settings.stripe as NonNullable<typeof settings.stripe>,
        settings.pricing,
      );
      const billing = new BillingService({ config: settings, db, provider, links, log });
      await api.register(billingRoutes, { billing });
    });
    stripe.setWebhookUrl(`${harness.baseUrl}/api/stripe/webhook`);
  });
  afterAll(async () => {
    await harness?.close();
    await stripe?.close();
  });

  const active = async (user: HarnessUser) =>
    (await harness.as(user).get<ActiveSubscriptionResponse>('/api/subscriptions/active')).body
      .subscription;
  const payments = async (user: HarnessUser) =>
    (await harness.as(user).get<TransactionsResponse>('/api/stripe/transactions')).body;

  /** The customer of the newest completed checkout, as Stripe's event names it. */
  function lastCheckoutCustomer(): string {
    const completed = stripe
      .events()
      .filter((entry) => entry.type === 'checkout.session.completed');
    const last = completed[completed.length - 1]?.event as
      { data: { object: { customer: string } } } | undefined;
    if (!last) throw new Error('No checkout was completed.');
    return last.data.object.customer;
  }

  async function subscribe(user: HarnessUser, type: 'LITE' | 'PRO') {
    const started = await harness.as(user).post<CheckoutResponse>('/api/stripe/checkout', { type });
    expect(started.status).toBe(200);
    expect(started.body.checkoutUrl.startsWith(stripe.apiBase)).toBe(true);
    const sessionId = new URL(started.body.checkoutUrl).pathname.split('/').pop() as string;
    await stripe.completeCheckout(sessionId);
  }

  it('checkout -> signed webhooks -> the plan and its payment, each event applied once', async () => {
    const ada = await harness.signUp('ada');
    await subscribe(ada, 'PRO');
    expect(await active(ada)).toMatchObject({ type: 'PRO_MONTHLY', status: 'active' });
    const paid = await payments(ada);
    expect(paid.transactions).toEqual([
      expect.objectContaining({ kind: 'SUBSCRIPTION', amountCents: 4000, status: 'SUCCEEDED' }),
    ]);

    expect(stripe.events().every((entry) => entry.status === 200)).toBe(true);
    // Stripe delivers an event again: nothing changes.
    for (const event of stripe.events()) await stripe.redeliver(event.id);
    expect((await payments(ada)).transactions).toHaveLength(1);
  });

  it('refuses a webhook with a bad signature, and changes nothing', async () => {
    const body = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'invoice.paid' });
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: 'whsec_wrong',
    });
    const refused = await fetch(`${harness.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': forged },
      body,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: 'The Stripe-Signature header does not match this body (or it is too old).',
    });
    const unsigned = await fetch(`${harness.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(400);
  });

  it('renews, fails a payment (past due), cancels at the period end, and reactivates', async () => {
    const bea = await harness.signUp('bea');
    await subscribe(bea, 'LITE');
    const customer = lastCheckoutCustomer();
    await stripe.advance(32 * DAY);
    expect((await payments(bea)).transactions.map((entry) => entry.status)).toEqual([
      'SUCCEEDED',
      'SUCCEEDED',
    ]);

    stripe.failNextPayment(customer);
    await stripe.advance(32 * DAY);
    expect(await active(bea)).toMatchObject({ status: 'past_due' });
    expect((await payments(bea)).transactions[0]).toMatchObject({ status: 'FAILED' });

    const upgraded = await harness
      .as(bea)
      .post<ActiveSubscriptionResponse>('/api/subscriptions/update', { type: 'PRO' });
    expect(upgraded.body.subscription).toMatchObject({ type: 'PRO_MONTHLY' });
    const cancelled = await harness
      .as(bea)
      .post<ActiveSubscriptionResponse>('/api/subscriptions/cancel');
    expect(cancelled.body.subscription).toMatchObject({ cancelAtPeriodEnd: true });
    // Stripe does not deliver events in order: an update older than the cancel (the upgrade's,
    // as if its first delivery came only now) leaves the plan set to end.
    await stripe.settled();
    const older = stripe
      .events()
      .filter((entry) => entry.type === 'customer.subscription.updated')
      .at(-2)?.event as { id: string } | undefined;
    const late = JSON.stringify({ ...older, id: `${older?.id}_late` });
    const delivered = await fetch(`${harness.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: late,
          secret: WEBHOOK_SECRET,
        }),
      },
      body: late,
    });
    expect(delivered.status).toBe(200);
    expect(await active(bea)).toMatchObject({ type: 'PRO_MONTHLY', cancelAtPeriodEnd: true });
    const kept = await harness
      .as(bea)
      .post<ActiveSubscriptionResponse>('/api/subscriptions/reactivate');
    expect(kept.body.subscription).toMatchObject({ cancelAtPeriodEnd: false });
    await harness.as(bea).post('/api/subscriptions/cancel');
    await stripe.settled();
    await stripe.advance(32 * DAY);
    expect(await active(bea)).toBeNull();
  });

  it('sells credits once paid, with Stripe’s receipt', async () => {
    const cy = await harness.signUp('cy');
    await subscribe(cy, 'PRO');
    const started = await harness
      .as(cy)
      .post<CheckoutResponse>('/api/stripe/credits/checkout', { credits: 700 });
    await stripe.completeCheckout(
      new URL(started.body.checkoutUrl).pathname.split('/').pop() as string,
    );
    const money = await payments(cy);
    expect(money.credits).toBe(700);
    expect(money.transactions[0]).toMatchObject({
      kind: 'CREDITS',
      amountCents: 700,
      receiptUrl: expect.stringMatching(/^http/),
    });
  });
});
