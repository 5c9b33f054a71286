// Public API of @mason/billing: name every export.
export { UsageLimitModal } from './lib/usage-limit/usage-limit-modal';
export type { UsageLimitModalProps } from './lib/usage-limit/usage-limit-modal';
export {
  initialUsageLimitState,
  selectUsageLimit,
  usageLimitModalClosed,
  usageLimitSlice,
} from './lib/usage-limit/usage-limit-slice';
export type { UsageLimitState } from './lib/usage-limit/usage-limit-slice';
export { useSubscriptionStatus } from './lib/subscription/use-subscription-status';
export type { SubscriptionStatusInfo } from './lib/subscription/use-subscription-status';
