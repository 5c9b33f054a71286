import type { RewardsResponse } from '@mason/contract/billing';
import type { Database } from '@mason/server-db';
import type { BillingLinks } from '../billing-context';
import { creditsEarnedBy, ownReferralCode, referralsOf } from './rewards.repository';

/** What the rewards page is built from. */
export interface RewardsContext {
  readonly db: Database;
  readonly links: BillingLinks;
}

/** The path a referral link opens: the sign-up page, which keeps the code (SPEC.md 5). */
export const referralPath = (code: string) => `/signup?ref=${encodeURIComponent(code)}`;

/**
 * Referrals: each person's own code and link, who joined with it (first names and dates, never
 * an e-mail address), and what it earned. The credits themselves are given where payments are
 * applied (rewardReferral).
 */
export class RewardsService {
  constructor(private readonly ctx: RewardsContext) {}

  /** GET /rewards. */
  async rewards(userId: string): Promise<RewardsResponse> {
    const { db, links } = this.ctx;
    const code = await ownReferralCode(db, userId);
    const [referrals, creditsEarned] = await Promise.all([
      referralsOf(db, code, userId),
      creditsEarnedBy(db, userId),
    ]);
    return {
      code,
      link: links.web(referralPath(code)),
      referrals: referrals.map((row) => ({
        firstName: row.firstName,
        joinedAt: row.joinedAt.toISOString(),
        rewarded: row.rewarded,
      })),
      creditsEarned: Math.floor(creditsEarned),
    };
  }
}
