import { waitFor } from '@testing-library/react';
import { setupApiServer } from '../../test-utils/msw';
import {
  aBillingSummary,
  aCheckoutDecision,
  aCheckoutSession,
  anActiveSubscriptionResponse,
  aSubscription,
  errorHandler,
  makeApiTestStore,
  mockEndpoint,
} from '../../testing';
import { api } from '../mason-api';

const server = setupApiServer();

/** Counts the requests of the three reads the billing screen keeps open. */
function countBillingReads() {
  const counts = { subscription: 0, summary: 0, transactions: 0 };
  server.use(
    mockEndpoint('getActiveSubscription', () => {
      counts.subscription += 1;
      return anActiveSubscriptionResponse(aSubscription());
    }),
    mockEndpoint('getBillingSummary', () => {
      counts.summary += 1;
      return aBillingSummary({ plan: 'PRO', subscription: aSubscription() });
    }),
    mockEndpoint('getTransactions', () => {
      counts.transactions += 1;
      return { transactions: [], credits: 0, balanceCents: 0 };
    }),
  );
  return counts;
}

/** A store with the billing screen's reads subscribed and answered once. */
async function billingScreenStore() {
  const harness = makeApiTestStore({ token: 'token', pathname: '/dashboard/billing' });
  const { dispatch } = harness.store;
  await Promise.all([
    dispatch(api.endpoints.getActiveSubscription.initiate()),
    dispatch(api.endpoints.getBillingSummary.initiate()),
    dispatch(api.endpoints.getTransactions.initiate()),
    dispatch(api.endpoints.getCheckoutSession.initiate('checkout-1')),
  ]);
  return harness;
}

const settled = (store: Awaited<ReturnType<typeof billingScreenStore>>['store']) =>
  Object.values(store.getState().api.queries).every((entry) => entry?.status !== 'pending');

describe('billing cache tags', () => {
  type Store = Awaited<ReturnType<typeof billingScreenStore>>['store'];
  it.each<[string, (store: Store) => Promise<unknown>]>([
    [
      'confirming a checkout',
      (store) => store.dispatch(api.endpoints.confirmCheckout.initiate('checkout-1')).unwrap(),
    ],
    [
      'changing the plan',
      (store) =>
        store.dispatch(api.endpoints.updateSubscription.initiate({ type: 'LITE' })).unwrap(),
    ],
    [
      'cancelling the plan',
      (store) => store.dispatch(api.endpoints.cancelSubscription.initiate()).unwrap(),
    ],
    [
      'keeping the plan',
      (store) => store.dispatch(api.endpoints.reactivateSubscription.initiate()).unwrap(),
    ],
  ])('%s refreshes the plan, the summary and the payments', async (_, mutate) => {
    const counts = countBillingReads();
    const { store } = await billingScreenStore();
    expect(counts).toEqual({ subscription: 1, summary: 1, transactions: 1 });

    await mutate(store);

    await waitForCounts(counts, { subscription: 2, summary: 2, transactions: 2 }, store);
  });

  it('a failed confirmation changes nothing', async () => {
    const counts = countBillingReads();
    const { store } = await billingScreenStore();
    server.use(errorHandler('confirmCheckout', 409, { message: 'This checkout is closed.' }));

    const result = await store.dispatch(api.endpoints.confirmCheckout.initiate('checkout-1'));

    expect(result.error).toMatchObject({ status: 409, message: 'This checkout is closed.' });
    expect(settled(store)).toBe(true);
    expect(counts).toEqual({ subscription: 1, summary: 1, transactions: 1 });
  });

  it('cancelling a checkout reloads that checkout, not the plan', async () => {
    const counts = countBillingReads();
    let sessionReads = 0;
    server.use(
      mockEndpoint('getCheckoutSession', ({ params }) => {
        sessionReads += 1;
        return aCheckoutSession({
          id: params['id'],
          status: sessionReads > 1 ? 'canceled' : 'open',
        });
      }),
      mockEndpoint('cancelCheckout', () =>
        aCheckoutDecision({ session: aCheckoutSession({ status: 'canceled' }) }),
      ),
    );
    const { store } = await billingScreenStore();

    await store.dispatch(api.endpoints.cancelCheckout.initiate('checkout-1')).unwrap();

    await waitForCounts(counts, { subscription: 1, summary: 1, transactions: 2 }, store);
    expect(
      api.endpoints.getCheckoutSession.select('checkout-1')(store.getState()).data?.status,
    ).toBe('canceled');
  });
});

/** Waits until the refetches the mutation started are answered, then compares the counts. */
async function waitForCounts(
  counts: Record<string, number>,
  expected: Record<string, number>,
  store: Awaited<ReturnType<typeof billingScreenStore>>['store'],
) {
  await waitFor(() => {
    expect(settled(store)).toBe(true);
    expect(counts).toEqual(expected);
  });
}
