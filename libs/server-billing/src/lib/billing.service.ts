import {
  PAID_PLANS,
  paidPlanOf,
  planOfStatus,
  subscriptionStatusOf,
  type CheckoutPlan,
  type PaidPlan,
  type Subscription,
  type TransactionsResponse,
} from '@mason/contract';
import {
  REFERRAL_REWARDS_PER_MONTH,
  type BillingSummary,
  type CheckoutKind,
  type CheckoutSession,
} from '@mason/contract/billing';
import { users, type CheckoutSessionRow, type SubscriptionRow } from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import { eq } from 'drizzle-orm';
import type { BillingContext } from './billing-context';
import { creditBudget, planOfUser } from './budgets';
import {
  customerOf,
  endCheckout,
  findCheckout,
  insertCheckout,
  setProviderSession,
} from './checkout/checkout.repository';
import { applyBillingEvent, UnknownCustomerError, type ApplyResult } from './events/apply-event';
import { StripeProvider } from './providers/stripe/stripe-provider';
import { WebhookSignatureError } from './providers/stripe/stripe-webhooks';
import { listTransactions } from './events/transactions.repository';
import { EmbeddedProvider, paidPlanPrices } from './providers/embedded-provider';
import { monthlyDescription } from './plan-names';
import type { BillingEvent, ProviderSubscription } from './providers/billing-provider';
import { RewardsService } from './rewards/rewards.service';
import type { ReferralRewardRules } from './rewards/referral-rewards';
import { adoptReferralAtCheckout } from './rewards/rewards.repository';
import { UsageReporter } from './usage-reports/usage-reporter';
import { unpricedUsage } from './usage/unpriced-usage';
import { costByProject } from './usage/usage.repository';
import { currentSubscription, storeSubscription, toSubscription } from './subscriptions.repository';

const CHECKOUT_NOT_FOUND = 'That checkout does not exist.';
const CHECKOUT_ENDED = 'This checkout has ended already. Start a new one from the billing page.';
const NOT_EMBEDDED = 'This checkout is paid on the payment provider’s page, not here.';
const ALREADY_SUBSCRIBED =
  'You have a plan already. Change it on the billing page: the difference is prorated.';
const NO_SUBSCRIPTION = 'You have no plan to change. Choose one on the pricing page.';
const NOT_ENDING = 'Your plan is not set to end, so there is nothing to reactivate.';
const CREDITS_FOR_SUBSCRIBERS =
  'Credits are for the Lite and Pro plans. On your plan, add to your balance instead.';
const BALANCE_FOR_USAGE =
  'A balance is for the usage-based and free plans. On your plan, buy credits instead.';

const STRIPE_OFF = 'This server does not take payments with Stripe.';
const BAD_SIGNATURE = 'The Stripe-Signature header does not match this body (or it is too old).';

export type CheckoutRequestOf =
  | { readonly kind: 'SUBSCRIPTION'; readonly plan: CheckoutPlan; readonly referral?: string }
  | { readonly kind: 'CREDITS'; readonly credits: number }
  | { readonly kind: 'BALANCE'; readonly amountUsd: number };

/** Where a paid checkout leads: the success page says what was bought (a plan, or credits or balance). */
function successPath(checkout: Pick<CheckoutSessionRow, 'id' | 'kind'>): string {
  const kind = checkout.kind === 'SUBSCRIPTION' ? '' : `&kind=${checkout.kind}`;
  return `/subscriptions/success?checkout=${checkout.id}${kind}`;
}

function toCheckoutSession(row: CheckoutSessionRow): CheckoutSession {
  return {
    id: row.id,
    kind: row.kind,
    plan: (row.plan as PaidPlan | null) ?? null,
    credits: row.credits,
    description: row.description,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Billing: checkouts (plans, credits, balance) through the configured provider, what the
 * provider's events change (each applied once), the person's plan and what they spent.
 */
export class BillingService {
  private readonly embedded: EmbeddedProvider;
  /** GET /rewards: the referral link and who joined through it. */
  readonly rewards: RewardsService;
  /** Reports usage billed by use to the provider (Stripe's meter): apps/api starts and stops it. */
  readonly usageReports: UsageReporter;

  constructor(private readonly ctx: BillingContext) {
    this.embedded = new EmbeddedProvider(ctx.db, ctx.links);
    this.rewards = new RewardsService(ctx);
    this.usageReports = new UsageReporter(ctx, { everyMs: ctx.usageReportEveryMs });
  }

  /** What a referred person's first payment for a priced plan gives, and to whom (the effective table). */
  private get referralCredits(): ReferralRewardRules {
    const { pricing, referralRewardsPerMonth } = this.ctx.config;
    return {
      ...pricing.referralRewardCredits,
      perReferrerPerMonth: referralRewardsPerMonth ?? REFERRAL_REWARDS_PER_MONTH,
      pricedPlans: PAID_PLANS.filter((plan) => pricing.plans[plan].monthlyPriceCents > 0),
    };
  }

  /** Applies a provider's event in a transaction of its own (a Stripe webhook). */
  applyEvent(event: BillingEvent): Promise<ApplyResult> {
    const provider = this.ctx.provider.name;
    return this.ctx.db.transaction((tx) =>
      applyBillingEvent(tx, provider, event, this.referralCredits),
    );
  }

  /**
   * POST /stripe/webhook: the event, verified by its signature over the raw body, applied once.
   * Answers what was done; a bad signature is a 400, an event of a customer Mason does not know
   * yet a 409 (Stripe sends it again later), and this server without Stripe a 404.
   */
  async stripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<ApplyResult> {
    const { provider } = this.ctx;
    if (!(provider instanceof StripeProvider)) {
      throw new RuleViolation('not-found', STRIPE_OFF);
    }
    let event: BillingEvent | null;
    try {
      event = await provider.webhookEvent(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        throw new RuleViolation('invalid', BAD_SIGNATURE);
      }
      throw error;
    }
    if (!event) return 'ignored';
    try {
      return await this.applyEvent(event);
    } catch (error) {
      if (error instanceof UnknownCustomerError) throw new RuleViolation('conflict', error.message);
      throw error;
    }
  }

  private async applyAll(events: readonly BillingEvent[]): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      for (const event of events) {
        await applyBillingEvent(tx, 'embedded', event, this.referralCredits);
      }
    });
  }

  /** Embedded subscriptions whose period ended renew (or end) when the person's billing is read. */
  private async settle(userId: string): Promise<SubscriptionRow | null> {
    const row = await currentSubscription(this.ctx.db, userId);
    // Rows made before billing existed have no provider id: nothing renews them.
    if (!row?.providerSubscriptionId || row.provider !== 'embedded' || !row.currentPeriodEnd) {
      return row;
    }
    if (row.currentPeriodEnd.getTime() > Date.now()) return row;
    const prices = paidPlanPrices(this.ctx.config.pricing.plans);
    await this.applyAll(this.embedded.renewalEvents(row, prices, new Date()));
    return currentSubscription(this.ctx.db, userId);
  }

  async activeSubscription(userId: string): Promise<Subscription | null> {
    const row = await this.settle(userId);
    return row ? toSubscription(row) : null;
  }

  /**
   * POST /stripe/checkout, /stripe/credits/checkout, /stripe/balance/checkout. `from`: the origin
   * the person is on (the checkout and its way back stay there when it is Mason's, see links).
   */
  async startCheckout(
    userId: string,
    request: CheckoutRequestOf,
    from?: string,
  ): Promise<{ checkoutUrl: string }> {
    const { db, provider, links, config } = this.ctx;
    const plan = await planOfUser(db, userId);
    const subscribed = plan === 'LITE' || plan === 'PRO';
    let sold: { kind: CheckoutKind; plan: PaidPlan | null; credits: number | null };
    let amountCents: number;
    let description: string;
    switch (request.kind) {
      case 'SUBSCRIPTION': {
        if (plan !== 'FREE') throw new RuleViolation('conflict', ALREADY_SUBSCRIBED);
        const bought = paidPlanOf(request.plan);
        sold = { kind: 'SUBSCRIPTION', plan: bought, credits: null };
        amountCents = config.pricing.plans[bought].monthlyPriceCents;
        description = monthlyDescription(bought);
        break;
      }
      case 'CREDITS':
        if (!subscribed) throw new RuleViolation('conflict', CREDITS_FOR_SUBSCRIBERS);
        sold = { kind: 'CREDITS', plan: null, credits: request.credits };
        amountCents = request.credits * config.pricing.creditPriceCents;
        description = `${request.credits.toLocaleString('en-US')} Mason credits`;
        break;
      case 'BALANCE':
        if (subscribed) throw new RuleViolation('conflict', BALANCE_FOR_USAGE);
        sold = { kind: 'BALANCE', plan: null, credits: null };
        amountCents = request.amountUsd * 100;
        description = `$${request.amountUsd} added to your Mason balance`;
        break;
    }
    const referral = request.kind === 'SUBSCRIPTION' ? (request.referral ?? null) : null;
    if (referral) await adoptReferralAtCheckout(db, userId, referral);
    const checkout = await insertCheckout(db, {
      userId,
      provider: provider.name,
      ...sold,
      amountCents,
      description,
      referral: referral || null,
    });
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const started = await provider.startCheckout({
      checkoutId: checkout.id,
      ...sold,
      amountCents,
      description,
      email: user?.email ?? '',
      customerId: await customerOf(db, userId, provider.name),
      successUrl: links.web(successPath(checkout), from),
      cancelUrl: links.web(`/subscriptions/cancel?checkout=${checkout.id}`, from),
    });
    await setProviderSession(db, checkout.id, started.providerSessionId);
    return { checkoutUrl: started.url };
  }

  async getCheckout(userId: string, id: string): Promise<CheckoutSession> {
    const row = await findCheckout(this.ctx.db, userId, id);
    if (!row) throw new RuleViolation('not-found', CHECKOUT_NOT_FOUND);
    return toCheckoutSession(row);
  }

  /** The embedded checkout page's Pay: the same events as Stripe's webhooks, applied at once. */
  async confirmCheckout(userId: string, id: string, from?: string) {
    const paid = await this.ctx.db.transaction(async (tx) => {
      const row = await findCheckout(tx, userId, id, true);
      if (!row) throw new RuleViolation('not-found', CHECKOUT_NOT_FOUND);
      if (row.provider !== 'embedded') throw new RuleViolation('conflict', NOT_EMBEDDED);
      if (row.status !== 'open') throw new RuleViolation('conflict', CHECKOUT_ENDED);
      for (const event of this.embedded.paymentEvents(row)) {
        await applyBillingEvent(tx, 'embedded', event, this.referralCredits);
      }
      return row;
    });
    return {
      session: await this.getCheckout(userId, id),
      redirectUrl: this.ctx.links.web(successPath(paid), from),
    };
  }

  /** The embedded checkout page's Cancel: nothing is bought, nothing changes but the checkout. */
  async cancelCheckout(userId: string, id: string, from?: string) {
    await this.ctx.db.transaction(async (tx) => {
      const row = await findCheckout(tx, userId, id, true);
      if (!row) throw new RuleViolation('not-found', CHECKOUT_NOT_FOUND);
      if (row.status !== 'open') throw new RuleViolation('conflict', CHECKOUT_ENDED);
      await endCheckout(tx, row.id, 'canceled');
    });
    return {
      session: await this.getCheckout(userId, id),
      redirectUrl: this.ctx.links.web(`/subscriptions/cancel?checkout=${id}`, from),
    };
  }

  private async changeSubscription(
    userId: string,
    change: (providerId: string) => Promise<ProviderSubscription>,
    allowed?: (row: SubscriptionRow) => string | null,
  ): Promise<Subscription> {
    const row = await this.settle(userId);
    if (!row?.providerSubscriptionId || row.provider !== this.ctx.provider.name) {
      throw new RuleViolation('conflict', NO_SUBSCRIPTION);
    }
    const refusal = allowed?.(row);
    if (refusal) throw new RuleViolation('conflict', refusal);
    // What the usage-based plan owes goes to the meter while its metered price is still on the
    // subscription, so the provider bills it with the period that is changing or ending.
    if (planOfStatus[subscriptionStatusOf(row)] === 'USAGE') await this.usageReports.run();
    const state = await change(row.providerSubscriptionId);
    const stored = await storeSubscription(this.ctx.db, userId, row.provider, state);
    return toSubscription(stored);
  }

  /** POST /subscriptions/update: another plan for the rest of the period, prorated. */
  updateSubscription(userId: string, type: CheckoutPlan): Promise<Subscription> {
    return this.changeSubscription(userId, (id) =>
      this.ctx.provider.changePlan(id, paidPlanOf(type)),
    );
  }

  /** POST /subscriptions/cancel: the plan ends when its period does. */
  cancelSubscription(userId: string): Promise<Subscription> {
    return this.changeSubscription(userId, (id) => this.ctx.provider.cancelAtPeriodEnd(id));
  }

  /** POST /subscriptions/reactivate: a plan set to end goes on. */
  reactivateSubscription(userId: string): Promise<Subscription> {
    return this.changeSubscription(
      userId,
      (id) => this.ctx.provider.reactivate(id),
      (row) => (row.cancelAtPeriodEnd ? null : NOT_ENDING),
    );
  }

  /** GET /stripe/transactions; Mason's own receipts are linked on `from` (see startCheckout). */
  async transactions(userId: string, from?: string): Promise<TransactionsResponse> {
    const { db, config, links } = this.ctx;
    const [transactions, budget] = await Promise.all([
      listTransactions(db, userId),
      creditBudget(db, config, userId),
    ]);
    // A receipt of the embedded provider is kept as a link on PUBLIC_URL: said on `from`.
    const own = links.web('');
    const onFrom = (url: string | null) =>
      url?.startsWith(`${own}/`) ? links.web(url.slice(own.length), from) : url;
    return {
      transactions: transactions.map((row) => ({ ...row, receiptUrl: onFrom(row.receiptUrl) })),
      credits: Math.max(0, Math.floor(budget.credits)),
      balanceCents: Math.floor(budget.balance),
    };
  }

  async summary(userId: string): Promise<BillingSummary> {
    const { db, config } = this.ctx;
    const subscription = await this.settle(userId);
    const budget = await creditBudget(db, config, userId);
    const [{ projects, waived, ownKey }, unpriced] = await Promise.all([
      costByProject(db, userId),
      unpricedUsage(db, userId, config.pricing.models),
    ]);
    return {
      plan: budget.plan,
      subscription: subscription ? toSubscription(subscription) : null,
      usage: {
        usedCredits: budget.usedCredits,
        monthlyCredits: budget.monthlyCredits,
        resetsAt: budget.resetsAt.toISOString(),
      },
      credits: Math.max(0, budget.credits),
      balanceCents: budget.balance,
      projects,
      waived,
      ownKey,
      unpriced,
    };
  }
}
