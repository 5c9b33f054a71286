import { and, eq, sql } from 'drizzle-orm';
import { creditLedger, users, type Executor, type LedgerAccountValue } from '@mason/server-db';

/** What a person has beyond the month's plan credits, in credits (one credit, one cent). */
export interface LedgerBalances {
  /** Bought and rewarded credits left (subscribers). */
  readonly credits: number;
  /** Prepaid money left, in cents (usage-based); below zero: used and not yet paid. */
  readonly balance: number;
}

export async function ledgerBalances(db: Executor, userId: string): Promise<LedgerBalances> {
  const rows = await db
    .select({
      account: creditLedger.account,
      total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)`,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .groupBy(creditLedger.account);
  const of = (account: LedgerAccountValue) =>
    Number(rows.find((row) => row.account === account)?.total ?? 0);
  return { credits: of('CREDITS'), balance: of('BALANCE') };
}

/** What is left on one of the person's accounts, as a subquery (a numeric, 0 when none). */
export function ledgerBalanceOf(db: Executor, userId: string, account: LedgerAccountValue) {
  return db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.account, account)));
}

export interface LedgerEntry {
  readonly userId: string;
  readonly account: LedgerAccountValue;
  /** Positive adds (bought, rewarded); negative takes (a turn's cost). */
  readonly amount: number;
  /** 'waived': what a turn took, given back because the turn was not charged after all. */
  readonly reason: 'purchase' | 'reward' | 'turn' | 'waived';
  /** What it is for: an entry with the same ref and account is written once. */
  readonly ref: string;
}

/** Writes an entry once (by ref and account); answers whether it was new. */
export async function addLedgerEntry(db: Executor, entry: LedgerEntry): Promise<boolean> {
  const written = await db
    .insert(creditLedger)
    .values(entry)
    .onConflictDoNothing({ target: [creditLedger.ref, creditLedger.account] })
    .returning({ id: creditLedger.id });
  return written.length > 0;
}

/**
 * Holds the person's row until the transaction ends: what one turn takes from the month's credits
 * and the ledger is decided after the turn before it.
 */
export async function lockBillingOf(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
