import type { BillingSummary } from '@mason/contract/billing';
import type { CheckoutResponse, TransactionsResponse } from '@mason/contract';
import {
  billingCustomers,
  subscriptions,
  tokenUsage,
  usageReports,
  type Database,
} from '@mason/server-db';
import { type DomainHarness, type HarnessUser, startDomainHarness } from '@mason/server-testing';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { startStripeStandIn, type StripeStandIn } from '../../testing';
import { billingSettingsFromEnv, type BillingSettings } from '../billing-config';
import { billingRoutes } from '../billing.routes';
import { BillingService } from '../billing.service';
import { EmbeddedProvider } from '../providers/embedded-provider';
import { StripeProvider } from '../providers/stripe/stripe-provider';
import { recordTurnUsage } from '../usage/turn-usage';
import { startFlakyStripe, type FlakyStripe } from './test-utils/flaky-stripe';

const WEB = 'http://mason.test';
const WEBHOOK_SECRET = 'whsec_mason_usage';
const links = { web: (path: string) => `${WEB}${path}` };

describe('usage billed by use is reported to Stripe’s meter (SDK against the stand-in)', () => {
  let stripe: StripeStandIn;
  let flaky: FlakyStripe;
  let settings: BillingSettings;
  let harness: DomainHarness;
  let billing: BillingService;
  let log: FastifyBaseLogger;

  /** A service over `harness.db` whose Stripe calls go through `apiBase`. */
  function serviceOf(db: Database, apiBase: string): BillingService {
    const stripeConfig = billingSettingsFromEnv({
      STRIPE_SECRET_KEY: 'sk_test_mason',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: apiBase,
    }).stripe as NonNullable<BillingSettings['stripe']>;
    const provider = new StripeProvider(stripeConfig, settings.pricing);
    return new BillingService({ config: settings, db, provider, links, log });
  }

  beforeAll(async () => {
    stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
    flaky = await startFlakyStripe(stripe.apiBase);
    settings = billingSettingsFromEnv({});
    harness = await startDomainHarness(async (api, deps) => {
      log = deps.log;
      const { db } = deps;
      billing = serviceOf(db, flaky.apiBase);
      await api.register(billingRoutes, { billing });
    });
    stripe.setWebhookUrl(`${harness.baseUrl}/api/stripe/webhook`);
  });
  afterAll(async () => {
    await billing?.usageReports.stop();
    await harness?.close();
    await flaky?.close();
    await stripe?.close();
  });

  async function pay(user: HarnessUser, path: string, body: object) {
    const started = await harness.as(user).post<CheckoutResponse>(path, body);
    expect(started).toMatchObject({ status: 200 });
    await stripe.completeCheckout(
      new URL(started.body.checkoutUrl).pathname.split('/').pop() ?? '',
    );
  }

  async function customerOf(user: HarnessUser): Promise<string> {
    const [row] = await harness.db
      .select({ customerId: billingCustomers.customerId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.userId, user.id), eq(billingCustomers.provider, 'stripe')));
    if (!row) throw new Error(`${user.email} has no Stripe customer.`);
    return row.customerId;
  }

  /** One step of a turn: `inputTokens` in and `outputTokens` out of the default model. */
  const spend = (user: HarnessUser, inputTokens: number, outputTokens = 0, waived = false) =>
    harness.db.transaction((tx) =>
      recordTurnUsage(tx, settings, {
        userId: user.id,
        taskId: null,
        projectId: null,
        model: 'CLAUDE_SONNET_4_5',
        inputTokens,
        outputTokens,
        waivedReason: waived ? 'repair' : null,
      }),
    );

  /** The credits of the person's charged turns, as token_usage recorded them. */
  async function chargedCredits(user: HarnessUser): Promise<number> {
    const [row] = await harness.db
      .select({ total: sql<string>`coalesce(sum(${tokenUsage.costCredits}), 0)` })
      .from(tokenUsage)
      .where(and(eq(tokenUsage.userId, user.id), isNull(tokenUsage.waivedReason)));
    return Number(row?.total ?? 0);
  }

  const metered = (customer: string) => stripe.meterEvents()[customer] ?? 0;
  const balanceOf = async (user: HarnessUser) =>
    (await harness.as(user).get<TransactionsResponse>('/api/stripe/transactions')).body
      .balanceCents;
  const meterCalls = () =>
    stripe.requests().filter((call) => call.path === '/v1/billing/meter_events').length;

  it('reports the whole credits past the free budget and the balance; fractions wait', async () => {
    const ada = await harness.signUp('ada');
    await pay(ada, '/api/stripe/checkout', { type: 'USAGE' });
    await pay(ada, '/api/stripe/balance/checkout', { amountUsd: 5 });
    const customer = await customerOf(ada);
    const free = settings.pricing.plans.USAGE.monthlyCredits;
    const prepaid = 500;

    // Within the free credits and the balance: nothing to bill.
    await spend(ada, 1_000_000, 12_345);
    await billing.usageReports.run();
    expect(metered(customer)).toBe(0);

    // Past both, in steps whose costs have fractions of a credit; a repair turn is not billed.
    for (const tokens of [1_234_567, 987_654, 2_000_001, 333_333]) await spend(ada, tokens, 4321);
    await spend(ada, 5_000_000, 0, true);
    await billing.usageReports.run();
    const owed = () => chargedCredits(ada).then((used) => used - free - prepaid);
    expect(await owed()).toBeGreaterThan(1);
    expect(metered(customer)).toBe(Math.floor(await owed()));

    // More turns; the fraction left from before is carried into this report.
    for (const tokens of [123_457, 765_433, 50_001]) await spend(ada, tokens, 999);
    await billing.usageReports.run();
    await billing.usageReports.run();
    expect(metered(customer)).toBe(Math.floor(await owed()));
    // What is left owed is less than a credit, and stays in the balance.
    const left = (await harness.as(ada).get<BillingSummary>('/api/billing/summary')).body
      .balanceCents;
    expect(left).toBeLessThanOrEqual(0);
    expect(left).toBeGreaterThan(-1);
  });

  it('reports what is owed before the person leaves the usage-based plan, and a debt left after it', async () => {
    const gus = await harness.signUp('gus');
    await pay(gus, '/api/stripe/checkout', { type: 'USAGE' });
    const customer = await customerOf(gus);
    const free = settings.pricing.plans.USAGE.monthlyCredits;
    const owed = () => chargedCredits(gus).then((used) => used - free);
    await spend(gus, 2_345_678, 5432);
    expect(metered(customer)).toBe(0);

    // Moving to Pro: the debt reaches the meter before the subscription changes.
    const before = stripe.requests().length;
    const moved = await harness.as(gus).post('/api/subscriptions/update', { type: 'PRO' });
    expect(moved.status).toBe(200);
    const calls = stripe
      .requests()
      .slice(before)
      .map((call) => `${call.method} ${call.path}`);
    const meterCall = calls.indexOf('POST /v1/billing/meter_events');
    const updateCall = calls.findIndex((call) => /^POST \/v1\/subscriptions\/sub_/.test(call));
    expect(meterCall).toBeGreaterThanOrEqual(0);
    expect(meterCall).toBeLessThan(updateCall);
    expect(metered(customer)).toBe(Math.floor(await owed()));

    // A debt still there on another plan (say a turn charged while the plan changed) is reported
    // by the next run all the same. The update's webhooks (sent after it answered) are in first:
    // one arriving later would put the plan back under the test.
    await stripe.settled();
    await harness.db
      .update(subscriptions)
      .set({ type: 'USAGE_MONTHLY' })
      .where(eq(subscriptions.userId, gus.id));
    await spend(gus, 1_000_000);
    await harness.db
      .update(subscriptions)
      .set({ type: 'PRO_MONTHLY' })
      .where(eq(subscriptions.userId, gus.id));
    await billing.usageReports.run();
    expect(metered(customer)).toBe(Math.floor(await owed()));
  });

  it('sends a report whose delivery failed on the next run, and Stripe counts it once', async () => {
    const bea = await harness.signUp('bea');
    await pay(bea, '/api/stripe/checkout', { type: 'USAGE' });
    const customer = await customerOf(bea);
    const free = settings.pricing.plans.USAGE.monthlyCredits;

    // Stripe is down: the report waits, and the debt is not reported twice meanwhile.
    await spend(bea, 10_000, 2_000); // 6 credits (3 in, 3 out)
    await spend(bea, 300_000); // 90 more, 96 in all
    await spend(bea, 40_000); // 12 more: 8 past the free credits
    flaky.failMeterEvents('refuse');
    await billing.usageReports.run();
    expect(metered(customer)).toBe(0);
    expect(await balanceOf(bea)).toBe(0);

    await billing.usageReports.run();
    expect(metered(customer)).toBe(Math.floor((await chargedCredits(bea)) - free));
    expect(metered(customer)).toBe(8);

    // Stripe took the next report but its answer was lost: sent again, counted once.
    await spend(bea, 20_000); // 6 more
    const callsBefore = meterCalls();
    flaky.failMeterEvents('lose-answer');
    await billing.usageReports.run();
    await billing.usageReports.run();
    expect(meterCalls() - callsBefore).toBe(2);
    expect(metered(customer)).toBe(14);
    await billing.usageReports.run();
    expect(meterCalls() - callsBefore).toBe(2);
  });

  it('sends what a stopped process left undelivered once a new one starts', async () => {
    const cy = await harness.signUp('cy');
    await pay(cy, '/api/stripe/checkout', { type: 'USAGE' });
    const customer = await customerOf(cy);
    await spend(cy, 400_000); // 120 credits: 20 past the free ones
    flaky.failMeterEvents('refuse');
    await billing.usageReports.run();
    await billing.usageReports.stop();
    expect(metered(customer)).toBe(0);

    const restarted = serviceOf(harness.db, stripe.apiBase);
    restarted.usageReports.start();
    await restarted.usageReports.run();
    await restarted.usageReports.stop();
    expect(metered(customer)).toBe(20);
    const pending = await harness.db
      .select({ id: usageReports.id })
      .from(usageReports)
      .where(and(eq(usageReports.userId, cy.id), isNull(usageReports.deliveredAt)));
    expect(pending).toEqual([]);
    billing = serviceOf(harness.db, flaky.apiBase);
  });

  it('bills nothing by use for subscribers and free people', async () => {
    const dee = await harness.signUp('dee');
    await pay(dee, '/api/stripe/checkout', { type: 'LITE' });
    await pay(dee, '/api/stripe/credits/checkout', { credits: 500 });
    const eve = await harness.signUp('eve');
    await pay(eve, '/api/stripe/balance/checkout', { amountUsd: 5 });
    // 3,000 credits each: far past the plan's credits, the bought credits and the balance.
    for (const user of [dee, eve]) await spend(user, 10_000_000);
    await billing.usageReports.run();
    expect(metered(await customerOf(dee))).toBe(0);
    expect(metered(await customerOf(eve))).toBe(0);
    expect(await balanceOf(eve)).toBe(0);
    const summary = (await harness.as(dee).get<BillingSummary>('/api/billing/summary')).body;
    expect(summary).toMatchObject({ plan: 'LITE', credits: 0, balanceCents: 0 });
  });

  it('with the embedded provider, reports nothing and leaves the debt in the balance', async () => {
    const fay = await harness.signUp('fay');
    await harness.db.insert(subscriptions).values({
      userId: fay.id,
      type: 'USAGE_MONTHLY',
      status: 'active',
      provider: 'embedded',
      providerSubscriptionId: `emb_sub_${fay.id}`,
    });
    await harness.db
      .insert(billingCustomers)
      .values({ userId: fay.id, provider: 'embedded', customerId: `emb_cus_${fay.id}` });
    await spend(fay, 500_000); // 150 credits: 50 past the free ones
    const provider = new EmbeddedProvider(harness.db, links);
    const embedded = new BillingService({
      config: settings,
      db: harness.db,
      provider,
      links,
      log,
    });
    embedded.usageReports.start();
    await embedded.usageReports.run();
    await embedded.usageReports.stop();
    expect(await balanceOf(fay)).toBe(-50);
    const reports = await harness.db
      .select({ id: usageReports.id })
      .from(usageReports)
      .where(eq(usageReports.userId, fay.id));
    expect(reports).toEqual([]);
  });
});
