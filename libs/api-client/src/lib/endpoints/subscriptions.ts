import {
  billingCallRoutes,
  type ActiveSubscriptionResponse,
  type UpdateSubscriptionRequest,
} from '@mason/contract';
import { type ApiBuilder, baseApi, whenOk } from '../api';
import { callRequest } from '../call-request';
import { billingChanged } from '../tags';

/** What the console says when a subscription update fails (with the ApiError). */
export const SUBSCRIPTION_UPDATE_FAILED = 'Mason could not update the subscription.';

/**
 * SPEC.md 7 subscriptions. A failed getActiveSubscription is silent (logged as a warning): the
 * product treats it as no subscription. A failed updateSubscription is logged as an error and
 * rejects its caller's `unwrap()` (SPEC.md 8). update/cancel/reactivate answer the subscription
 * as it is now, and make the billing screen's summary and payments stale (a change is prorated,
 * a cancel changes what renews).
 */
export const subscriptionsEndpoints = (build: ApiBuilder) => ({
  getActiveSubscription: build.query<ActiveSubscriptionResponse, void>({
    query: () => callRequest(billingCallRoutes.getActiveSubscription),
    providesTags: ['Subscription'],
  }),
  updateSubscription: build.mutation<ActiveSubscriptionResponse, UpdateSubscriptionRequest>({
    query: (body) => callRequest(billingCallRoutes.updateSubscription, { body }),
    invalidatesTags: whenOk(() => billingChanged),
    // SPEC.md 8: a failed update is logged as an error; its caller gets it too (`unwrap()`).
    async onQueryStarted(_body, { queryFulfilled }) {
      try {
        await queryFulfilled;
      } catch (failure) {
        console.error(
          SUBSCRIPTION_UPDATE_FAILED,
          (failure as { error?: unknown }).error ?? failure,
        );
      }
    },
  }),
  cancelSubscription: build.mutation<ActiveSubscriptionResponse, void>({
    query: () => callRequest(billingCallRoutes.cancelSubscription),
    invalidatesTags: whenOk(() => billingChanged),
  }),
  reactivateSubscription: build.mutation<ActiveSubscriptionResponse, void>({
    query: () => callRequest(billingCallRoutes.reactivateSubscription),
    invalidatesTags: whenOk(() => billingChanged),
  }),
});

/** The subscriptions endpoints, injected into the one API slice when this module loads (code splitting). */
export const subscriptionsApi = baseApi.injectEndpoints({ endpoints: subscriptionsEndpoints });

export const {
  useGetActiveSubscriptionQuery,
  useLazyGetActiveSubscriptionQuery,
  useUpdateSubscriptionMutation,
  useCancelSubscriptionMutation,
  useReactivateSubscriptionMutation,
} = subscriptionsApi;
