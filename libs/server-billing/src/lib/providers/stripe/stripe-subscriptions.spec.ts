import { DEFAULT_PRICING } from '@mason/contract/billing';
import {
  DAY_MS,
  nth,
  receivedOf,
  startStripeFixture,
  subscribe,
  type StripeFixture,
} from './test-utils/stripe-fixture';

describe('StripeProvider subscriptions (the real SDK against the Stripe stand-in)', () => {
  let fixture: StripeFixture;

  beforeEach(async () => {
    fixture = await startStripeFixture();
  });

  afterEach(async () => {
    await fixture.close();
  });

  it('renews a subscription each month: a paid invoice and the period moved on', async () => {
    const { standIn, receiver } = fixture;
    const subscription = await subscribe(fixture, 'PRO');
    await standIn.advance(32 * DAY_MS);

    expect(receivedOf(receiver, 'invoice.paid').map((event) => event.amountCents)).toEqual([
      4000, 4000,
    ]);
    const renewed = nth(receivedOf(receiver, 'subscription.updated'), 0);
    expect(renewed.subscription).toMatchObject({
      id: subscription.id,
      status: 'active',
      plan: 'PRO',
    });
    expect(renewed.subscription.currentPeriodEnd.getTime()).toBeGreaterThan(
      subscription.currentPeriodEnd.getTime(),
    );
  });

  it('changes the plan with proration: the next invoice charges the rest of the month at the new price', async () => {
    const { provider, standIn, receiver } = fixture;
    const subscription = await subscribe(fixture, 'LITE');
    await standIn.advance(15 * DAY_MS);

    const changed = await provider.changePlan(subscription.id, 'PRO');
    expect(changed).toMatchObject({ id: subscription.id, plan: 'PRO', status: 'active' });
    const update = standIn
      .requests()
      .find(
        (request) =>
          request.path === `/v1/subscriptions/${subscription.id}` && request.method === 'POST',
      );
    expect(update?.params['proration_behavior']).toBe('create_prorations');
    await standIn.settled();
    expect(receivedOf(receiver, 'subscription.updated').at(-1)?.subscription.plan).toBe('PRO');

    await standIn.advance(17 * DAY_MS);
    const renewal = nth(receivedOf(receiver, 'invoice.paid'), -1);
    // A month of PRO plus about half a month of the difference (LITE's unused time credited).
    expect(renewal.amountCents).toBeGreaterThan(4000);
    expect(renewal.amountCents).toBeLessThan(4000 + 4000 - 1500);
  });

  it('ends a subscription cancelled at period end once the period is over', async () => {
    const { provider, standIn, receiver } = fixture;
    const subscription = await subscribe(fixture, 'PRO');
    const cancelled = await provider.cancelAtPeriodEnd(subscription.id);
    expect(cancelled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    await standIn.advance(10 * DAY_MS);
    expect(receivedOf(receiver, 'subscription.deleted')).toEqual([]);
    await standIn.advance(22 * DAY_MS);
    expect(receivedOf(receiver, 'subscription.deleted')).toEqual([
      {
        type: 'subscription.deleted',
        eventId: expect.stringMatching(/^evt_/),
        subscriptionId: subscription.id,
      },
    ]);
    expect(receivedOf(receiver, 'invoice.paid')).toHaveLength(1);
  });

  it('keeps a reactivated subscription going past the period end', async () => {
    const { provider, standIn, receiver } = fixture;
    const subscription = await subscribe(fixture, 'PRO');
    await provider.cancelAtPeriodEnd(subscription.id);
    const reactivated = await provider.reactivate(subscription.id);
    expect(reactivated).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

    await standIn.advance(32 * DAY_MS);
    expect(receivedOf(receiver, 'subscription.deleted')).toEqual([]);
    expect(receivedOf(receiver, 'invoice.paid').map((event) => event.amountCents)).toEqual([
      4000, 4000,
    ]);
  });

  it('reports a declined renewal as a failed invoice and a past-due subscription', async () => {
    const { standIn, receiver } = fixture;
    const subscription = await subscribe(fixture, 'PRO');
    standIn.failNextPayment(subscription.customerId);
    await standIn.advance(32 * DAY_MS);

    expect(receivedOf(receiver, 'invoice.payment_failed')).toEqual([
      expect.objectContaining({
        customerId: subscription.customerId,
        subscriptionId: subscription.id,
        amountCents: 4000,
      }),
    ]);
    expect(receivedOf(receiver, 'subscription.updated').at(-1)?.subscription.status).toBe(
      'past_due',
    );
  });

  it('bills USAGE for the credits reported in the month, each report counted once', async () => {
    const { provider, standIn, receiver } = fixture;
    const subscription = await subscribe(fixture, 'USAGE');
    const report = {
      customerId: subscription.customerId,
      credits: 250,
      identifier: 'usage-1',
      at: standIn.now(),
    };
    await provider.reportUsage(report);
    await provider.reportUsage(report);
    await provider.reportUsage({ ...report, credits: 50, identifier: 'usage-2' });
    expect(standIn.meterEvents()).toEqual({ [subscription.customerId]: 300 });

    await standIn.advance(32 * DAY_MS);
    expect(receivedOf(receiver, 'invoice.paid').at(-1)?.amountCents).toBe(
      300 * DEFAULT_PRICING.creditPriceCents,
    );
  });

  it('refuses usage in fractions of a credit rather than rounding it', async () => {
    const report = { customerId: 'cus_x', credits: 2.5, identifier: 'usage-3', at: new Date() };
    await expect(fixture.provider.reportUsage(report)).rejects.toThrow(RangeError);
    expect(fixture.standIn.meterEvents()).toEqual({});
  });

  it('passes on Stripe refusing an unknown subscription', async () => {
    await expect(fixture.provider.cancelAtPeriodEnd('sub_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });
});
