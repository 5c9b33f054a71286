import type { ActiveSubscriptionResponse, ApiErrorBody } from '@mason/contract';
import { subscriptions, tokenUsage } from '@mason/server-db';
import { type DomainHarness, type HarnessUser, startDomainHarness } from '@mason/server-testing';
import type { BillingContext } from './billing-context';
import { checkBudget } from './budgets';
import { subscriptionsRoutes } from './subscriptions.routes';

const config: BillingContext['config'] = {
  tokenBudgets: { FREE: 1_000, LITE: 10_000, PRO: 100_000, USAGE: null },
};

describe('billing over HTTP', () => {
  let harness: DomainHarness;
  let ada: HarnessUser;
  let bea: HarnessUser;

  beforeAll(async () => {
    harness = await startDomainHarness(async (api, { db }) => {
      await api.register(subscriptionsRoutes, { ctx: { config, db } });
    });
    ada = await harness.signUp('ada');
    bea = await harness.signUp('bea');
  });
  afterAll(() => harness?.close());

  it('answers null on the free plan, and only the caller’s own subscription', async () => {
    const free = await harness.as(ada).get<ActiveSubscriptionResponse>('/api/subscriptions/active');
    expect(free.status).toBe(200);
    expect(free.body).toEqual({ subscription: null });

    const periodEnd = new Date('2026-12-24T00:00:00Z');
    await harness.db.insert(subscriptions).values({
      userId: bea.id,
      type: 'PRO_MONTHLY',
      status: 'active',
      currentPeriodEnd: periodEnd,
    });
    const pro = await harness.as(bea).get<ActiveSubscriptionResponse>('/api/subscriptions/active');
    expect(pro.body).toEqual({
      subscription: {
        type: 'PRO_MONTHLY',
        status: 'active',
        currentPeriodEnd: periodEnd.toISOString(),
        cancelAtPeriodEnd: false,
      },
    });
    // Bea's plan is not Ada's.
    const still = await harness
      .as(ada)
      .get<ActiveSubscriptionResponse>('/api/subscriptions/active');
    expect(still.body).toEqual({ subscription: null });
  });

  it('asks for a session', async () => {
    const anonymous = await harness.request<ApiErrorBody>('GET', '/api/subscriptions/active');
    expect(anonymous.status).toBe(401);
  });

  it('says when a plan’s tokens are spent this month, and when they come back', async () => {
    expect(await checkBudget(harness.db, config, ada.id)).toEqual({ ok: true });
    await harness.db
      .insert(tokenUsage)
      .values({ userId: ada.id, model: 'CLAUDE_SONNET_4_5', inputTokens: 600, outputTokens: 400 });
    const spent = await checkBudget(harness.db, config, ada.id);
    expect(spent).toMatchObject({ ok: false });
    const now = new Date();
    expect(spent.ok ? null : spent.resetsAt).toEqual(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
    );
  });
});
