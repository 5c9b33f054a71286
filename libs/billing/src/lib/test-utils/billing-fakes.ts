import {
  paidPlanOf,
  planOfStatus,
  subscriptionStatusOf,
  type Subscription,
  type UpdateSubscriptionRequest,
} from '@mason/contract';
import { type BillingSummary } from '@mason/contract/billing';
import {
  aBillingSummary,
  anActiveSubscriptionResponse,
  aSubscription,
  aTransaction,
  mockEndpoint,
} from '@mason/api-client/testing';
import type { HttpHandler } from 'msw';

/** A Pro subscriber in mid-January: a third of the month's credits used, 800 bought credits left. */
export const aProSummary = (overrides: Partial<BillingSummary> = {}): BillingSummary =>
  aBillingSummary({
    plan: 'PRO',
    subscription: aSubscription(),
    usage: { usedCredits: 1234.4, monthlyCredits: 3500, resetsAt: '2025-02-01T00:00:00.000Z' },
    credits: 800,
    projects: [
      { projectId: 'project-1', name: 'Todo app', costCredits: 900.2, turns: 12, steps: 31 },
      { projectId: 'project-2', name: 'Mug shop', costCredits: 334.2, turns: 2, steps: 9 },
    ],
    waived: { steps: 3, costCredits: 12.6 },
    ownKey: { steps: 0, costCredits: 0 },
    ...overrides,
  });

/** A usage-based person with $12.50 of prepaid balance left. */
export const aUsageSummary = (overrides: Partial<BillingSummary> = {}): BillingSummary =>
  aBillingSummary({
    plan: 'USAGE',
    subscription: aSubscription({ type: 'USAGE_MONTHLY' }),
    usage: { usedCredits: 100, monthlyCredits: 100, resetsAt: '2025-02-01T00:00:00.000Z' },
    balanceCents: 1250,
    ...overrides,
  });

/** The payments of a subscriber, newest first: a plan payment, a refund and bought credits (no receipts). */
export const someTransactions = () => ({
  transactions: [
    aTransaction(),
    aTransaction({
      id: 'transaction-3',
      kind: 'REFUND',
      description: 'Refund of Lite plan',
      amountCents: -1500,
      status: 'REFUNDED',
      receiptUrl: null,
      createdAt: '2025-01-14T10:00:00.000Z',
    }),
    aTransaction({
      id: 'transaction-2',
      kind: 'CREDITS',
      description: '1,200 credits',
      amountCents: 1200,
      status: 'PENDING',
      receiptUrl: null,
      createdAt: '2025-01-12T10:00:00.000Z',
    }),
  ],
  credits: 800,
  balanceCents: 0,
});

/** The plan the type string of a subscription names ('PRO_MONTHLY' is PRO). */
const planOf = (subscription: Subscription): BillingSummary['plan'] =>
  planOfStatus[subscriptionStatusOf(subscription)];

/**
 * A billing server in memory: the summary and the subscription answer what the last plan change,
 * cancel or reactivation made of them, as the real server's do. `requests` records the plan changes.
 */
export function billingServerFake(initial: BillingSummary = aProSummary()) {
  let summary = initial;
  const requests: UpdateSubscriptionRequest[] = [];
  const setSubscription = (changes: Partial<Subscription>) => {
    const subscription = aSubscription({ ...summary.subscription, ...changes });
    summary = { ...summary, subscription, plan: planOf(subscription) };
    return anActiveSubscriptionResponse(subscription);
  };
  const handlers: HttpHandler[] = [
    mockEndpoint('getBillingSummary', () => summary),
    mockEndpoint('getActiveSubscription', () => anActiveSubscriptionResponse(summary.subscription)),
    mockEndpoint('cancelSubscription', () => setSubscription({ cancelAtPeriodEnd: true })),
    mockEndpoint('reactivateSubscription', () => setSubscription({ cancelAtPeriodEnd: false })),
    mockEndpoint('updateSubscription', ({ body }) => {
      const request = body as UpdateSubscriptionRequest;
      requests.push(request);
      return setSubscription({ type: `${paidPlanOf(request.type)}_MONTHLY` });
    }),
  ];
  return { handlers, requests, current: () => summary };
}
