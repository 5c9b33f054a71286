import type { CheckoutPlan, Plan } from './enums';

/** What each plan costs and gives. The pricing page shows it; the billing server enforces it. */
export interface PlanOffer {
  plan: Plan;
  name: string;
  /** US dollars a month; null for pay-as-you-go. */
  monthlyPriceUsd: number | null;
  priceNote: string;
  tagline: string;
  /** AI tokens included each month (null: billed per use). */
  monthlyTokens: number | null;
  features: readonly string[];
  /** What POST /stripe/checkout takes for this plan; null for the free plan. */
  checkoutType: CheckoutPlan | null;
  highlighted: boolean;
}

export const PLAN_OFFERS: readonly PlanOffer[] = [
  {
    plan: 'FREE',
    name: 'Free',
    monthlyPriceUsd: 0,
    priceNote: 'forever',
    tagline: 'Try Mason on a small idea.',
    monthlyTokens: 300_000,
    features: [
      '3 projects',
      'Live preview of every version',
      'All models, within the monthly allowance',
      'Community support',
    ],
    checkoutType: null,
    highlighted: false,
  },
  {
    plan: 'LITE',
    name: 'Lite',
    monthlyPriceUsd: 15,
    priceNote: 'per month',
    tagline: 'For side projects and prototypes.',
    monthlyTokens: 3_000_000,
    features: ['Unlimited projects', 'Visual edits', 'Code hosting sync', 'E-mail support'],
    checkoutType: 'LITE',
    highlighted: false,
  },
  {
    plan: 'PRO',
    name: 'Pro',
    monthlyPriceUsd: 40,
    priceNote: 'per month',
    tagline: 'For MVPs and internal tools you ship.',
    monthlyTokens: 10_000_000,
    features: [
      'Everything in Lite',
      'Custom domains',
      'Deployments and environment variables',
      'Priority support',
    ],
    checkoutType: 'PRO',
    highlighted: true,
  },
  {
    plan: 'USAGE',
    name: 'Usage-based',
    monthlyPriceUsd: null,
    priceNote: 'a month, plus what you use',
    tagline: 'For teams whose usage goes up and down.',
    monthlyTokens: null,
    features: [
      'Everything in Pro',
      'Billed per token, no monthly cap',
      'Buy credits any time',
      'Usage reports',
    ],
    checkoutType: 'USAGE',
    highlighted: false,
  },
];
