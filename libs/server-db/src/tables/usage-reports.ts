// Usage reports: credits billed by use (the usage-based plan's balance below zero), each sent to
// the payment provider once it is recorded (an outbox: recorded in the same transaction as the
// ledger entry that moves the debt, delivered after the commit, sent again until it is).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerUserId } from './accounts';
import type { BillingProviderValue } from './billing';
import { createdAt } from './columns';

/** One report: its id is the provider's identifier of it (Stripe's meter event `identifier`). */
export const usageReports = pgTable(
  'usage_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    provider: text('provider').$type<BillingProviderValue>().notNull(),
    /** The person's customer at the provider (Stripe's `cus_…`) when it was recorded. */
    customerId: text('customer_id').notNull(),
    /** Whole credits billed by use. */
    credits: integer('credits').notNull(),
    /** Tries to send it so far, and why the last one failed. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /** Null until the provider took it. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('usage_reports_pending_idx')
      .on(table.provider, table.createdAt)
      .where(sql`${table.deliveredAt} is null`),
    index('usage_reports_user_idx').on(table.userId, table.createdAt),
    check('usage_reports_credits', sql`${table.credits} > 0`),
  ],
);

export type UsageReportRow = typeof usageReports.$inferSelect;
