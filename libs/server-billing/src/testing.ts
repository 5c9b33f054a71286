// Test helpers of @mason/server-billing (specs and end-to-end set-ups only): name every export.
export { startStripeStandIn } from './testing/stripe-stand-in';
export type {
  DeliveredEvent,
  StandInRequest,
  StripeStandIn,
  StripeStandInOptions,
} from './testing/stripe-stand-in';
