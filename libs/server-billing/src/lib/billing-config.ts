import { ENDPOINT_MODEL, PAID_PLANS, type Plan } from '@mason/contract';
import {
  DEFAULT_PRICING,
  REFERRAL_REWARDS_PER_MONTH,
  type BillingProviderName,
  type ModelPrice,
  type PricingTable,
} from '@mason/contract/billing';
import { ConfigError } from '@mason/server-http';

/** Stripe's keys and where its API is (a loopback stand-in in tests). */
export interface StripeConfig {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** STRIPE_API_BASE (e.g. http://127.0.0.1:12111): the SDK's host, port and protocol. */
  readonly apiBase: string | null;
}

export interface BillingSettings {
  /** Stripe when STRIPE_SECRET_KEY is set, else the embedded provider. */
  readonly provider: BillingProviderName;
  readonly stripe: StripeConfig | null;
  /** contract's table with this server's overrides (PLAN_PRICE_CENTS_PRO, PLAN_CREDITS_FREE, …). */
  readonly pricing: PricingTable;
  /** REFERRAL_REWARDS_PER_MONTH: referrals one person is rewarded for per calendar month. */
  readonly referralRewardsPerMonth: number;
}

type Env = Readonly<Record<string, string | undefined>>;

const PLANS: readonly Plan[] = ['FREE', ...PAID_PLANS];

function wholeNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d{1,9}$/.test(raw))
    throw new ConfigError(`${name} must be a whole number, not "${raw}".`);
  return Number(raw);
}

/** The operator's price variables for the endpoint's model (LLM_BASE_URL, LLM_MODEL). */
export const ENDPOINT_PRICE_ENV = {
  input: 'LLM_PRICE_INPUT_PER_MTOK',
  output: 'LLM_PRICE_OUTPUT_PER_MTOK',
} as const;

/** US dollars per million tokens ("0.5", "3", "0.075") as US cents per million tokens. */
function dollarsPerMillion(env: Env, name: string): number | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  if (!/^\d{1,6}(\.\d{1,6})?$/.test(raw)) {
    throw new ConfigError(
      `${name} must be US dollars per million tokens, like 0.5 or 3 (it is "${raw}").`,
    );
  }
  // Kept to a millionth of a cent: 0.15 dollars are 15 cents, not 15.000000000000002.
  return Math.round(Number(raw) * 100 * 1_000_000) / 1_000_000;
}

/**
 * What the operator's own model costs (LLM_PRICE_INPUT_PER_MTOK, LLM_PRICE_OUTPUT_PER_MTOK, set
 * together), or null: no price is set and it is not charged. Never another model's price.
 */
function endpointPrice(env: Env): ModelPrice | null {
  const input = dollarsPerMillion(env, ENDPOINT_PRICE_ENV.input);
  const output = dollarsPerMillion(env, ENDPOINT_PRICE_ENV.output);
  if (input === null && output === null) return null;
  if (input === null || output === null) {
    throw new ConfigError(
      `${ENDPOINT_PRICE_ENV.input} and ${ENDPOINT_PRICE_ENV.output} are set together: the US dollars a million input and output tokens of LLM_MODEL cost (e.g. 0.5 and 1.5).`,
    );
  }
  return { inputCentsPerMillion: input, outputCentsPerMillion: output };
}

/** The effective price table: the contract's defaults, each number overridable by name. */
export function pricingFromEnv(env: Env): PricingTable {
  const plans = Object.fromEntries(
    PLANS.map((plan) => {
      const terms = DEFAULT_PRICING.plans[plan];
      const maxProjects = env[`PLAN_MAX_PROJECTS_${plan}`]?.trim();
      return [
        plan,
        {
          ...terms,
          monthlyPriceCents: wholeNumber(env, `PLAN_PRICE_CENTS_${plan}`, terms.monthlyPriceCents),
          monthlyCredits: wholeNumber(env, `PLAN_CREDITS_${plan}`, terms.monthlyCredits),
          maxProjects:
            maxProjects === 'unlimited'
              ? null
              : wholeNumber(env, `PLAN_MAX_PROJECTS_${plan}`, terms.maxProjects ?? 0) || null,
        },
      ];
    }),
  ) as unknown as PricingTable['plans'];
  return {
    plans,
    models: { ...DEFAULT_PRICING.models, [ENDPOINT_MODEL]: endpointPrice(env) },
    creditPriceCents: Math.max(
      1,
      wholeNumber(env, 'CREDIT_PRICE_CENTS', DEFAULT_PRICING.creditPriceCents),
    ),
    referralRewardCredits: {
      referrer: wholeNumber(
        env,
        'REFERRAL_CREDITS_REFERRER',
        DEFAULT_PRICING.referralRewardCredits.referrer,
      ),
      referred: wholeNumber(
        env,
        'REFERRAL_CREDITS_REFERRED',
        DEFAULT_PRICING.referralRewardCredits.referred,
      ),
    },
  };
}

/** Billing's settings from the environment (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, …). */
export function billingSettingsFromEnv(env: Env): BillingSettings {
  const secretKey = env['STRIPE_SECRET_KEY']?.trim();
  const webhookSecret = env['STRIPE_WEBHOOK_SECRET']?.trim();
  if (secretKey && !webhookSecret) {
    throw new ConfigError(
      'STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY: without it no payment would be applied.',
    );
  }
  const stripe = secretKey
    ? {
        secretKey,
        webhookSecret: webhookSecret as string,
        apiBase: env['STRIPE_API_BASE']?.trim() || null,
      }
    : null;
  return {
    provider: stripe ? 'stripe' : 'embedded',
    stripe,
    pricing: pricingFromEnv(env),
    referralRewardsPerMonth: wholeNumber(
      env,
      'REFERRAL_REWARDS_PER_MONTH',
      REFERRAL_REWARDS_PER_MONTH,
    ),
  };
}
