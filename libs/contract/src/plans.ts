import type { CheckoutPlan, Plan } from './enums';

/**
 * How the pricing page presents each plan: its name, a line about whom it is for, and what
 * choosing it sends to POST /stripe/checkout. What a plan costs and includes is not here: it is
 * billing's one table (`@mason/contract/billing`, PLAN_TERMS), served with the server's
 * overrides by GET /config, so the page shows what the server enforces.
 */
export interface PlanOffer {
  plan: Plan;
  name: string;
  tagline: string;
  /** What POST /stripe/checkout takes for this plan; null for the free plan. */
  checkoutType: CheckoutPlan | null;
  highlighted: boolean;
}

export const PLAN_OFFERS: readonly PlanOffer[] = [
  {
    plan: 'FREE',
    name: 'Free',
    tagline: 'Try Mason on a small idea.',
    checkoutType: null,
    highlighted: false,
  },
  {
    plan: 'LITE',
    name: 'Lite',
    tagline: 'For side projects and prototypes.',
    checkoutType: 'LITE',
    highlighted: false,
  },
  {
    plan: 'PRO',
    name: 'Pro',
    tagline: 'For MVPs and internal tools you ship.',
    checkoutType: 'PRO',
    highlighted: true,
  },
  {
    plan: 'USAGE',
    name: 'Usage-based',
    tagline: 'For work whose size goes up and down.',
    checkoutType: 'USAGE',
    highlighted: false,
  },
];
