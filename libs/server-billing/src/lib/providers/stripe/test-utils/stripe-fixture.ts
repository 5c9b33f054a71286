import { type PaidPlan } from '@mason/contract';
import { DEFAULT_PRICING, type PricingTable } from '@mason/contract/billing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startStripeStandIn, type StripeStandIn } from '../../../../testing';
import type { BillingEvent, CheckoutInput } from '../../billing-provider';
import { StripeProvider } from '../stripe-provider';
import { WebhookSignatureError } from '../stripe-webhooks';

export const WEBHOOK_SECRET = 'whsec_test_mason';

/** A webhook endpoint as Mason's route will be: raw body, signature checked, event translated. */
export interface WebhookReceiver {
  readonly url: string;
  /** The billing events applied, in the order they arrived. */
  readonly received: BillingEvent[];
  /** Requests refused for their signature. */
  readonly refused: string[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(provider: StripeProvider): Promise<WebhookReceiver> {
  const received: BillingEvent[] = [];
  const refused: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers['stripe-signature'];
      provider
        .webhookEvent(Buffer.concat(chunks), typeof signature === 'string' ? signature : undefined)
        .then((event) => {
          if (event) received.push(event);
          response.writeHead(200).end();
        })
        .catch((error: unknown) => {
          const bad = error instanceof WebhookSignatureError;
          if (bad) refused.push(error.message);
          response.writeHead(bad ? 400 : 500).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/billing/webhooks/stripe`;
  return {
    url,
    received,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface StripeFixture {
  readonly standIn: StripeStandIn;
  readonly provider: StripeProvider;
  readonly receiver: WebhookReceiver;
  /** Another provider on the same stand-in (a second server, or changed prices). */
  providerWith(pricing: PricingTable): StripeProvider;
  close(): Promise<void>;
}

export async function startStripeFixture(): Promise<StripeFixture> {
  const standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  const providerWith = (pricing: PricingTable) =>
    new StripeProvider(
      { secretKey: 'sk_test_mason', webhookSecret: WEBHOOK_SECRET, apiBase: standIn.apiBase },
      pricing,
    );
  const provider = providerWith(DEFAULT_PRICING);
  const receiver = await startWebhookReceiver(provider);
  standIn.setWebhookUrl(receiver.url);
  return {
    standIn,
    provider,
    receiver,
    providerWith,
    close: async () => {
      await receiver.close();
      await standIn.close();
    },
  };
}

let checkouts = 0;

/** A checkout as the billing service would start it. */
export function checkoutInput(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  checkouts += 1;
  return {
    checkoutId: `chk_${checkouts}`,
    kind: 'SUBSCRIPTION',
    plan: 'PRO',
    credits: null,
    amountCents: DEFAULT_PRICING.plans.PRO.monthlyPriceCents,
    description: 'Mason Pro',
    email: 'ada@example.test',
    customerId: null,
    successUrl: 'http://mason.test/billing?checkout=done',
    cancelUrl: 'http://mason.test/billing',
    ...overrides,
  };
}

/** Subscribes to a plan through checkout; answers the subscription the checkout started. */
export async function subscribe(fixture: StripeFixture, plan: PaidPlan) {
  const started = await fixture.provider.startCheckout(checkoutInput({ plan }));
  await fixture.standIn.completeCheckout(started.providerSessionId);
  const completed = fixture.receiver.received.find(
    (event) => event.type === 'checkout.completed' && event.subscription?.plan === plan,
  );
  if (completed?.type !== 'checkout.completed' || !completed.subscription) {
    throw new Error(`The ${plan} checkout completed without a subscription.`);
  }
  return completed.subscription;
}

/** The received events of one type. */
export function receivedOf<T extends BillingEvent['type']>(
  receiver: WebhookReceiver,
  type: T,
): (BillingEvent & { readonly type: T })[] {
  return receiver.received.filter(
    (event): event is BillingEvent & { readonly type: T } => event.type === type,
  );
}

export const DAY_MS = 24 * 3600 * 1000;

/** The item at an index (negative: from the end); a missing one fails the test with a reason. */
export function nth<T>(items: readonly T[], index: number): T {
  const item = items.at(index);
  if (item === undefined)
    throw new Error(`Expected an item at ${index}; there are ${items.length}.`);
  return item;
}
