import { DEFAULT_PRICING } from '@mason/contract/billing';
import {
  checkoutInput,
  nth,
  receivedOf,
  startStripeFixture,
  type StripeFixture,
} from './test-utils/stripe-fixture';

describe('StripeProvider checkout (the real SDK against the Stripe stand-in)', () => {
  let fixture: StripeFixture;

  beforeEach(async () => {
    fixture = await startStripeFixture();
  });

  afterEach(async () => {
    await fixture.close();
  });

  it('sends the person to a hosted checkout that, once paid, reports the checkout and the first invoice', async () => {
    const { provider, standIn, receiver } = fixture;
    const input = checkoutInput({ plan: 'PRO' });
    const started = await provider.startCheckout(input);

    expect(started.providerSessionId).toMatch(/^cs_/);
    expect(started.url).toBe(`${standIn.apiBase}/c/pay/${started.providerSessionId}`);
    const page = await fetch(started.url);
    expect(await page.text()).toContain('Pay $40.00 a month');

    const paid = await fetch(started.url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(input.successUrl);

    expect(receiver.received.map((event) => event.type)).toEqual([
      'checkout.completed',
      'invoice.paid',
    ]);
    const completed = nth(receivedOf(receiver, 'checkout.completed'), 0);
    const invoice = nth(receivedOf(receiver, 'invoice.paid'), 0);
    const subscription = completed.subscription;
    expect(completed).toMatchObject({
      checkoutId: input.checkoutId,
      customerId: expect.stringMatching(/^cus_/),
      amountCents: 0,
      subscription: {
        id: expect.stringMatching(/^sub_/),
        plan: 'PRO',
        status: 'active',
        cancelAtPeriodEnd: false,
      },
    });
    const periodDays = ((subscription?.currentPeriodEnd.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(periodDays).toBeGreaterThanOrEqual(27);
    expect(periodDays).toBeLessThanOrEqual(32);
    expect(invoice).toMatchObject({
      customerId: completed.customerId,
      subscriptionId: subscription?.id,
      amountCents: 4000,
      currency: 'usd',
      receiptUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/i\/in_/),
      description: expect.stringContaining('Mason Pro'),
    });
  });

  it('sells credits as a one-off payment of credits × the credit price, with a receipt', async () => {
    const { provider, standIn, receiver } = fixture;
    const input = checkoutInput({ kind: 'CREDITS', plan: null, credits: 500, amountCents: 500 });
    const started = await provider.startCheckout(input);
    await standIn.completeCheckout(started.providerSessionId);

    expect(receiver.received).toEqual([
      {
        type: 'checkout.completed',
        eventId: expect.stringMatching(/^evt_/),
        checkoutId: input.checkoutId,
        customerId: expect.stringMatching(/^cus_/),
        subscription: null,
        amountCents: 500 * DEFAULT_PRICING.creditPriceCents,
        receiptUrl: expect.stringMatching(/\/r\/ch_/),
      },
    ]);
  });

  it('adds money to the balance of a customer Stripe already knows', async () => {
    const { provider, standIn, receiver } = fixture;
    const first = await provider.startCheckout(
      checkoutInput({ kind: 'CREDITS', plan: null, credits: 100 }),
    );
    await standIn.completeCheckout(first.providerSessionId);
    const customerId = nth(receivedOf(receiver, 'checkout.completed'), 0).customerId;

    const input = checkoutInput({
      kind: 'BALANCE',
      plan: null,
      amountCents: 2500,
      description: 'Mason balance',
      customerId,
    });
    const started = await provider.startCheckout(input);
    expect(await (await fetch(started.url)).text()).toContain('Mason balance');
    await standIn.completeCheckout(started.providerSessionId);

    expect(receivedOf(receiver, 'checkout.completed')[1]).toMatchObject({
      checkoutId: input.checkoutId,
      customerId,
      subscription: null,
      amountCents: 2500,
    });
  });

  it('creates each plan price once and reuses it, also from a second server; a new amount makes a new price', async () => {
    const { provider, standIn, receiver } = fixture;
    await provider.startCheckout(checkoutInput({ plan: 'PRO' }));
    await fixture.providerWith(DEFAULT_PRICING).startCheckout(checkoutInput({ plan: 'PRO' }));
    const created = (path: string) =>
      standIn.requests().filter((request) => request.method === 'POST' && request.path === path);
    expect(created('/v1/prices')).toHaveLength(1);
    expect(created('/v1/products')).toHaveLength(1);

    const dearer = {
      ...DEFAULT_PRICING,
      plans: {
        ...DEFAULT_PRICING.plans,
        PRO: { ...DEFAULT_PRICING.plans.PRO, monthlyPriceCents: 5000 },
      },
    };
    const started = await fixture
      .providerWith(dearer)
      .startCheckout(checkoutInput({ plan: 'PRO' }));
    await standIn.completeCheckout(started.providerSessionId);
    expect(created('/v1/prices')).toHaveLength(2);
    expect(nth(created('/v1/prices'), 1).params).toMatchObject({
      lookup_key: 'mason_pro_monthly_5000',
    });
    expect(nth(receivedOf(receiver, 'invoice.paid'), 0).amountCents).toBe(5000);
  });

  it('answers the same session when the same checkout is started twice (idempotency key)', async () => {
    const input = checkoutInput({ plan: 'LITE' });
    const first = await fixture.provider.startCheckout(input);
    const again = await fixture.provider.startCheckout(input);
    expect(again.providerSessionId).toBe(first.providerSessionId);
  });

  it('subscribes to USAGE with a metered price on the credits meter: nothing is charged up front', async () => {
    const { provider, standIn, receiver } = fixture;
    const started = await provider.startCheckout(checkoutInput({ plan: 'USAGE', amountCents: 0 }));
    await standIn.completeCheckout(started.providerSessionId);

    const meters = standIn
      .requests()
      .filter((request) => request.path === '/v1/billing/meters' && request.method === 'POST');
    expect(meters.map((request) => request.params['event_name'])).toEqual(['mason_credits']);
    expect(nth(receivedOf(receiver, 'checkout.completed'), 0).subscription?.plan).toBe('USAGE');
    expect(nth(receivedOf(receiver, 'invoice.paid'), 0).amountCents).toBe(0);
  });
});
