import { billingCallRoutes } from '@mason/contract';
import {
  type BillingSummary,
  type CheckoutDecisionResponse,
  type CheckoutSession,
  type RewardsResponse,
} from '@mason/contract/billing';
import { baseApi, whenOk, type ApiBuilder } from '../api';
import { callRequest } from '../call-request';
import { billingChanged, LIST } from '../tags';

const session = (id: string) => ({ type: 'CheckoutSession' as const, id });

/**
 * The billing screen's summary, the embedded provider's checkout page (Mason's own payment page
 * when Stripe is not configured) and the referral rewards.
 */
export const billingEndpoints = (build: ApiBuilder) => ({
  /** GET /billing/summary: the plan, this month's usage, credits and balance left, cost by project. */
  getBillingSummary: build.query<BillingSummary, void>({
    query: () => callRequest(billingCallRoutes.getBillingSummary),
    providesTags: ['BillingSummary'],
  }),
  /** GET /billing/checkout/:id: one checkout session, as its page shows it. */
  getCheckoutSession: build.query<CheckoutSession, string>({
    query: (id) => callRequest(billingCallRoutes.getCheckoutSession, { params: { id } }),
    providesTags: (_result, _error, id) => [session(id)],
  }),
  /** POST /billing/checkout/:id/confirm: pays, so the plan, the summary and the payments change. */
  confirmCheckout: build.mutation<CheckoutDecisionResponse, string>({
    query: (id) => callRequest(billingCallRoutes.confirmCheckout, { params: { id } }),
    invalidatesTags: whenOk((id) => [session(id), ...billingChanged]),
  }),
  /** POST /billing/checkout/:id/cancel: nothing is paid; the session closes. */
  cancelCheckout: build.mutation<CheckoutDecisionResponse, string>({
    query: (id) => callRequest(billingCallRoutes.cancelCheckout, { params: { id } }),
    invalidatesTags: whenOk((id) => [session(id), { type: 'Transaction', id: LIST }]),
  }),
  /** GET /rewards: the referral link, who joined through it, and the credits it earned. */
  getRewards: build.query<RewardsResponse, void>({
    query: () => callRequest(billingCallRoutes.getRewards),
    providesTags: ['Rewards'],
  }),
});

/** The billing endpoints, injected into the one API slice when this module loads (code splitting). */
export const billingApi = baseApi.injectEndpoints({ endpoints: billingEndpoints });

export const {
  useGetBillingSummaryQuery,
  useLazyGetBillingSummaryQuery,
  useGetCheckoutSessionQuery,
  useLazyGetCheckoutSessionQuery,
  useConfirmCheckoutMutation,
  useCancelCheckoutMutation,
  useGetRewardsQuery,
  useLazyGetRewardsQuery,
} = billingApi;
