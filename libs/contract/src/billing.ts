// The billing entry of @mason/contract (`@mason/contract/billing`): the one price table and the
// billing screen's and checkout's shapes. Name every export.
export {
  CREDIT_PRICE_CENTS,
  DEFAULT_PRICING,
  MODEL_PRICES,
  PLAN_FEATURES,
  PLAN_TERMS,
  REFERRAL_REWARD_CREDITS,
  REFERRAL_REWARDS_PER_MONTH,
  turnCostCredits,
} from './billing/pricing';
export type { ModelPrice, PlanFeature, PlanTerms, PricingTable } from './billing/pricing';
export {
  BillingProviderNameSchema,
  BillingSummarySchema,
  CheckoutDecisionResponseSchema,
  CheckoutKindSchema,
  CheckoutSessionSchema,
  CheckoutStatusSchema,
  ModelPriceSchema,
  PlanTermsSchema,
  PricingTableSchema,
  RewardsResponseSchema,
} from './billing/schemas';
export type {
  BillingProviderName,
  BillingSummary,
  CheckoutDecisionResponse,
  CheckoutKind,
  CheckoutSession,
  CheckoutStatus,
  RewardsResponse,
} from './billing/schemas';
export {
  formatTurnCredits,
  TURN_WAIVED_REASONS,
  TURN_WAIVED_TEXTS,
  turnCostLines,
} from './turn-cost';
export type { TurnCost, TurnWaivedReason } from './turn-cost';
