import type { PaidPlan, Plan } from '@mason/contract';
import type { Executor } from '@mason/server-db';
import { addLedgerEntry, lockBillingOf } from '../ledger/ledger.repository';
import { normalizedReferralCode } from './referral-code';
import {
  isVerified,
  ownerOfCode,
  referrerRewardsThisMonth,
  rewardGiven,
  rewardRefs,
  signedUpWith,
} from './rewards.repository';

/** What a referral gives, and when (from the effective price table and REFERRAL_REWARDS_PER_MONTH). */
export interface ReferralRewardRules {
  /** Credits the person who shared the code gets. */
  readonly referrer: number;
  /** Credits the person who came with it gets. */
  readonly referred: number;
  /** Referrals one person is rewarded for per calendar month (UTC); past it the referrer gets nothing. */
  readonly perReferrerPerMonth: number;
  /** The plans that cost something a month: only a payment of one of them is rewarded. */
  readonly pricedPlans: readonly PaidPlan[];
}

/** A payment as rewards see it: of which plan (null: not a plan), and how much. */
export interface RewardablePayment {
  readonly plan: Plan | null;
  readonly amountCents: number;
}

/**
 * A payment of `userId`'s was applied (in the caller's transaction): it rewards a referral only
 * when it pays for a plan that costs something (never a balance or credits top-up, never a $0
 * plan), the person's e-mail address is verified, and they signed up with another person's code.
 * Then the referred person gets their credits, and the referrer theirs unless they were rewarded
 * for `perReferrerPerMonth` referrals this calendar month already. Once per referred person: the
 * first such payment decides (the ledger writes each key once). Answers whether credits were
 * given now.
 */
export async function rewardReferral(
  tx: Executor,
  userId: string,
  payment: RewardablePayment,
  rules: ReferralRewardRules,
): Promise<boolean> {
  if (
    payment.amountCents <= 0 ||
    !payment.plan ||
    !(rules.pricedPlans as readonly Plan[]).includes(payment.plan)
  )
    return false;
  const code = normalizedReferralCode(await signedUpWith(tx, userId));
  if (!code) return false;
  const referrerId = await ownerOfCode(tx, code);
  if (!referrerId || referrerId === userId) return false;
  if (!(await isVerified(tx, userId))) return false;
  const refs = rewardRefs(userId);
  if (await rewardGiven(tx, refs.referred)) return false;
  // Two referred people paying at once count against the referrer's month one after the other.
  await lockBillingOf(tx, referrerId);
  const capped = (await referrerRewardsThisMonth(tx, referrerId)) >= rules.perReferrerPerMonth;
  const toReferred = await addLedgerEntry(tx, {
    userId,
    account: 'CREDITS',
    amount: rules.referred,
    reason: 'reward',
    ref: refs.referred,
  });
  const toReferrer =
    !capped &&
    (await addLedgerEntry(tx, {
      userId: referrerId,
      account: 'CREDITS',
      amount: rules.referrer,
      reason: 'reward',
      ref: refs.referrer,
    }));
  return toReferrer || toReferred;
}
