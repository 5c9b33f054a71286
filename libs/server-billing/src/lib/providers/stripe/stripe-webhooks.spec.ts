import Stripe from 'stripe';
import { verifyStripeWebhook, WebhookSignatureError } from './stripe-webhooks';
import {
  checkoutInput,
  nth,
  receivedOf,
  startStripeFixture,
  WEBHOOK_SECRET,
  type StripeFixture,
} from './test-utils/stripe-fixture';

describe('Stripe webhooks', () => {
  let fixture: StripeFixture;

  beforeEach(async () => {
    fixture = await startStripeFixture();
  });

  afterEach(async () => {
    await fixture.close();
  });

  /** A paid PRO checkout: its events are in the stand-in's log and the receiver's. */
  async function paidCheckout() {
    const started = await fixture.provider.startCheckout(checkoutInput({ plan: 'PRO' }));
    await fixture.standIn.completeCheckout(started.providerSessionId);
    return fixture.standIn.events();
  }

  const post = (body: string, signature: string | null) =>
    fetch(fixture.receiver.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      body,
    });

  it('delivers every event signed and accepted', async () => {
    const events = await paidCheckout();
    expect(events.map((event) => [event.type, event.status])).toEqual([
      ['checkout.session.completed', 200],
      ['invoice.paid', 200],
    ]);
    expect(fixture.receiver.refused).toEqual([]);
  });

  it('refuses a body signed with another secret, and one without a signature', async () => {
    const delivered = nth(await paidCheckout(), 0);
    const payload = JSON.stringify(delivered.event);
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_someone_else',
    });

    expect((await post(payload, forged)).status).toBe(400);
    expect((await post(payload, null)).status).toBe(400);
    expect(fixture.receiver.refused).toHaveLength(2);
    expect(receivedOf(fixture.receiver, 'checkout.completed')).toHaveLength(1);
  });

  it('refuses a body changed after signing', async () => {
    const delivered = nth(await paidCheckout(), 0);
    const payload = JSON.stringify(delivered.event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const changed = payload.replace('"livemode":false', '"livemode":true');
    expect(changed).not.toBe(payload);

    expect((await post(changed, signature)).status).toBe(400);
  });

  it('refuses a correctly signed event that is more than five minutes old (a replay)', async () => {
    const delivered = nth(await paidCheckout(), 0);
    const payload = JSON.stringify(delivered.event);
    const timestamp = Math.floor(Date.now() / 1000) - 600;
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp,
    });

    expect((await post(payload, stale)).status).toBe(400);
    expect(() => verifyStripeWebhook(payload, stale, WEBHOOK_SECRET)).toThrow(
      WebhookSignatureError,
    );
  });

  it('translates a redelivered event to the same billing event (same event id, for applying once)', async () => {
    const completed = nth(await paidCheckout(), 0);
    expect(await fixture.standIn.redeliver(completed.id)).toBe(200);

    const checkouts = receivedOf(fixture.receiver, 'checkout.completed');
    expect(checkouts).toHaveLength(2);
    expect(checkouts[1]).toEqual(checkouts[0]);
    expect(nth(checkouts, 0).eventId).toBe(completed.id);
  });

  it('accepts and ignores the events billing does not use, and subscriptions to other products', async () => {
    const otherPrice = {
      id: 'price_other',
      object: 'price',
      lookup_key: 'other_monthly',
      metadata: {},
    };
    const events = [
      { type: 'customer.created', object: { id: 'cus_1', object: 'customer' } },
      {
        type: 'customer.subscription.updated',
        object: {
          id: 'sub_other',
          object: 'subscription',
          customer: 'cus_1',
          status: 'active',
          cancel_at_period_end: false,
          items: {
            object: 'list',
            data: [{ id: 'si_1', price: otherPrice, current_period_end: 1 }],
          },
        },
      },
    ];
    for (const [index, { type, object }] of events.entries()) {
      const payload = JSON.stringify({
        id: `evt_${index}`,
        object: 'event',
        type,
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      });
      expect((await post(payload, signature)).status).toBe(200);
    }
    expect(fixture.receiver.received).toEqual([]);
  });
});
