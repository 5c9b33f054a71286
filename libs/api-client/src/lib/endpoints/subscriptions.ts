import {
  ApiCalls,
  type ActiveSubscriptionResponse,
  type UpdateSubscriptionRequest,
} from '@mason/contract';
import { type ApiBuilder, baseApi, whenOk } from '../api';
import { callRequest } from '../call-request';

/**
 * SPEC.md 7 subscriptions. A failed getActiveSubscription is silent (logged as a warning): the
 * product treats it as no subscription. update/cancel/reactivate answer the subscription as it is now.
 */
export const subscriptionsEndpoints = (build: ApiBuilder) => ({
  getActiveSubscription: build.query<ActiveSubscriptionResponse, void>({
    query: () => callRequest(ApiCalls.getActiveSubscription),
    providesTags: ['Subscription'],
  }),
  updateSubscription: build.mutation<ActiveSubscriptionResponse, UpdateSubscriptionRequest>({
    query: (body) => callRequest(ApiCalls.updateSubscription, { body }),
    invalidatesTags: whenOk(() => ['Subscription', { type: 'Transaction', id: 'LIST' }]),
  }),
  cancelSubscription: build.mutation<ActiveSubscriptionResponse, void>({
    query: () => callRequest(ApiCalls.cancelSubscription),
    invalidatesTags: whenOk(() => ['Subscription']),
  }),
  reactivateSubscription: build.mutation<ActiveSubscriptionResponse, void>({
    query: () => callRequest(ApiCalls.reactivateSubscription),
    invalidatesTags: whenOk(() => ['Subscription']),
  }),
});

/** The subscriptions endpoints, injected into the one API slice when this module loads (code splitting). */
export const subscriptionsApi = baseApi.injectEndpoints({ endpoints: subscriptionsEndpoints });
