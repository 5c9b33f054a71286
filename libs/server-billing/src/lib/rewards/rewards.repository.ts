import { and, count, desc, eq, gte, inArray, isNull, like, ne, notExists, sql } from 'drizzle-orm';
import { creditLedger, referralCodes, transactions, users, type Executor } from '@mason/server-db';
import { newReferralCode, normalizedReferralCode } from './referral-code';

/** The most people GET /rewards lists (the newest first); the credits count them all. */
export const REFERRALS_LISTED = 200;

/** The ledger keys of one referred person's rewards: one for each of the two people. */
export const rewardRefs = (referredUserId: string) => ({
  referrer: `referral:${referredUserId}:referrer`,
  referred: `referral:${referredUserId}:referred`,
});

async function codeOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.userId, userId));
  return row?.code ?? null;
}

/**
 * The person's own referral code, made on first need. Two requests at once agree on one code;
 * a code another person holds already (50 random bits: hardly ever) is drawn again.
 */
export async function ownReferralCode(db: Executor, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await codeOf(db, userId);
    if (existing) return existing;
    await db
      .insert(referralCodes)
      .values({ userId, code: newReferralCode() })
      .onConflictDoNothing();
  }
  const code = await codeOf(db, userId);
  if (!code) throw new Error('No referral code could be made.');
  return code;
}

/** Who holds a code (upper-case), or null for a code nobody holds. */
export async function ownerOfCode(db: Executor, code: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code));
  return row?.userId ?? null;
}

/** The code a person signed up with (users.referral_code), as stored. */
export async function signedUpWith(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: users.referralCode })
    .from(users)
    .where(eq(users.id, userId));
  return row?.code ?? null;
}

/**
 * A referral value given at checkout (SPEC.md 7's `referral`) counts as the code the person signed
 * up with, when they signed up without one and have paid nothing yet: their first payment then
 * rewards both people, as if the code had come with the sign-up. Answers whether it was taken.
 */
export async function adoptReferralAtCheckout(
  db: Executor,
  userId: string,
  referral: string,
): Promise<boolean> {
  const code = normalizedReferralCode(referral);
  if (!code) return false;
  const adopted = await db
    .update(users)
    .set({ referralCode: code })
    .where(
      and(
        eq(users.id, userId),
        isNull(users.referralCode),
        notExists(
          db
            .select({ id: transactions.id })
            .from(transactions)
            .where(and(eq(transactions.userId, userId), eq(transactions.status, 'SUCCEEDED'))),
        ),
      ),
    )
    .returning({ id: users.id });
  return adopted.length > 0;
}

export interface ReferralRow {
  readonly firstName: string;
  readonly joinedAt: Date;
  readonly rewarded: boolean;
}

/** The people who signed up with `code` (not its holder), newest first: first name and date only. */
export async function referralsOf(
  db: Executor,
  code: string,
  holderId: string,
): Promise<ReferralRow[]> {
  const joined = await db
    .select({ id: users.id, firstName: users.firstName, joinedAt: users.createdAt })
    .from(users)
    .where(and(sql`upper(${users.referralCode}) = ${code}`, ne(users.id, holderId)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(REFERRALS_LISTED);
  if (joined.length === 0) return [];
  const given = await db
    .select({ ref: creditLedger.ref })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, holderId),
        inArray(
          creditLedger.ref,
          joined.map((person) => rewardRefs(person.id).referrer),
        ),
      ),
    );
  const rewarded = new Set(given.map((row) => row.ref));
  return joined.map((person) => ({
    firstName: person.firstName,
    joinedAt: person.joinedAt,
    rewarded: rewarded.has(rewardRefs(person.id).referrer),
  }));
}

/** The credits a person earned as a referrer (the people they brought who paid). */
export async function creditsEarnedBy(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        eq(creditLedger.reason, 'reward'),
        like(creditLedger.ref, 'referral:%:referrer'),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Whether the person's e-mail address is verified (only then does their payment reward a referral). */
export async function isVerified(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.verifiedAt);
}

/** Whether the ledger holds the reward `ref` (of either person of a referral) already. */
export async function rewardGiven(db: Executor, ref: string): Promise<boolean> {
  const [row] = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.ref, ref), eq(creditLedger.account, 'CREDITS')))
    .limit(1);
  return row !== undefined;
}

/** How many referrals the person was rewarded for as a referrer this calendar month (UTC). */
export async function referrerRewardsThisMonth(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        eq(creditLedger.reason, 'reward'),
        like(creditLedger.ref, 'referral:%:referrer'),
        gte(
          creditLedger.createdAt,
          sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`,
        ),
      ),
    );
  return row?.n ?? 0;
}
