import { checkBudget, type BillingConfig } from '@mason/server-billing';
import type { Executor } from '@mason/server-db';
import { usageLimitReached } from '@mason/server-http';

/** For routes: 403 'Usage limit reached' (with limitResetDate) when the plan has no credits left. */
export async function assertWithinBudget(db: Executor, config: BillingConfig, userId: string) {
  const budget = await checkBudget(db, config, userId);
  if (!budget.ok) throw usageLimitReached(budget.resetsAt);
}
