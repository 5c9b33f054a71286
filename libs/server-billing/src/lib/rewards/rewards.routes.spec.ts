import type { ApiErrorBody, AuthTokenResponse, CheckoutResponse, User } from '@mason/contract';
import type { BillingSummary, RewardsResponse } from '@mason/contract/billing';
import { users } from '@mason/server-db';
import { type DomainHarness, type HarnessUser, startDomainHarness } from '@mason/server-testing';
import { eq } from 'drizzle-orm';
import { billingSettingsFromEnv } from '../billing-config';
import { billingRoutes } from '../billing.routes';
import { BillingService } from '../billing.service';
import { EmbeddedProvider, embeddedCustomerId } from '../providers/embedded-provider';

const WEB = 'http://mason.test';
const config = billingSettingsFromEnv({});
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
      .post<CheckoutResponse>('/api/stripe/balance/checkout', { amountUsd: 10 });
    const checkoutId = started.body.checkoutUrl.split('/').pop() as string;
    const event = {
      type: 'checkout.completed' as const,
      eventId: `evt_replayed_${checkoutId}`,
      checkoutId,
      customerId: embeddedCustomerId(lin.id),
      subscription: null,
      amountCents: 1000,
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
    const self = await harness.signUp('self');
    const own = (await rewardsOf(self)).code;
    await harness.db.update(users).set({ referralCode: own }).where(eq(users.id, self.id));
    await pay(self, '/api/stripe/balance/checkout', { amountUsd: 10 });
    expect(await creditsOf(self)).toBe(0);
    expect(await rewardsOf(self)).toMatchObject({ referrals: [], creditsEarned: 0 });
  });
});
