import type { ApiErrorBody, AuthTokenResponse, CheckoutResponse, User } from '@mason/contract';
import type { BillingSummary, RewardsResponse } from '@mason/contract/billing';
import { creditLedger, subscriptions, users } from '@mason/server-db';
import { type DomainHarness, type HarnessUser, startDomainHarness } from '@mason/server-testing';
import { and, eq, sql } from 'drizzle-orm';
import { billingSettingsFromEnv } from '../billing-config';
import { billingRoutes } from '../billing.routes';
import { BillingService } from '../billing.service';
import { EmbeddedProvider, embeddedCustomerId } from '../providers/embedded-provider';

const WEB = 'http://mason.test';
/** At most 3 rewarded referrals per referrer and month (REFERRAL_REWARDS_PER_MONTH). */
const PER_MONTH = 3;
const config = billingSettingsFromEnv({ REFERRAL_REWARDS_PER_MONTH: String(PER_MONTH) });
const { referrer: REFERRER, referred: REFERRED } = config.pricing.referralRewardCredits;

describe('rewards for referrals, over HTTP with the embedded provider', () => {
  let harness: DomainHarness;
  let billing: BillingService;
  let people = 0;

  beforeAll(async () => {
    harness = await startDomainHarness(async (api, { db, log }) => {
      const links = { web: (path: string) => `${WEB}${path}` };
      const provider = new EmbeddedProvider(db, links);
      billing = new BillingService({ config, db, provider, links, log });
      await api.register(billingRoutes, { billing });
    });
  });
  afterAll(() => harness?.close());

  /** A sign-up through the form's call, with a referral code as the sign-up page sends it. */
  async function signUpWith(
    referralCode: string | undefined,
    firstName = 'Grace',
    { verified = true }: { verified?: boolean } = {},
  ): Promise<HarnessUser> {
    people += 1;
    const email = `${firstName.toLowerCase()}-${people}@example.com`;
    const created = await harness.request<AuthTokenResponse>('POST', '/api/users', {
      body: { firstName, lastName: 'Hopper', email, password: 'correct-horse-42', referralCode },
    });
    expect(created.status).toBe(201);
    const me = await harness.request<User>('GET', '/api/users/current', {
      token: created.body.token,
    });
    // What opening the verification link does (the auth routes' own tests follow the link).
    if (verified)
      await harness.db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.id, me.body.id));
    return { id: me.body.id, email, token: created.body.token };
  }

  const rewardsOf = async (user: HarnessUser) => {
    const answer = await harness.as(user).get<RewardsResponse>('/api/rewards');
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const creditsOf = async (user: HarnessUser) =>
    (await harness.as(user).get<BillingSummary>('/api/billing/summary')).body.credits;

  /** Starts a checkout and pays it on Mason's own checkout page (its Confirm). */
  async function pay(user: HarnessUser, path: string, body: unknown) {
    const started = await harness.as(user).post<CheckoutResponse>(path, body);
    expect(started.status).toBe(200);
    const id = started.body.checkoutUrl.split('/').pop() as string;
    const paid = await harness.as(user).post(`/api/billing/checkout/${id}/confirm`);
    expect(paid.status).toBe(200);
  }

  it('answers 401 without a session', async () => {
    const answer = await harness.request<ApiErrorBody>('GET', '/api/rewards');
    expect(answer.status).toBe(401);
  });

  it('gives each person one code of their own and a sign-up link with it', async () => {
    const ada = await harness.signUp('ada');
    const bob = await harness.signUp('bob');
    const first = await rewardsOf(ada);
    expect(first.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(first.link).toBe(`${WEB}/signup?ref=${first.code}`);
    expect(first).toMatchObject({ referrals: [], creditsEarned: 0 });
    // Asked again (also twice at once), the same code; another person has another.
    const again = await Promise.all([rewardsOf(ada), rewardsOf(ada)]);
    expect(again.map((answer) => answer.code)).toEqual([first.code, first.code]);
    expect((await rewardsOf(bob)).code).not.toBe(first.code);
  });

  it('rewards both people once, at the referred person’s first payment, and lists them by first name', async () => {
    const ada = await harness.signUp('ada');
    const { code } = await rewardsOf(ada);
    // Typed in lower case on the form: codes compare upper-case.
    const grace = await signUpWith(code.toLowerCase(), 'Grace');

    let rewards = await rewardsOf(ada);
    expect(rewards.referrals).toEqual([
      { firstName: 'Grace', joinedAt: expect.any(String), rewarded: false },
    ]);
    expect(rewards.creditsEarned).toBe(0);
    expect(await creditsOf(ada)).toBe(0);

    await pay(grace, '/api/stripe/checkout', { type: 'PRO' });
    expect(await creditsOf(ada)).toBe(REFERRER);
    expect(await creditsOf(grace)).toBe(REFERRED);

    // A second payment (credits bought) rewards nobody again.
    await pay(grace, '/api/stripe/credits/checkout', { credits: 500 });
    expect(await creditsOf(ada)).toBe(REFERRER);
    expect(await creditsOf(grace)).toBe(REFERRED + 500);

    rewards = await rewardsOf(ada);
    expect(rewards.referrals).toEqual([
      { firstName: 'Grace', joinedAt: expect.any(String), rewarded: true },
    ]);
    expect(rewards.creditsEarned).toBe(REFERRER);
    // First names and dates only: never another person's e-mail address or last name.
    const text = JSON.stringify(rewards);
    expect(text).not.toContain(grace.email);
    expect(text).not.toContain('Hopper');
    // Grace's own page lists nobody: she joined through Ada's link, nobody through hers.
    expect(await rewardsOf(grace)).toMatchObject({ referrals: [], creditsEarned: 0 });
  });

  it('takes the referral given at checkout when the sign-up had none, until the first payment', async () => {
    const ada = await harness.signUp('ada');
    const bob = await harness.signUp('bob');
    const adaCode = (await rewardsOf(ada)).code;
    const bobCode = (await rewardsOf(bob)).code;

    // Signed up without a code; the plan chosen with Ada's link pays and rewards both.
    const kim = await signUpWith(undefined, 'Kim');
    await pay(kim, '/api/stripe/checkout', { type: 'PRO', referral: adaCode.toLowerCase() });
    expect(await creditsOf(ada)).toBe(REFERRER);
    expect(await creditsOf(kim)).toBe(REFERRED);
    expect((await rewardsOf(ada)).referrals).toEqual([
      { firstName: 'Kim', joinedAt: expect.any(String), rewarded: true },
    ]);

    // A code from the sign-up stays: a different one at checkout does not replace it.
    const lou = await signUpWith(adaCode, 'Lou');
    await pay(lou, '/api/stripe/checkout', { type: 'PRO', referral: bobCode });
    expect(await creditsOf(ada)).toBe(2 * REFERRER);
    expect(await creditsOf(bob)).toBe(0);

    // After a first payment, a code at checkout comes too late: nobody is rewarded.
    const max = await signUpWith(undefined, 'Max');
    await pay(max, '/api/stripe/balance/checkout', { amountUsd: 10 });
    await pay(max, '/api/stripe/checkout', { type: 'PRO', referral: bobCode });
    expect(await creditsOf(bob)).toBe(0);
    expect(await creditsOf(max)).toBe(0);
    expect((await rewardsOf(bob)).referrals).toEqual([]);
  });

  it('applies a replayed payment event once: the second delivery gives nothing more', async () => {
    const ada = await harness.signUp('ada');
    const { code } = await rewardsOf(ada);
    const lin = await signUpWith(code, 'Lin');
    const started = await harness
      .as(lin)
      .post<CheckoutResponse>('/api/stripe/checkout', { type: 'PRO' });
    const checkoutId = started.body.checkoutUrl.split('/').pop() as string;
    const event = {
      type: 'checkout.completed' as const,
      eventId: `evt_replayed_${checkoutId}`,
      checkoutId,
      customerId: embeddedCustomerId(lin.id),
      subscription: null,
      amountCents: config.pricing.plans.PRO.monthlyPriceCents,
      receiptUrl: null,
    };
    expect(await billing.applyEvent(event)).toBe('applied');
    expect(await billing.applyEvent(event)).toBe('duplicate');
    expect(await creditsOf(ada)).toBe(REFERRER);
    expect(await creditsOf(lin)).toBe(REFERRED);
    expect((await rewardsOf(ada)).creditsEarned).toBe(REFERRER);
  });

  it('gives nothing for an unknown code, one’s own code, or a plan that costs nothing', async () => {
    const ada = await harness.signUp('ada');
    const { code } = await rewardsOf(ada);

    const stranger = await signUpWith('NOSUCHCODE', 'Sam');
    await pay(stranger, '/api/stripe/balance/checkout', { amountUsd: 10 });
    expect(await creditsOf(stranger)).toBe(0);

    // The usage-based plan costs nothing a month: joining it is not a payment.
    const uma = await signUpWith(code, 'Uma');
    await pay(uma, '/api/stripe/checkout', { type: 'USAGE' });
    expect(await creditsOf(uma)).toBe(0);
    expect(await creditsOf(ada)).toBe(0);
    expect((await rewardsOf(ada)).referrals).toEqual([
      { firstName: 'Uma', joinedAt: expect.any(String), rewarded: false },
    ]);

    // A person whose own code is the one they signed up with (not reachable from the form).
    const self = await signUpWith(undefined, 'Self');
    const own = (await rewardsOf(self)).code;
    await harness.db.update(users).set({ referralCode: own }).where(eq(users.id, self.id));
    await pay(self, '/api/stripe/checkout', { type: 'PRO' });
    expect(await creditsOf(self)).toBe(0);
    expect(await rewardsOf(self)).toMatchObject({ referrals: [], creditsEarned: 0 });
  });

  it('gives nothing for the farming of a code: five accounts on it, each on the free usage plan with a $5 balance', async () => {
    const ada = await harness.signUp('ada');
    const { code } = await rewardsOf(ada);
    const fakes = [];
    for (let index = 0; index < 5; index++) {
      const fake = await signUpWith(code, `Fake${index}`, { verified: index % 2 === 0 });
      await pay(fake, '/api/stripe/checkout', { type: 'USAGE' });
      await pay(fake, '/api/stripe/balance/checkout', { amountUsd: 5 });
      fakes.push(fake);
    }
    expect(await creditsOf(ada)).toBe(0);
    for (const fake of fakes) expect(await creditsOf(fake)).toBe(0);
    const rewards = await rewardsOf(ada);
    expect(rewards.creditsEarned).toBe(0);
    expect(rewards.referrals.map((referral) => referral.rewarded)).toEqual(
      Array.from({ length: 5 }, () => false),
    );
  });

  it('rewards a paid plan only of a verified account', async () => {
    const ada = await harness.signUp('ada');
    const { code } = await rewardsOf(ada);
    const unverified = await signUpWith(code, 'Una', { verified: false });
    await pay(unverified, '/api/stripe/checkout', { type: 'LITE' });
    expect(await creditsOf(ada)).toBe(0);
    expect(await creditsOf(unverified)).toBe(0);

    const verified = await signUpWith(code, 'Vera');
    await pay(verified, '/api/stripe/checkout', { type: 'LITE' });
    expect(await creditsOf(ada)).toBe(REFERRER);
    expect(await creditsOf(verified)).toBe(REFERRED);
  });

  it(`rewards a referrer for ${PER_MONTH} referrals a calendar month; the people past it still get theirs`, async () => {
    const ada = await harness.signUp('ada');
    const { code } = await rewardsOf(ada);
    const referred = [];
    for (let index = 0; index <= PER_MONTH; index++) {
      const person = await signUpWith(code, `Friend${index}`);
      await pay(person, '/api/stripe/checkout', { type: 'PRO' });
      referred.push(person);
    }
    expect(await creditsOf(ada)).toBe(PER_MONTH * REFERRER);
    for (const person of referred) expect(await creditsOf(person)).toBe(REFERRED);
    const rewards = await rewardsOf(ada);
    expect(rewards.creditsEarned).toBe(PER_MONTH * REFERRER);
    // Newest first: the last one was past the month's cap.
    expect(rewards.referrals.map((referral) => referral.rewarded)).toEqual([
      false,
      ...Array.from({ length: PER_MONTH }, () => true),
    ]);
    // Its next payment (the plan renews) does not make up for it: the first payment decided.
    const last = referred[PER_MONTH] as HarnessUser;
    const [subscription] = await harness.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, last.id));
    const renewal = `renewal_${subscription?.id}`;
    expect(
      await billing.applyEvent({
        type: 'invoice.paid',
        eventId: `evt_${renewal}`,
        invoiceId: `in_${renewal}`,
        customerId: embeddedCustomerId(last.id),
        subscriptionId: subscription?.providerSubscriptionId ?? null,
        amountCents: config.pricing.plans.PRO.monthlyPriceCents,
        currency: 'usd',
        receiptUrl: null,
        description: 'Mason Pro, monthly',
      }),
    ).toBe('applied');
    expect(await creditsOf(ada)).toBe(PER_MONTH * REFERRER);
    expect(await creditsOf(last)).toBe(REFERRED);

    // The month's rewards in a past month: a new referral is rewarded again.
    await harness.db
      .update(creditLedger)
      .set({ createdAt: sql`date_trunc('month', now()) - interval '1 day'` })
      .where(and(eq(creditLedger.userId, ada.id), eq(creditLedger.reason, 'reward')));
    const next = await signUpWith(code, 'NextMonth');
    await pay(next, '/api/stripe/checkout', { type: 'PRO' });
    expect(await creditsOf(ada)).toBe((PER_MONTH + 1) * REFERRER);
  });
});
