import type { CheckoutPlan } from './enums';

/** The plans a checkout sells (SPEC.md 3 plan enum without FREE). No zod here: clients import it at runtime. */
export const PAID_PLANS = ['LITE', 'PRO', 'USAGE'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** SPEC.md 7: PLUS is sent as USAGE. */
export const paidPlanOf = (plan: CheckoutPlan): PaidPlan => (plan === 'PLUS' ? 'USAGE' : plan);
