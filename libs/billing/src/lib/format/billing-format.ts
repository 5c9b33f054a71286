import type { PaidPlan, Plan } from '@mason/contract';

/** The plans' names as people read them (the pricing page uses the same words). */
export const PLAN_NAMES: Readonly<Record<Plan, string>> = {
  FREE: 'Free',
  LITE: 'Lite',
  PRO: 'Pro',
  USAGE: 'Usage-based',
};

/** The plans a person can move to from the billing screen, cheapest first. */
export const PLAN_CHOICES: readonly PaidPlan[] = ['LITE', 'PRO', 'USAGE'];

/** Money from whole cents: "$40.00"; a negative amount (a refund) keeps its sign. */
export function formatMoney(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/** Credits as people count them: whole numbers ("1,235 credits"; fractions of a cent are kept on the server). */
export function formatCredits(credits: number): string {
  const whole = Math.round(credits);
  return `${whole.toLocaleString('en-US')} ${whole === 1 ? 'credit' : 'credits'}`;
}

/** "1 model step", "12 model steps": calls to the model, several in one turn of the assistant. */
export const formatSteps = (steps: number): string =>
  `${steps.toLocaleString('en-US')} ${steps === 1 ? 'model step' : 'model steps'}`;

/**
 * A billing date: "February 1, 2025". Billing periods are counted in UTC (plan credits renew on the
 * first of the month, UTC), so the date is read in UTC too: the day a person sees is the day the
 * server counts, wherever they are.
 */
export function formatBillingDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

/** A date in a table: "Jan 15, 2025" (UTC, as above). */
export function formatShortDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}
