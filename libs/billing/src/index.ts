// Public API of @mason/billing: name every export.
export { BillingScreen } from './lib/billing-screen/billing-screen';
export type { BillingScreenProps } from './lib/billing-screen/billing-screen';
export { RewardsScreen } from './lib/rewards/rewards-screen';
export { CheckoutScreen } from './lib/checkout/checkout-screen';
export type { CheckoutScreenProps } from './lib/checkout/checkout-screen';
export { SubscriptionSuccessScreen } from './lib/subscription-result/subscription-success-screen';
export type { SubscriptionSuccessScreenProps } from './lib/subscription-result/subscription-success-screen';
export { SubscriptionCancelScreen } from './lib/subscription-result/subscription-cancel-screen';
export type { SubscriptionCancelScreenProps } from './lib/subscription-result/subscription-cancel-screen';
export type { ResultLinks } from './lib/subscription-result/result-layout';
export { CONFIRMATION_TIMING } from './lib/subscription-result/use-confirmed-subscription';
export type { ConfirmationTiming } from './lib/subscription-result/use-confirmed-subscription';
export type { OpenExternalUrl } from './lib/shared/external-url';
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
export { CheckoutRetryNotice } from './lib/checkout-retry/checkout-retry-notice';
export type { CheckoutRetryNoticeProps } from './lib/checkout-retry/checkout-retry-notice';
export { withReturnTo } from './lib/shared/return-to';
export { usePricing } from './lib/shared/use-pricing';
export { ReceiptScreen } from './lib/receipt/receipt-screen';
export type { ReceiptScreenProps } from './lib/receipt/receipt-screen';
