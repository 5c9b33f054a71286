import * as z from 'zod/mini';
import { CheckoutPlanSchema } from './enums';

/**
 * SPEC.md 3: a subscription's type string starts with LITE, PRO or USAGE (e.g. 'PRO_MONTHLY');
 * PLUS is a legacy name for USAGE.
 */
export const SubscriptionSchema = z.object({
  type: z.string(),
  status: z.enum(['active', 'past_due', 'canceled']),
  currentPeriodEnd: z.nullable(z.string()),
  cancelAtPeriodEnd: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** GET /subscriptions/active: a free user gets { subscription: null }. */
export const ActiveSubscriptionResponseSchema = z.object({
  subscription: z.nullable(SubscriptionSchema),
});
export type ActiveSubscriptionResponse = z.infer<typeof ActiveSubscriptionResponseSchema>;

/** POST /subscriptions/update */
export const UpdateSubscriptionRequestSchema = z.object({ type: CheckoutPlanSchema });
export type UpdateSubscriptionRequest = z.infer<typeof UpdateSubscriptionRequestSchema>;
