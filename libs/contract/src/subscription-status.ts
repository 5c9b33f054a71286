// A subscription's status and plan, without zod: the pricing page and the billing screens read
// these at runtime, and the schemas of subscriptions.ts stay out of their chunks.
import type { Plan } from './enums';
import type { Subscription } from './subscriptions';

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
