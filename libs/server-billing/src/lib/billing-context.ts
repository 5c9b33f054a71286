import type { Plan } from '@mason/contract';
import type { Database } from '@mason/server-db';

export interface BillingConfig {
  /** Tokens a user may spend per calendar month (UTC) on each plan; null: no limit. */
  tokenBudgets: Record<Plan, number | null>;
}

/** What the billing routes are built from (apps/api composes it). */
export interface BillingContext {
  config: BillingConfig;
  db: Database;
}
