import * as z from 'zod/mini';
import { ReferralCodeSchema } from './auth';
import { PAID_PLANS } from './checkout-plans';
import { IdSchema, TimestampSchema } from './primitives';

/** The plans a checkout sells (SPEC.md 3 plan enum without FREE); paidPlanOf maps PLUS to USAGE. */
export const PaidPlanSchema = z.enum(PAID_PLANS);

/** POST /stripe/checkout: the plan and the referral value. */
export const CheckoutRequestSchema = z.object({
  type: PaidPlanSchema,
  referral: z.optional(ReferralCodeSchema),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

/** Every checkout answers where to send the person (the payment provider's page, or ours). */
export const CheckoutResponseSchema = z.object({ checkoutUrl: z.url() });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

export const CREDITS_CHECKOUT_MIN = 100;
export const CREDITS_CHECKOUT_MAX = 100_000;
/** POST /stripe/credits/checkout: buy a number of credits. */
export const CreditsCheckoutRequestSchema = z.object({
  credits: z
    .number()
    .check(
      z.int('Choose a whole number of credits.'),
      z.gte(CREDITS_CHECKOUT_MIN, `Buy at least ${CREDITS_CHECKOUT_MIN} credits.`),
      z.lte(CREDITS_CHECKOUT_MAX, `Buy at most ${CREDITS_CHECKOUT_MAX} credits.`),
    ),
});
export type CreditsCheckoutRequest = z.infer<typeof CreditsCheckoutRequestSchema>;

export const BALANCE_CHECKOUT_MIN_USD = 5;
export const BALANCE_CHECKOUT_MAX_USD = 1000;
/** POST /stripe/balance/checkout: top up the usage-based balance, in whole US dollars. */
export const BalanceCheckoutRequestSchema = z.object({
  amountUsd: z
    .number()
    .check(
      z.int('Choose a whole number of dollars.'),
      z.gte(BALANCE_CHECKOUT_MIN_USD, `Add at least $${BALANCE_CHECKOUT_MIN_USD}.`),
      z.lte(BALANCE_CHECKOUT_MAX_USD, `Add at most $${BALANCE_CHECKOUT_MAX_USD}.`),
    ),
});
export type BalanceCheckoutRequest = z.infer<typeof BalanceCheckoutRequestSchema>;

export const TransactionKindSchema = z.enum([
  'SUBSCRIPTION',
  'CREDITS',
  'BALANCE',
  'USAGE',
  'REFUND',
]);
export type TransactionKind = z.infer<typeof TransactionKindSchema>;
export const TransactionStatusSchema = z.enum(['PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED']);
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>;

export const TransactionSchema = z.object({
  id: IdSchema,
  kind: TransactionKindSchema,
  description: z.string(),
  /** Positive: paid by the person; negative: refunded or spent from the balance. */
  amountCents: z.number().check(z.int()),
  /** ISO 4217, lower case ('usd'). */
  currency: z.string().check(z.regex(/^[a-z]{3}$/)),
  status: TransactionStatusSchema,
  receiptUrl: z.nullable(z.url()),
  createdAt: TimestampSchema,
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** GET /stripe/transactions: newest first, with what is left to spend. */
export const TransactionsResponseSchema = z.object({
  transactions: z.array(TransactionSchema),
  credits: z.number().check(z.int(), z.gte(0)),
  balanceCents: z.number().check(z.int()),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponseSchema>;
