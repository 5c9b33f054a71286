import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Json } from './stripe-objects';

/** An event the stand-in sent, and the HTTP status of its last delivery (null: not delivered). */
export interface DeliveredEvent {
  readonly id: string;
  readonly type: string;
  readonly event: Json;
  readonly status: number | null;
}

/** The API version the stand-in's events say they were rendered with (the SDK's own). */
const API_VERSION = Stripe.API_VERSION;

/**
 * The stand-in's webhook endpoint: events are queued and POSTed one at a time in the order they
 * happened, each signed the way Stripe signs (Stripe-Signature, HMAC-SHA256 of `timestamp.body`,
 * made with the SDK's own test header helper). Signatures use the real time, not the test clock,
 * as Stripe's test clocks do: an endpoint checks them against its own clock.
 */
export class StandInWebhooks {
  private queue: Promise<void> = Promise.resolve();
  private readonly sent: { id: string; type: string; event: Json; status: number | null }[] = [];

  constructor(
    private readonly secret: string,
    private url: string | null,
    private readonly now: () => number,
  ) {}

  setUrl(url: string | null): void {
    this.url = url;
  }

  emit(type: string, object: Json, previousAttributes?: Json): void {
    const id = `evt_${randomBytes(12).toString('hex')}`;
    const event: Json = {
      id,
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
      livemode: false,
      pending_webhooks: this.url ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    const record = { id, type, event, status: null as number | null };
    this.sent.push(record);
    this.queue = this.queue.then(async () => {
      record.status = await this.post(event);
    });
  }

  events(): readonly DeliveredEvent[] {
    return this.sent.map((record) => ({ ...record }));
  }

  async redeliver(eventId: string): Promise<number | null> {
    const record = this.sent.find((found) => found.id === eventId);
    if (!record) throw new Error(`The stand-in sent no event ${eventId}.`);
    await this.settled();
    record.status = await this.post(record.event);
    return record.status;
  }

  settled(): Promise<void> {
    return this.queue;
  }

  private async post(event: Json): Promise<number | null> {
    if (!this.url) return null;
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return null;
    }
  }
}
