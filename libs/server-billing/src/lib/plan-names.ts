import { PLAN_OFFERS, type PaidPlan } from '@mason/contract';

/** A plan's name as the pricing page shows it ('Pro'), with Mason's name before it. */
export function productName(plan: PaidPlan): string {
  const offer = PLAN_OFFERS.find((candidate) => candidate.plan === plan);
  return `Mason ${offer?.name ?? plan}`;
}

/** What a month of a plan is called on payments and receipts ('Mason Pro, monthly'). */
export const monthlyDescription = (plan: PaidPlan): string => `${productName(plan)}, monthly`;
