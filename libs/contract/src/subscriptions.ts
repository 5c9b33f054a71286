import * as z from 'zod/mini';
import { CheckoutPlanSchema, type Plan } from './enums';

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

export type SubscriptionStatus = 'free' | 'lite' | 'pro' | 'usage';

/** SPEC.md 4: LITE*, PRO*, USAGE* map to lite, pro, usage; PLUS* is usage; anything else is free. */
export function subscriptionStatusOf(
  subscription: Pick<Subscription, 'type'> | null | undefined,
): SubscriptionStatus {
  const type = subscription?.type?.toUpperCase() ?? '';
  if (type.startsWith('LITE')) return 'lite';
  if (type.startsWith('PRO')) return 'pro';
  if (type.startsWith('USAGE') || type.startsWith('PLUS')) return 'usage';
  return 'free';
}

/** SPEC.md 4: usage-based means usage or free. */
export const isUsageBased = (status: SubscriptionStatus): boolean =>
  status === 'usage' || status === 'free';
/** SPEC.md 4: free means free. */
export const isFree = (status: SubscriptionStatus): boolean => status === 'free';

export const planOfStatus: Record<SubscriptionStatus, Plan> = {
  free: 'FREE',
  lite: 'LITE',
  pro: 'PRO',
  usage: 'USAGE',
};
