import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { ErrorMessages, planOfStatus, subscriptionStatusOf, type Plan } from '@mason/contract';
import { subscriptions, tokenUsage, type Executor } from '@mason/server-db';
import type { AppConfig } from '../config/app-config';
import { HttpError } from '@mason/server-http';

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
  config: AppConfig,
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

/** 403 'Usage limit reached' (with limitResetDate) when the user's plan has no tokens left. */
export async function assertWithinBudget(db: Executor, config: AppConfig, userId: string) {
  const { remaining, resetsAt } = await tokenBudget(db, config, userId);
  if (remaining !== null && remaining <= 0) {
    throw new HttpError(403, ErrorMessages.usageLimitReached, {
      limitResetDate: resetsAt.toISOString(),
    });
  }
}
