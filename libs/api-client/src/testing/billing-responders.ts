import { paidPlanOf, type UpdateSubscriptionRequest } from '@mason/contract';
import {
  aBillingSummary,
  aCheckoutDecision,
  aCheckoutSession,
  anActiveSubscriptionResponse,
  aRewardsResponse,
  aSubscription,
  aTransaction,
} from './fixtures';
import type { FakeResponder } from './handlers';

/** The endpoints of subscriptions, payments and billing (SPEC.md 7, issue 12). */
type BillingEndpoint =
  | 'getActiveSubscription'
  | 'updateSubscription'
  | 'cancelSubscription'
  | 'reactivateSubscription'
  | 'createCheckout'
  | 'createCreditsCheckout'
  | 'createBalanceCheckout'
  | 'getTransactions'
  | 'getBillingSummary'
  | 'getCheckoutSession'
  | 'confirmCheckout'
  | 'cancelCheckout'
  | 'getRewards';

const checkout = { checkoutUrl: 'https://pay.example.com/checkout/test-session' };

/**
 * What the billing endpoints answer by default: a free person (no subscription, the free plan's
 * summary) with one past payment, and checkouts that lead to a payment page.
 */
export const BILLING_RESPONDERS: { readonly [Name in BillingEndpoint]: FakeResponder<Name> } = {
  getActiveSubscription: () => anActiveSubscriptionResponse(),
  updateSubscription: ({ body }) =>
    anActiveSubscriptionResponse(
      aSubscription({ type: `${paidPlanOf((body as UpdateSubscriptionRequest).type)}_MONTHLY` }),
    ),
  cancelSubscription: () =>
    anActiveSubscriptionResponse(aSubscription({ cancelAtPeriodEnd: true })),
  reactivateSubscription: () => anActiveSubscriptionResponse(aSubscription()),
  createCheckout: () => checkout,
  createCreditsCheckout: () => checkout,
  createBalanceCheckout: () => checkout,
  getTransactions: () => ({ transactions: [aTransaction()], credits: 1000, balanceCents: 0 }),
  getBillingSummary: () => aBillingSummary(),
  getCheckoutSession: ({ params }) => aCheckoutSession({ id: params['id'] }),
  confirmCheckout: ({ params }) =>
    aCheckoutDecision({
      session: aCheckoutSession({ id: params['id'], status: 'complete' }),
      redirectUrl: '/subscriptions/success',
    }),
  cancelCheckout: ({ params }) =>
    aCheckoutDecision({
      session: aCheckoutSession({ id: params['id'], status: 'canceled' }),
      redirectUrl: '/subscriptions/cancel',
    }),
  getRewards: () => aRewardsResponse(),
};
