import {
  isFree,
  isUsageBased,
  planOfStatus,
  subscriptionStatusOf,
  type SubscriptionStatus,
} from './subscription-status';

describe('subscriptionStatusOf (SPEC.md 4)', () => {
  it.each([
    ['LITE', 'lite'],
    ['LITE_MONTHLY', 'lite'],
    ['PRO', 'pro'],
    ['PRO_YEARLY', 'pro'],
    ['USAGE', 'usage'],
    ['USAGE_BASED', 'usage'],
    ['PLUS', 'usage'],
    ['PLUS_MONTHLY', 'usage'],
    ['pro_monthly', 'pro'],
  ] as const)('maps %s to %s', (type, status) => {
    expect(subscriptionStatusOf({ type })).toBe(status);
  });

  it('is free by default: no subscription, or a type it does not know', () => {
    expect(subscriptionStatusOf(null)).toBe('free');
    expect(subscriptionStatusOf(undefined)).toBe('free');
    expect(subscriptionStatusOf({ type: '' })).toBe('free');
    expect(subscriptionStatusOf({ type: 'ENTERPRISE' })).toBe('free');
    // A prefix, not a substring: 'SUPER_PRO' is not pro.
    expect(subscriptionStatusOf({ type: 'SUPER_PRO' })).toBe('free');
  });
});

describe('isUsageBased and isFree (SPEC.md 4)', () => {
  it.each<[SubscriptionStatus, boolean, boolean]>([
    ['free', true, true],
    ['usage', true, false],
    ['lite', false, false],
    ['pro', false, false],
  ])('%s: usage-based %s, free %s', (status, usageBased, free) => {
    expect(isUsageBased(status)).toBe(usageBased);
    expect(isFree(status)).toBe(free);
  });

  it('names the plan of each status', () => {
    expect(planOfStatus).toEqual({ free: 'FREE', lite: 'LITE', pro: 'PRO', usage: 'USAGE' });
  });
});
