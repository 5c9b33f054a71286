import { ApiRoutes } from '../routes';
import type { CallRoute } from './call-spec';

/**
 * What a client needs to send each call: method, path, time-out. The billing calls' entries in
 * the table spread these. This module imports no schema: a browser's endpoints name their calls
 * by these without loading zod.
 */
export const billingCallRoutes = {
  getActiveSubscription: { method: 'GET', path: ApiRoutes.activeSubscription },
  updateSubscription: { method: 'POST', path: ApiRoutes.updateSubscription },
  cancelSubscription: { method: 'POST', path: ApiRoutes.cancelSubscription },
  reactivateSubscription: { method: 'POST', path: ApiRoutes.reactivateSubscription },
  createCheckout: { method: 'POST', path: ApiRoutes.stripeCheckout },
  createCreditsCheckout: { method: 'POST', path: ApiRoutes.stripeCreditsCheckout },
  createBalanceCheckout: { method: 'POST', path: ApiRoutes.stripeBalanceCheckout },
  getTransactions: { method: 'GET', path: ApiRoutes.stripeTransactions },
  stripeWebhook: { method: 'POST', path: ApiRoutes.stripeWebhook },
  getBillingSummary: { method: 'GET', path: ApiRoutes.billingSummary },
  getCheckoutSession: { method: 'GET', path: ApiRoutes.billingCheckout },
  confirmCheckout: { method: 'POST', path: ApiRoutes.billingCheckoutConfirm },
  cancelCheckout: { method: 'POST', path: ApiRoutes.billingCheckoutCancel },
  getRewards: { method: 'GET', path: ApiRoutes.rewards },
} as const satisfies Record<string, CallRoute>;
