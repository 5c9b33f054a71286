/** The plans a checkout sells (SPEC.md 3 plan enum without FREE). No zod here: clients import it at runtime. */
export const PAID_PLANS = ['LITE', 'PRO', 'USAGE'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** The plans a visitor can choose and check out (CheckoutPlanSchema): PLUS is a legacy USAGE. */
export const CHECKOUT_PLANS = [...PAID_PLANS, 'PLUS'] as const;
type CheckoutPlanName = (typeof CHECKOUT_PLANS)[number];

/** Whether a value is a checkout plan (as CheckoutPlanSchema parses it), without loading zod. */
export const isCheckoutPlan = (value: unknown): value is CheckoutPlanName =>
  (CHECKOUT_PLANS as readonly unknown[]).includes(value);

/** SPEC.md 7: PLUS is sent as USAGE. */
export const paidPlanOf = (plan: CheckoutPlanName): PaidPlan => (plan === 'PLUS' ? 'USAGE' : plan);
