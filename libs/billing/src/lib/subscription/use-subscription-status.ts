import { useGetActiveSubscriptionQuery } from '@mason/api-client';
import {
  isFree,
  isUsageBased,
  subscriptionStatusOf,
  type Subscription,
  type SubscriptionStatus,
} from '@mason/contract';

export interface SubscriptionStatusInfo {
  status: SubscriptionStatus;
  subscription: Subscription | null;
  /** SPEC.md 4: usage or free. */
  isUsageBased: boolean;
  isFree: boolean;
  isLoading: boolean;
}

/** SPEC.md 4: the person's plan; free by default and whenever the subscription cannot be fetched. */
export function useSubscriptionStatus({
  skip = false,
}: { skip?: boolean } = {}): SubscriptionStatusInfo {
  const { data, isLoading } = useGetActiveSubscriptionQuery(undefined, { skip });
  const subscription = data?.subscription ?? null;
  const status = subscriptionStatusOf(subscription);
  return {
    status,
    subscription,
    isUsageBased: isUsageBased(status),
    isFree: isFree(status),
    isLoading,
  };
}
