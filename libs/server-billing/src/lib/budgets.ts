import { and, eq, gte, sql } from 'drizzle-orm';
import { planOfStatus, subscriptionStatusOf, type Plan } from '@mason/contract';
import { tokenUsage, type Executor } from '@mason/server-db';
import type { BillingConfig } from './billing-context';
import { currentSubscription } from './subscriptions.repository';

/** What a plan's token budget allows now: a route answers the catalogue's 403 when it is spent. */
export type BudgetCheck = { readonly ok: true } | { readonly ok: false; readonly resetsAt: Date };

/** The start of this calendar month and of the next (UTC): token budgets are monthly. */
export function budgetPeriod(now: Date = new Date()): { start: Date; resetsAt: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, resetsAt };
}

export async function planOfUser(db: Executor, userId: string): Promise<Plan> {
  const row = await currentSubscription(db, userId);
  return planOfStatus[subscriptionStatusOf(row ? { type: row.type } : null)];
}

export interface Budget {
  /** Tokens left this month, or null when the plan has no limit. */
  remaining: number | null;
  resetsAt: Date;
}

export async function tokenBudget(
  db: Executor,
  config: BillingConfig,
  userId: string,
): Promise<Budget> {
  const { start, resetsAt } = budgetPeriod();
  const limit = config.tokenBudgets[await planOfUser(db, userId)];
  if (limit === null) return { remaining: null, resetsAt };
  const [used] = await db
    .select({
      total: sql<string>`coalesce(sum(${tokenUsage.inputTokens} + ${tokenUsage.outputTokens}), 0)`,
    })
    .from(tokenUsage)
    .where(and(eq(tokenUsage.userId, userId), gte(tokenUsage.createdAt, start)));
  return { remaining: Math.max(0, limit - Number(used?.total ?? 0)), resetsAt };
}

/** Whether the user's plan has tokens left this month. */
export async function checkBudget(
  db: Executor,
  config: BillingConfig,
  userId: string,
): Promise<BudgetCheck> {
  const { remaining, resetsAt } = await tokenBudget(db, config, userId);
  return remaining !== null && remaining <= 0 ? { ok: false, resetsAt } : { ok: true };
}
