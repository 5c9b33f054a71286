// Public API of @mason/server-billing: name every export.
export type { BillingConfig, BillingContext } from './lib/billing-context';
export { budgetPeriod, checkBudget, planOfUser, tokenBudget } from './lib/budgets';
export type { Budget, BudgetCheck } from './lib/budgets';
export { currentSubscription } from './lib/subscriptions.repository';
export { subscriptionsRoutes } from './lib/subscriptions.routes';
export { billingSettingsFromEnv, pricingFromEnv } from './lib/billing-config';
export type { BillingSettings, StripeConfig } from './lib/billing-config';
export type {
  BillingEvent,
  BillingProvider,
  CheckoutInput,
  ProviderSubscription,
  StartedCheckout,
  UsageReport,
} from './lib/providers/billing-provider';
export { StripeProvider } from './lib/providers/stripe/stripe-provider';
export {
  billingEventOf,
  verifyStripeWebhook,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
} from './lib/providers/stripe/stripe-webhooks';
export type { StripeLookups } from './lib/providers/stripe/stripe-webhooks';
