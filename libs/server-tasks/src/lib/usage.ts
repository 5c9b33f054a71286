import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { planOfStatus, subscriptionStatusOf, type Plan } from '@mason/contract';
import { subscriptions, tokenUsage, type Executor } from '@mason/server-db';
import type { TasksConfig } from './tasks-context';
import { usageLimitReached } from '@mason/server-http';
import type { BudgetCheck } from '@mason/server-projects';

/** The start of this calendar month and of the next (UTC): token budgets are monthly. */
export function budgetPeriod(now: Date = new Date()): { start: Date; resetsAt: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, resetsAt };
}

export async function planOfUser(db: Executor, userId: string): Promise<Plan> {
  const [row] = await db
    .select({ type: subscriptions.type })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return planOfStatus[subscriptionStatusOf(row ? { type: row.type } : null)];
}

export interface Budget {
  /** Tokens left this month, or null when the plan has no limit. */
  remaining: number | null;
  resetsAt: Date;
}

export async function tokenBudget(
  db: Executor,
  config: TasksConfig,
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
  config: TasksConfig,
  userId: string,
): Promise<BudgetCheck> {
  const { remaining, resetsAt } = await tokenBudget(db, config, userId);
  return remaining !== null && remaining <= 0 ? { ok: false, resetsAt } : { ok: true };
}

/** For routes: 403 'Usage limit reached' (with limitResetDate) when the plan has no tokens left. */
export async function assertWithinBudget(db: Executor, config: TasksConfig, userId: string) {
  const budget = await checkBudget(db, config, userId);
  if (!budget.ok) throw usageLimitReached(budget.resetsAt);
}
