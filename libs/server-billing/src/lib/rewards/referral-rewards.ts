import type { Executor } from '@mason/server-db';
import { addLedgerEntry } from '../ledger/ledger.repository';
import { normalizedReferralCode } from './referral-code';
import { ownerOfCode, rewardRefs, signedUpWith } from './rewards.repository';

/** Credits each of the two people gets (the effective price table's referralRewardCredits). */
export interface ReferralRewardCredits {
  readonly referrer: number;
  readonly referred: number;
}

/**
 * A payment of `userId`'s was applied (in the caller's transaction): if they signed up with
 * another person's code, both get their credits. Once per referred person, whatever pays next
 * (the ledger writes each key once); a payment of nothing, an unknown code or one's own code
 * gives nothing. Answers whether credits were given now.
 */
export async function rewardReferral(
  tx: Executor,
  userId: string,
  amountCents: number,
  credits: ReferralRewardCredits,
): Promise<boolean> {
  if (amountCents <= 0) return false;
  const code = normalizedReferralCode(await signedUpWith(tx, userId));
  if (!code) return false;
  const referrerId = await ownerOfCode(tx, code);
  if (!referrerId || referrerId === userId) return false;
  const refs = rewardRefs(userId);
  const toReferrer = await addLedgerEntry(tx, {
    userId: referrerId,
    account: 'CREDITS',
    amount: credits.referrer,
    reason: 'reward',
    ref: refs.referrer,
  });
  const toReferred = await addLedgerEntry(tx, {
    userId,
    account: 'CREDITS',
    amount: credits.referred,
    reason: 'reward',
    ref: refs.referred,
  });
  return toReferrer || toReferred;
}
