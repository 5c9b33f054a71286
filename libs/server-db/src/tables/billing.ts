// Billing: subscriptions, the payment provider's customers, checkout sessions, the events applied
// (each once), payments, and the ledger of bought, rewarded and spent credits.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownerUserId, users } from './accounts';
import { createdAt, creditAmount, updatedAt } from './columns';

export const BILLING_PROVIDERS = ['stripe', 'embedded'] as const;
export type BillingProviderValue = (typeof BILLING_PROVIDERS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const;
export type SubscriptionRowStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Paid plans; a user without an active (or past due) row is on the free plan. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    /** e.g. 'PRO_MONTHLY': starts with LITE, PRO or USAGE (SPEC.md 3). */
    type: text('type').notNull(),
    status: text('status').$type<SubscriptionRowStatus>().notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    provider: text('provider').$type<BillingProviderValue>().notNull().default('embedded'),
    /** The provider's id of it (Stripe's `sub_…`); null for rows made before billing existed. */
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('subscriptions_user_id_idx').on(table.userId),
    uniqueIndex('subscriptions_provider_id_idx').on(table.provider, table.providerSubscriptionId),
    check('subscriptions_status', sql`${table.status} in ('active', 'past_due', 'canceled')`),
  ],
);

/** Who a person is at the payment provider (Stripe's `cus_…`). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<BillingProviderValue>().notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('billing_customers_user_idx').on(table.userId, table.provider),
    uniqueIndex('billing_customers_customer_idx').on(table.provider, table.customerId),
  ],
);

export const CHECKOUT_KINDS = ['SUBSCRIPTION', 'CREDITS', 'BALANCE'] as const;
export type CheckoutKindValue = (typeof CHECKOUT_KINDS)[number];
export const CHECKOUT_STATUSES = ['open', 'complete', 'canceled', 'expired'] as const;
export type CheckoutStatusValue = (typeof CHECKOUT_STATUSES)[number];

/** A checkout a person started: what it sells, for how much, and how it ended. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    provider: text('provider').$type<BillingProviderValue>().notNull(),
    /** The provider's id of the session (Stripe's `cs_…`); set once it is started. */
    providerSessionId: text('provider_session_id'),
    kind: text('kind').$type<CheckoutKindValue>().notNull(),
    /** The plan bought (SUBSCRIPTION). */
    plan: text('plan'),
    /** Credits bought (CREDITS). */
    credits: integer('credits'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    description: text('description').notNull(),
    status: text('status').$type<CheckoutStatusValue>().notNull().default('open'),
    /** The referral value the checkout was started with (SPEC.md 7), passed on. */
    referral: text('referral'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('checkout_sessions_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('checkout_sessions_provider_idx').on(table.provider, table.providerSessionId),
    check('checkout_sessions_kind', sql`${table.kind} in ('SUBSCRIPTION', 'CREDITS', 'BALANCE')`),
    check(
      'checkout_sessions_status',
      sql`${table.status} in ('open', 'complete', 'canceled', 'expired')`,
    ),
  ],
);

/** The provider events applied: an event id seen again (a replayed webhook) changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').$type<BillingProviderValue>().notNull(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

export const TRANSACTION_KINDS = ['SUBSCRIPTION', 'CREDITS', 'BALANCE', 'USAGE', 'REFUND'] as const;
export type TransactionKindValue = (typeof TRANSACTION_KINDS)[number];
export const TRANSACTION_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED'] as const;
export type TransactionStatusValue = (typeof TRANSACTION_STATUSES)[number];

/** Money that moved (or tried to): GET /stripe/transactions lists them. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    kind: text('kind').$type<TransactionKindValue>().notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').$type<TransactionStatusValue>().notNull(),
    receiptUrl: text('receipt_url'),
    /** The provider's id of what was paid (an invoice, a checkout session): one row each. */
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('transactions_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('transactions_provider_ref_idx').on(table.providerRef),
  ],
);

export const LEDGER_ACCOUNTS = ['CREDITS', 'BALANCE'] as const;
export type LedgerAccountValue = (typeof LEDGER_ACCOUNTS)[number];

/**
 * What a person has beyond the month's plan credits: bought and rewarded credits (CREDITS) and
 * prepaid money (BALANCE), one credit one cent. A row adds (bought, rewarded) or takes (a turn's
 * cost past the month's plan credits); what is left is the sum.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: ownerUserId(),
    account: text('account').$type<LedgerAccountValue>().notNull(),
    amount: creditAmount('amount').notNull(),
    /** Why: 'purchase', 'reward', 'turn'. */
    reason: text('reason').notNull(),
    /** What it is for ('checkout:…', 'turn:…', 'referral:…'): one row each. */
    ref: text('ref').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('credit_ledger_user_idx').on(table.userId, table.account),
    uniqueIndex('credit_ledger_ref_idx').on(table.ref, table.account),
    check('credit_ledger_account', sql`${table.account} in ('CREDITS', 'BALANCE')`),
  ],
);

/**
 * Each person's own referral code (made the first time they ask for it): a link with it brings
 * friends, whose users.referral_code then holds it. Codes are stored upper-case.
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: ownerUserId().primaryKey(),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('referral_codes_code_idx').on(table.code)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type CreditLedgerRow = typeof creditLedger.$inferSelect;
export type ReferralCodeRow = typeof referralCodes.$inferSelect;
