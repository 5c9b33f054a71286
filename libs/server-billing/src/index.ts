// Public API of @mason/server-billing: name every export.
export type { BillingConfig, BillingContext, BillingLinks } from './lib/billing-context';
export { billingSettingsFromEnv, pricingFromEnv } from './lib/billing-config';
export type { BillingSettings, StripeConfig } from './lib/billing-config';
export { billingRoutes } from './lib/billing.routes';
export { BillingService } from './lib/billing.service';
export {
  budgetPeriod,
  checkBudget,
  creditBudget,
  maxProjectsOf,
  planIncludes,
  planOfUser,
} from './lib/budgets';
export type { Budget, BudgetCheck } from './lib/budgets';
export { UnknownCustomerError } from './lib/events/apply-event';
export type { ApplyResult } from './lib/events/apply-event';
export { EmbeddedProvider, monthAfter } from './lib/providers/embedded-provider';
export type {
  BillingEvent,
  BillingProvider,
  CheckoutInput,
  ProviderSubscription,
  StartedCheckout,
  UsageReport,
} from './lib/providers/billing-provider';
export { currentSubscription } from './lib/subscriptions.repository';
export { USAGE_REPORT_EVERY_MS, UsageReporter } from './lib/usage-reports/usage-reporter';
export type { UsageReporterOptions } from './lib/usage-reports/usage-reporter';
export { recordTurnUsage, waiveTurnUsage } from './lib/usage/turn-usage';
export { turnCostSince } from './lib/usage/usage.repository';
export type { RecordedUsage, TurnUsage, WaivedReason } from './lib/usage/turn-usage';
export { StripeProvider } from './lib/providers/stripe/stripe-provider';
export {
  billingEventOf,
  verifyStripeWebhook,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
} from './lib/providers/stripe/stripe-webhooks';
export type { StripeLookups } from './lib/providers/stripe/stripe-webhooks';
