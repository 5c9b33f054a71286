import * as z from 'zod/mini';
import { ModelSchema, PlanSchema } from '../enums';
import { PaidPlanSchema } from '../payments';
import { PLAN_FEATURES } from './pricing';
import { IdSchema, TimestampSchema } from '../primitives';
import { SubscriptionSchema } from '../subscriptions';

const wholeCents = () => z.number().check(z.int(), z.gte(0));

/** pricing.ts's table on the wire (GET /config serves the effective one). */
export const PlanTermsSchema = z.object({
  plan: PlanSchema,
  monthlyPriceCents: wholeCents(),
  monthlyCredits: wholeCents(),
  maxProjects: z.nullable(z.number().check(z.int(), z.gte(1))),
  features: z.readonly(z.array(z.enum(PLAN_FEATURES))),
});

export const ModelPriceSchema = z.object({
  inputCentsPerMillion: z.number().check(z.gte(0)),
  outputCentsPerMillion: z.number().check(z.gte(0)),
});

export const PricingTableSchema = z.object({
  plans: z.record(PlanSchema, PlanTermsSchema),
  /** null: no price set, not charged (the operator's endpoint without LLM_PRICE_*_PER_MTOK). */
  models: z.record(ModelSchema, z.nullable(ModelPriceSchema)),
  creditPriceCents: z.number().check(z.int(), z.gte(1)),
  referralRewardCredits: z.object({ referrer: wholeCents(), referred: wholeCents() }),
});

/** Who takes the money: Stripe when its keys are set, else Mason's own checkout page. */
export const BillingProviderNameSchema = z.enum(['stripe', 'embedded']);
export type BillingProviderName = z.infer<typeof BillingProviderNameSchema>;

/** A credit amount: fractions of a cent are real (small turns), shown rounded. */
const credits = () => z.number().check(z.gte(0));

/** GET /billing/summary: what the billing screen shows. */
export const BillingSummarySchema = z.object({
  plan: PlanSchema,
  subscription: z.nullable(SubscriptionSchema),
  /** This month's plan credits: what was used and what the plan gives, and when it renews. */
  usage: z.object({
    usedCredits: credits(),
    monthlyCredits: wholeCents(),
    resetsAt: TimestampSchema,
  }),
  /** Bought and rewarded credits left (subscribers): used after the month's plan credits. */
  credits: credits(),
  /** Prepaid money left (usage-based), in cents: used after the month's free credits. */
  balanceCents: z.number(),
  /**
   * This month's charged cost by project, highest first: `turns` counts the person's messages
   * (each starts a turn of the assistant), `steps` the charged calls to the model in those turns.
   */
  projects: z.array(
    z.object({
      projectId: IdSchema,
      name: z.string(),
      costCredits: credits(),
      turns: wholeCents(),
      steps: wholeCents(),
    }),
  ),
  /** Model steps this month that were not charged (repairs of the assistant's own errors, outages). */
  waived: z.object({ steps: wholeCents(), costCredits: credits() }),
  /**
   * Model steps this month that ran on the person's own OpenRouter key: OpenRouter charged them,
   * Mason did not (`costCredits`: what they would have cost in credits).
   */
  ownKey: z.object({ steps: wholeCents(), costCredits: credits() }),
  /**
   * This month's AI use not charged because its model has no price (the operator's endpoint
   * until LLM_PRICE_INPUT_PER_MTOK and LLM_PRICE_OUTPUT_PER_MTOK are set), by model.
   */
  unpriced: z.array(
    z.object({ model: ModelSchema, inputTokens: wholeCents(), outputTokens: wholeCents() }),
  ),
});
export type BillingSummary = z.infer<typeof BillingSummarySchema>;

export const CheckoutKindSchema = z.enum(['SUBSCRIPTION', 'CREDITS', 'BALANCE']);
export type CheckoutKind = z.infer<typeof CheckoutKindSchema>;

export const CheckoutStatusSchema = z.enum(['open', 'complete', 'canceled', 'expired']);
export type CheckoutStatus = z.infer<typeof CheckoutStatusSchema>;

/** GET /billing/checkout/:id: one of the embedded provider's checkout sessions, as its page shows it. */
export const CheckoutSessionSchema = z.object({
  id: IdSchema,
  kind: CheckoutKindSchema,
  /** The plan bought (SUBSCRIPTION), else null. */
  plan: z.nullable(PaidPlanSchema),
  /** Credits bought (CREDITS), else null. */
  credits: z.nullable(wholeCents()),
  description: z.string(),
  /** What is paid now, in cents (a plan: its monthly price). */
  amountCents: wholeCents(),
  currency: z.string().check(z.regex(/^[a-z]{3}$/)),
  status: CheckoutStatusSchema,
  createdAt: TimestampSchema,
});
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

/** POST /billing/checkout/:id/confirm and /cancel: where the page sends the person next. */
export const CheckoutDecisionResponseSchema = z.object({
  session: CheckoutSessionSchema,
  redirectUrl: z.string(),
});
export type CheckoutDecisionResponse = z.infer<typeof CheckoutDecisionResponseSchema>;

/** GET /rewards: the person's referral link and who joined through it. */
export const RewardsResponseSchema = z.object({
  code: z.string(),
  link: z.url(),
  /** First names only: never another person's e-mail address. */
  referrals: z.array(
    z.object({ firstName: z.string(), joinedAt: TimestampSchema, rewarded: z.boolean() }),
  ),
  creditsEarned: wholeCents(),
});
export type RewardsResponse = z.infer<typeof RewardsResponseSchema>;
