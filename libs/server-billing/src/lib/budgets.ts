import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { planOfStatus, subscriptionStatusOf, type Plan } from '@mason/contract';
import { tokenUsage, users, type Executor } from '@mason/server-db';
import type { BillingConfig } from './billing-context';
import type { PlanFeature } from '@mason/contract/billing';
import { ledgerBalanceOf } from './ledger/ledger.repository';
import { currentSubscription, currentSubscriptionType } from './subscriptions.repository';

/** What a plan's budget allows now: a route answers the catalogue's 403 when it is spent. */
export type BudgetCheck = { readonly ok: true } | { readonly ok: false; readonly resetsAt: Date };

/** The start of this calendar month and of the next (UTC): plan credits are monthly. */
export function budgetPeriod(now: Date = new Date()): { start: Date; resetsAt: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, resetsAt };
}

export async function planOfUser(db: Executor, userId: string): Promise<Plan> {
  const row = await currentSubscription(db, userId);
  return planOfSubscription(row?.type ?? null);
}

/** The plan of a subscription's type (null: none, the free plan). */
function planOfSubscription(type: string | null): Plan {
  return planOfStatus[subscriptionStatusOf(type === null ? null : { type })];
}

/** Credits of charged turns since `start` (turns not charged do not count). */
export async function creditsUsedSince(db: Executor, userId: string, start: Date): Promise<number> {
  const [row] = await creditsUsedQuery(db, userId, start);
  return Number(row?.total ?? 0);
}

function creditsUsedQuery(db: Executor, userId: string, start: Date) {
  return db
    .select({ total: sql<string>`coalesce(sum(${tokenUsage.costCredits}), 0)` })
    .from(tokenUsage)
    .where(
      and(
        eq(tokenUsage.userId, userId),
        gte(tokenUsage.createdAt, start),
        isNull(tokenUsage.waivedReason),
      ),
    );
}

export interface Budget {
  readonly plan: Plan;
  /** Credits of charged turns this month, and what the plan gives a month. */
  readonly usedCredits: number;
  readonly monthlyCredits: number;
  /** Bought or rewarded credits left, and prepaid balance left (cents). */
  readonly credits: number;
  readonly balance: number;
  /** Credits left to spend now, or null when the plan bills past them (usage-based). */
  readonly remaining: number | null;
  readonly resetsAt: Date;
}

/**
 * What the person may spend now: the month's plan credits first, then bought and rewarded credits
 * and the prepaid balance. The usage-based plan has no cap: what the balance does not cover is
 * billed by use.
 */
export async function creditBudget(
  db: Executor,
  config: BillingConfig,
  userId: string,
): Promise<Budget> {
  const { start, resetsAt } = budgetPeriod();
  // Read in one round trip: every message and every step of a turn asks.
  const [row] = await db
    .select({
      subscription: sql<string | null>`(${currentSubscriptionType(db, userId)})`,
      used: sql<string>`(${creditsUsedQuery(db, userId, start)})`,
      credits: sql<string>`(${ledgerBalanceOf(db, userId, 'CREDITS')})`,
      balance: sql<string>`(${ledgerBalanceOf(db, userId, 'BALANCE')})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const plan = planOfSubscription(row?.subscription ?? null);
  const usedCredits = Number(row?.used ?? 0);
  const credits = Number(row?.credits ?? 0);
  const balance = Number(row?.balance ?? 0);
  const monthlyCredits = config.pricing.plans[plan].monthlyCredits;
  const left =
    Math.max(0, monthlyCredits - usedCredits) + Math.max(0, credits) + Math.max(0, balance);
  return {
    plan,
    usedCredits,
    monthlyCredits,
    credits,
    balance,
    remaining: plan === 'USAGE' ? null : left,
    resetsAt,
  };
}

/** Whether the person has credits left now. */
export async function checkBudget(
  db: Executor,
  config: BillingConfig,
  userId: string,
): Promise<BudgetCheck> {
  const { remaining, resetsAt } = await creditBudget(db, config, userId);
  return remaining !== null && remaining <= 0 ? { ok: false, resetsAt } : { ok: true };
}

/** The most projects the person's plan allows (PLAN_TERMS' maxProjects, overridable), or null. */
export async function maxProjectsOf(
  db: Executor,
  config: BillingConfig,
  userId: string,
): Promise<number | null> {
  const plan = await planOfUser(db, userId);
  return config.pricing.plans[plan].maxProjects;
}

/** Whether the person's plan includes `feature` (the effective pricing table's features). */
export async function planIncludes(
  db: Executor,
  config: BillingConfig,
  userId: string,
  feature: PlanFeature,
): Promise<boolean> {
  const plan = await planOfUser(db, userId);
  return config.pricing.plans[plan].features.includes(feature);
}
