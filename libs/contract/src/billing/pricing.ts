import type { Model, Plan } from '../enums';

/**
 * Billing's one table: what each plan costs and includes, what each model costs, and what credits
 * and rewards are worth. These are the defaults; the server's environment may override them, and
 * GET /config serves the effective numbers, which the pricing page and the billing screen show.
 * No zod here: clients import it at runtime.
 *
 * One unit everywhere: a **credit** is one US cent of model cost at MODEL_PRICES (tokens in and
 * out). A plan's budget is credits per month; bought credits (subscribers) and the balance
 * (usage-based) are counted in the same unit: one credit, one cent.
 */

/** What a turn's tokens cost, in US cents per million tokens (Mason's prices, not the maker's). */
export interface ModelPrice {
  readonly inputCentsPerMillion: number;
  readonly outputCentsPerMillion: number;
}

/**
 * Each model's price; null: no price is set and it is not charged (the operator's endpoint until
 * LLM_PRICE_INPUT_PER_MTOK and LLM_PRICE_OUTPUT_PER_MTOK give it one). Never another model's.
 */
export const MODEL_PRICES: Readonly<Record<Model, ModelPrice | null>> = {
  CLAUDE_SONNET_4_5: { inputCentsPerMillion: 300, outputCentsPerMillion: 1500 },
  CLAUDE_4_SONNET: { inputCentsPerMillion: 300, outputCentsPerMillion: 1500 },
  CLAUDE_3_7_SONNET: { inputCentsPerMillion: 300, outputCentsPerMillion: 1500 },
  GPT_4_1: { inputCentsPerMillion: 200, outputCentsPerMillion: 800 },
  GPT_5: { inputCentsPerMillion: 125, outputCentsPerMillion: 1000 },
  GEMINI_2_5_PRO: { inputCentsPerMillion: 125, outputCentsPerMillion: 1000 },
  GEMINI_2_5_FLASH: { inputCentsPerMillion: 30, outputCentsPerMillion: 250 },
  // The offline demo runs on this server and is never charged.
  DEMO: { inputCentsPerMillion: 0, outputCentsPerMillion: 0 },
  // The operator's own model: what it costs is theirs to say (LLM_PRICE_*_PER_MTOK).
  ENDPOINT: null,
};

/** A name the table does not know is priced as the default model (never free). */
const FALLBACK_PRICE = MODEL_PRICES.CLAUDE_SONNET_4_5 as ModelPrice;

/**
 * A turn's cost in credits (fractions of a cent are kept: many small turns add up exactly); 0
 * for a model without a price.
 */
export function turnCostCredits(
  model: string,
  tokens: { readonly inputTokens: number; readonly outputTokens: number },
  prices: Readonly<Record<string, ModelPrice | null>> = MODEL_PRICES,
): number {
  const price = Object.hasOwn(prices, model) ? prices[model] : FALLBACK_PRICE;
  if (!price) return 0;
  return (
    (tokens.inputTokens * price.inputCentsPerMillion +
      tokens.outputTokens * price.outputCentsPerMillion) /
    1_000_000
  );
}

/** What a plan may use, checked by the server (the pricing page lists only these). */
export const PLAN_FEATURES = [
  'projects',
  'preview',
  'visualEdits',
  'publish',
  'customDomains',
  'envVariables',
  'buyCredits',
  'payAsYouGo',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export interface PlanTerms {
  readonly plan: Plan;
  /** US cents a month (USAGE: 0, it is billed by use past its free credits). */
  readonly monthlyPriceCents: number;
  /** Credits included each month (renewed on the first of the month, UTC). */
  readonly monthlyCredits: number;
  /** The most projects a person on the plan may have; null: no limit. */
  readonly maxProjects: number | null;
  readonly features: readonly PlanFeature[];
}

/** What every plan includes: building, previewing and publishing an app. */
const BUILDING: readonly PlanFeature[] = [
  'projects',
  'preview',
  'visualEdits',
  'publish',
  'envVariables',
];

export const PLAN_TERMS: Readonly<Record<Plan, PlanTerms>> = {
  FREE: {
    plan: 'FREE',
    monthlyPriceCents: 0,
    monthlyCredits: 100,
    maxProjects: 3,
    features: BUILDING,
  },
  LITE: {
    plan: 'LITE',
    monthlyPriceCents: 1500,
    monthlyCredits: 1200,
    maxProjects: null,
    features: [...BUILDING, 'buyCredits'],
  },
  PRO: {
    plan: 'PRO',
    monthlyPriceCents: 4000,
    monthlyCredits: 3500,
    maxProjects: null,
    features: [...BUILDING, 'customDomains', 'buyCredits'],
  },
  USAGE: {
    plan: 'USAGE',
    monthlyPriceCents: 0,
    monthlyCredits: 100,
    maxProjects: null,
    features: [...BUILDING, 'customDomains', 'payAsYouGo'],
  },
};

/** What a bought credit costs, in US cents (one credit is one cent of model cost). */
export const CREDIT_PRICE_CENTS = 1;

/** Credits each of the two people gets when a referred person first pays. */
export const REFERRAL_REWARD_CREDITS = { referrer: 500, referred: 250 } as const;

/**
 * Referrals one person is rewarded for per calendar month (UTC), REFERRAL_REWARDS_PER_MONTH:
 * past it, the people they bring still get their credits, the referrer nothing more that month.
 */
export const REFERRAL_REWARDS_PER_MONTH = 10;

/** The whole table, as GET /config serves it with the server's overrides applied. */
export interface PricingTable {
  readonly plans: Readonly<Record<Plan, PlanTerms>>;
  readonly models: Readonly<Record<Model, ModelPrice | null>>;
  readonly creditPriceCents: number;
  readonly referralRewardCredits: { readonly referrer: number; readonly referred: number };
}

export const DEFAULT_PRICING: PricingTable = {
  plans: PLAN_TERMS,
  models: MODEL_PRICES,
  creditPriceCents: CREDIT_PRICE_CENTS,
  referralRewardCredits: REFERRAL_REWARD_CREDITS,
};
