import type {
  ActiveSubscriptionResponse,
  ApiErrorBody,
  CheckoutResponse,
  TransactionsResponse,
} from '@mason/contract';
import type {
  BillingSummary,
  CheckoutDecisionResponse,
  CheckoutSession,
} from '@mason/contract/billing';
import { projects, subscriptions, tasks } from '@mason/server-db';
import { type DomainHarness, type HarnessUser, startDomainHarness } from '@mason/server-testing';
import { eq } from 'drizzle-orm';
import { billingSettingsFromEnv } from './billing-config';
import { billingRoutes } from './billing.routes';
import { BillingService } from './billing.service';
import { checkBudget } from './budgets';
import { EmbeddedProvider } from './providers/embedded-provider';
import { recordTurnUsage, waiveTurnUsage } from './usage/turn-usage';

const WEB = 'http://mason.test';
const config = billingSettingsFromEnv({});

describe('billing over HTTP, with the embedded provider', () => {
  let harness: DomainHarness;

  beforeAll(async () => {
    harness = await startDomainHarness(async (api, { db, log }) => {
      const links = { web: (path: string) => `${WEB}${path}` };
      const provider = new EmbeddedProvider(db, links);
      const billing = new BillingService({ config, db, provider, links, log });
      await api.register(billingRoutes, { billing });
    });
  });
  afterAll(() => harness?.close());

  const checkoutIdOf = (url: string) => {
    expect(url).toMatch(new RegExp(`^${WEB}/billing/checkout/[0-9a-f-]{36}$`));
    return url.split('/').pop() as string;
  };

  async function buy(user: HarnessUser, path: string, body: unknown) {
    const started = await harness.as(user).post<CheckoutResponse>(path, body);
    expect(started.status).toBe(200);
    const id = checkoutIdOf(started.body.checkoutUrl);
    const paid = await harness
      .as(user)
      .post<CheckoutDecisionResponse>(`/api/billing/checkout/${id}/confirm`);
    expect(paid.status).toBe(200);
    return { id, paid: paid.body };
  }

  const active = async (user: HarnessUser) =>
    (await harness.as(user).get<ActiveSubscriptionResponse>('/api/subscriptions/active')).body
      .subscription;

  it('sells a plan: the checkout page shows it, Pay makes the subscription and a receipt', async () => {
    const ada = await harness.signUp('ada');
    expect(await active(ada)).toBeNull();

    const started = await harness
      .as(ada)
      .post<CheckoutResponse>('/api/stripe/checkout', { type: 'PRO', referral: 'FRIEND7' });
    const id = checkoutIdOf(started.body.checkoutUrl);
    const page = await harness.as(ada).get<CheckoutSession>(`/api/billing/checkout/${id}`);
    expect(page.body).toMatchObject({
      kind: 'SUBSCRIPTION',
      plan: 'PRO',
      amountCents: config.pricing.plans.PRO.monthlyPriceCents,
      currency: 'usd',
      status: 'open',
      description: 'Mason Pro, monthly',
    });

    const paid = await harness
      .as(ada)
      .post<CheckoutDecisionResponse>(`/api/billing/checkout/${id}/confirm`);
    expect(paid.body).toMatchObject({
      session: { status: 'complete' },
      redirectUrl: `${WEB}/subscriptions/success?checkout=${id}`,
    });
    const subscription = await active(ada);
    expect(subscription).toMatchObject({
      type: 'PRO_MONTHLY',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    const periodEnd = new Date(subscription?.currentPeriodEnd ?? 0).getTime();
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * 24 * 3600 * 1000);

    const { body } = await harness.as(ada).get<TransactionsResponse>('/api/stripe/transactions');
    expect(body.transactions).toEqual([
      expect.objectContaining({
        kind: 'SUBSCRIPTION',
        description: 'Mason Pro, monthly',
        amountCents: 4000,
        status: 'SUCCEEDED',
      }),
    ]);
    // The embedded provider's receipt is Mason's own page of that payment.
    const [payment] = body.transactions;
    expect(payment?.receiptUrl).toBe(`${WEB}/billing/receipts/${payment?.id}`);

    const again = await harness.as(ada).post<ApiErrorBody>(`/api/billing/checkout/${id}/confirm`);
    expect(again.status).toBe(409);
    expect(
      (await harness.as(ada).get<TransactionsResponse>('/api/stripe/transactions')).body
        .transactions,
    ).toHaveLength(1);
  });

  it('Cancel on the checkout page changes nothing', async () => {
    const bea = await harness.signUp('bea');
    const started = await harness
      .as(bea)
      .post<CheckoutResponse>('/api/stripe/checkout', { type: 'LITE' });
    const id = checkoutIdOf(started.body.checkoutUrl);
    const left = await harness
      .as(bea)
      .post<CheckoutDecisionResponse>(`/api/billing/checkout/${id}/cancel`);
    expect(left.body).toMatchObject({
      session: { status: 'canceled' },
      redirectUrl: `${WEB}/subscriptions/cancel?checkout=${id}`,
    });
    expect(await active(bea)).toBeNull();
    const paying = await harness.as(bea).post<ApiErrorBody>(`/api/billing/checkout/${id}/confirm`);
    expect(paying.status).toBe(409);
    expect(await active(bea)).toBeNull();
    const { body } = await harness.as(bea).get<TransactionsResponse>('/api/stripe/transactions');
    expect(body).toEqual({ transactions: [], credits: 0, balanceCents: 0 });
  });

  it('changes the plan, cancels at the period end and reactivates', async () => {
    const cy = await harness.signUp('cy');
    await buy(cy, '/api/stripe/checkout', { type: 'LITE' });
    const before = await active(cy);

    const upgraded = await harness
      .as(cy)
      .post<ActiveSubscriptionResponse>('/api/subscriptions/update', { type: 'PRO' });
    expect(upgraded.body.subscription).toMatchObject({
      type: 'PRO_MONTHLY',
      currentPeriodEnd: before?.currentPeriodEnd,
    });

    const again = await harness.as(cy).post<ApiErrorBody>('/api/subscriptions/reactivate');
    expect(again.status).toBe(409);

    const cancelled = await harness
      .as(cy)
      .post<ActiveSubscriptionResponse>('/api/subscriptions/cancel');
    expect(cancelled.body.subscription).toMatchObject({
      type: 'PRO_MONTHLY',
      cancelAtPeriodEnd: true,
    });
    expect(await active(cy)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    const kept = await harness
      .as(cy)
      .post<ActiveSubscriptionResponse>('/api/subscriptions/reactivate');
    expect(kept.body.subscription).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('renews a period that ended, and ends a cancelled one', async () => {
    const dee = await harness.signUp('dee');
    await buy(dee, '/api/stripe/checkout', { type: 'PRO' });
    const past = new Date(Date.now() - 60_000);
    await harness.db
      .update(subscriptions)
      .set({ currentPeriodEnd: past })
      .where(eq(subscriptions.userId, dee.id));

    const renewed = await active(dee);
    expect(new Date(renewed?.currentPeriodEnd ?? 0).getTime()).toBeGreaterThan(Date.now());
    const paid = (await harness.as(dee).get<TransactionsResponse>('/api/stripe/transactions')).body;
    expect(paid.transactions.map((entry) => entry.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);

    await harness.as(dee).post('/api/subscriptions/cancel');
    await harness.db
      .update(subscriptions)
      .set({ currentPeriodEnd: past })
      .where(eq(subscriptions.userId, dee.id));
    expect(await active(dee)).toBeNull();
  });

  it('sells credits to subscribers and a balance to usage-based people, each counted once', async () => {
    const eve = await harness.signUp('eve');
    const refused = await harness
      .as(eve)
      .post<ApiErrorBody>('/api/stripe/credits/checkout', { credits: 500 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/add to your balance/);

    const balance = await buy(eve, '/api/stripe/balance/checkout', { amountUsd: 12 });
    expect(balance.paid.redirectUrl).toBe(
      `${WEB}/subscriptions/success?checkout=${balance.id}&kind=BALANCE`,
    );
    let money = (await harness.as(eve).get<TransactionsResponse>('/api/stripe/transactions')).body;
    expect(money).toMatchObject({ credits: 0, balanceCents: 1200 });
    expect(money.transactions[0]).toMatchObject({ kind: 'BALANCE', amountCents: 1200 });

    await buy(eve, '/api/stripe/checkout', { type: 'LITE' });
    await buy(eve, '/api/stripe/credits/checkout', { credits: 500 });
    money = (await harness.as(eve).get<TransactionsResponse>('/api/stripe/transactions')).body;
    expect(money).toMatchObject({ credits: 500, balanceCents: 1200 });
    expect(money.transactions[0]).toMatchObject({
      kind: 'CREDITS',
      description: '500 Mason credits',
      amountCents: 500,
    });
    const twice = await harness.as(eve).post<ApiErrorBody>('/api/stripe/checkout', { type: 'PRO' });
    expect(twice.status).toBe(409);
  });

  it('shows this month’s usage against the plan’s credits, and what ran past them', async () => {
    const fay = await harness.signUp('fay');
    const monthly = config.pricing.plans.FREE.monthlyCredits;
    // A million tokens in of the default model: 300 credits, far past the free plan's.
    await harness.db.transaction((tx) =>
      recordTurnUsage(tx, config, {
        userId: fay.id,
        taskId: null,
        projectId: null,
        model: 'CLAUDE_SONNET_4_5',
        inputTokens: 1_000_000,
        outputTokens: 0,
      }),
    );
    const summary = (await harness.as(fay).get<BillingSummary>('/api/billing/summary')).body;
    expect(summary).toMatchObject({
      plan: 'FREE',
      subscription: null,
      usage: { usedCredits: 300, monthlyCredits: monthly },
      credits: 0,
      balanceCents: 0,
      waived: { steps: 0, costCredits: 0 },
      ownKey: { steps: 0, costCredits: 0 },
    });
    expect(await checkBudget(harness.db, config, fay.id)).toMatchObject({ ok: false });

    // A waived turn is recorded at its cost and charged nothing.
    await harness.db.transaction((tx) =>
      recordTurnUsage(tx, config, {
        userId: fay.id,
        taskId: null,
        projectId: null,
        model: 'CLAUDE_SONNET_4_5',
        inputTokens: 100_000,
        outputTokens: 0,
        waivedReason: 'repair',
      }),
    );
    const after = (await harness.as(fay).get<BillingSummary>('/api/billing/summary')).body;
    expect(after.usage.usedCredits).toBe(300);
    expect(after.waived).toEqual({ steps: 1, costCredits: 30 });
  });

  it('takes a turn past the month’s credits from bought credits, then the balance', async () => {
    const gus = await harness.signUp('gus');
    await buy(gus, '/api/stripe/balance/checkout', { amountUsd: 5 });
    const spend = (inputTokens: number) =>
      harness.db.transaction((tx) =>
        recordTurnUsage(tx, config, {
          userId: gus.id,
          taskId: null,
          projectId: null,
          model: 'CLAUDE_SONNET_4_5',
          inputTokens,
          outputTokens: 0,
        }),
      );
    // 90 credits: within the free plan's 100.
    await spend(300_000);
    let money = (await harness.as(gus).get<TransactionsResponse>('/api/stripe/transactions')).body;
    expect(money.balanceCents).toBe(500);
    // 60 more: 10 from the plan, 50 from the balance.
    await spend(200_000);
    money = (await harness.as(gus).get<TransactionsResponse>('/api/stripe/transactions')).body;
    expect(money.balanceCents).toBe(450);
    expect(await checkBudget(harness.db, config, gus.id)).toEqual({ ok: true });
  });

  it('gives back what a turn took once it is waived: the month’s credits and the balance', async () => {
    const kim = await harness.signUp('kim');
    await buy(kim, '/api/stripe/balance/checkout', { amountUsd: 5 });
    const [project] = await harness.db
      .insert(projects)
      .values({
        userId: kim.id,
        name: 'Shop',
        description: 'A shop',
        type: 'INTERNAL',
        status: 'READY',
      })
      .returning();
    const [task] = await harness.db
      .insert(tasks)
      .values({
        projectId: project.id,
        userId: kim.id,
        description: 'A shop',
        state: 'IN_PROGRESS',
        model: 'CLAUDE_SONNET_4_5',
      })
      .returning();
    const spend = (inputTokens: number, taskId: string | null) =>
      harness.db.transaction((tx) =>
        recordTurnUsage(tx, config, {
          userId: kim.id,
          taskId,
          projectId: taskId ? project.id : null,
          model: 'CLAUDE_SONNET_4_5',
          inputTokens,
          outputTokens: 0,
        }),
      );
    // 90 credits before the turn, on no task; the turn then takes 60: 10 from the plan, 50 from
    // the balance.
    await spend(300_000, null);
    await spend(200_000, task.id);
    // The turn's steps are the task's since the turn started (here: all of them).
    const turnStart = new Date(0);
    const balance = async () =>
      (await harness.as(kim).get<TransactionsResponse>('/api/stripe/transactions')).body
        .balanceCents;
    expect(await balance()).toBe(450);

    const waived = await harness.db.transaction((tx) =>
      waiveTurnUsage(tx, { userId: kim.id, taskId: task.id, since: turnStart, reason: 'provider' }),
    );

    expect(waived).toBe(60);
    expect(await balance()).toBe(500);
    const summary = (await harness.as(kim).get<BillingSummary>('/api/billing/summary')).body;
    expect(summary.usage.usedCredits).toBe(90);
    expect(summary.waived).toEqual({ steps: 1, costCredits: 60 });
    expect(summary.projects).toEqual([]);
    // Waived once: a second waiver finds nothing charged and gives nothing back.
    await harness.db.transaction((tx) =>
      waiveTurnUsage(tx, { userId: kim.id, taskId: task.id, since: turnStart, reason: 'provider' }),
    );
    expect(await balance()).toBe(500);
  });

  it('keeps each person’s checkouts their own, and refuses bad input', async () => {
    const hal = await harness.signUp('hal');
    const ida = await harness.signUp('ida');
    const started = await harness
      .as(hal)
      .post<CheckoutResponse>('/api/stripe/checkout', { type: 'PRO' });
    const id = checkoutIdOf(started.body.checkoutUrl);
    for (const request of [
      harness.as(ida).get(`/api/billing/checkout/${id}`),
      harness.as(ida).post(`/api/billing/checkout/${id}/confirm`),
      harness.as(ida).post(`/api/billing/checkout/${id}/cancel`),
    ]) {
      expect((await request).status).toBe(404);
    }
    expect(await active(ida)).toBeNull();
    expect(await active(hal)).toBeNull();

    const bad = [
      await harness.as(hal).post('/api/stripe/checkout', { type: 'GOLD' }),
      await harness.as(hal).post('/api/stripe/credits/checkout', { credits: 1.5 }),
      await harness.as(hal).post('/api/stripe/balance/checkout', { amountUsd: 1 }),
      await harness.as(hal).post('/api/subscriptions/update', { type: 'FREE' }),
    ];
    expect(bad.map((response) => response.status)).toEqual([400, 400, 400, 400]);
    const noPlan = await harness.as(hal).post<ApiErrorBody>('/api/subscriptions/cancel');
    expect(noPlan.status).toBe(409);
    expect(noPlan.body.message).toBe('You have no plan to change. Choose one on the pricing page.');
    const anonymous = await harness.request('GET', '/api/billing/summary');
    expect(anonymous.status).toBe(401);
  });
});
