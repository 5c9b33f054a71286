import type { PricingTable } from '@mason/contract/billing';
import type { Database } from '@mason/server-db';
import type { FastifyBaseLogger } from 'fastify';
import type { BillingProvider } from './providers/billing-provider';

/** What budgets read: the effective price table (GET /config serves the same). */
export interface BillingConfig {
  readonly pricing: PricingTable;
  /** REFERRAL_REWARDS_PER_MONTH: referrals one person is rewarded for per month (default the contract's). */
  readonly referralRewardsPerMonth?: number;
}

/** Where Mason's own pages are: the checkout's way back, the embedded checkout and receipts. */
export interface BillingLinks {
  /**
   * An absolute URL of Mason's web app, e.g. web('/subscriptions/success'): on `from` (the origin
   * the person's request came from) when that is one of Mason's own origins, else on PUBLIC_URL.
   */
  web(path: string, from?: string): string;
}

/** What the billing routes are built from (apps/api composes it). */
export interface BillingContext {
  readonly config: BillingConfig;
  readonly db: Database;
  readonly provider: BillingProvider;
  readonly links: BillingLinks;
  readonly log: FastifyBaseLogger;
  /** How often usage billed by use is reported to the provider (default: every minute). */
  readonly usageReportEveryMs?: number;
}
