import {
  billingCallRoutes,
  paidPlanOf,
  type BalanceCheckoutRequest,
  type CheckoutPlan,
  type CheckoutResponse,
  type CreditsCheckoutRequest,
  type TransactionsResponse,
} from '@mason/contract';
import { baseApi, type ApiBuilder } from '../api';
import { callRequest } from '../call-request';
import { LIST } from '../tags';

/** What a caller passes to createCheckout: any plan the pricing page offers (PLUS included). */
export interface CreateCheckoutArgs {
  readonly type: CheckoutPlan;
  readonly referral?: string;
}

/** SPEC.md 7 payments: each checkout answers the URL to send the person to. */
export const paymentsEndpoints = (build: ApiBuilder) => ({
  /** POST /stripe/checkout: the plan (PLUS sent as USAGE) and the referral value. */
  createCheckout: build.mutation<CheckoutResponse, CreateCheckoutArgs>({
    query: ({ type, referral }) =>
      callRequest(billingCallRoutes.createCheckout, {
        body: { type: paidPlanOf(type), ...(referral ? { referral } : {}) },
      }),
  }),
  createCreditsCheckout: build.mutation<CheckoutResponse, CreditsCheckoutRequest>({
    query: (body) => callRequest(billingCallRoutes.createCreditsCheckout, { body }),
  }),
  createBalanceCheckout: build.mutation<CheckoutResponse, BalanceCheckoutRequest>({
    query: (body) => callRequest(billingCallRoutes.createBalanceCheckout, { body }),
  }),
  getTransactions: build.query<TransactionsResponse, void>({
    query: () => callRequest(billingCallRoutes.getTransactions),
    providesTags: (result) => [
      { type: 'Transaction', id: LIST },
      ...(result?.transactions ?? []).map(({ id }) => ({ type: 'Transaction' as const, id })),
    ],
  }),
});

/** The payments endpoints, injected into the one API slice when this module loads (code splitting). */
export const paymentsApi = baseApi.injectEndpoints({ endpoints: paymentsEndpoints });

export const {
  useCreateCheckoutMutation,
  useCreateCreditsCheckoutMutation,
  useCreateBalanceCheckoutMutation,
  useGetTransactionsQuery,
  useLazyGetTransactionsQuery,
} = paymentsApi;
