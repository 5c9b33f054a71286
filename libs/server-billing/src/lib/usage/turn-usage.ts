import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { TurnWaivedReason } from '@mason/contract/billing';
import { turnCostCredits } from '@mason/contract/billing';
import { creditLedger, tokenUsage, type Executor } from '@mason/server-db';
import type { BillingConfig } from '../billing-context';
import { budgetPeriod, creditsUsedSince, planOfUser } from '../budgets';
import { addLedgerEntry, ledgerBalances, lockBillingOf } from '../ledger/ledger.repository';

/**
 * Why a turn is not charged: it repaired the assistant's own error (`repair`), or failed through
 * no fault of the person (`provider`, `interrupted`). See the contract's turn-cost.ts.
 */
export type WaivedReason = TurnWaivedReason;

export interface TurnUsage {
  readonly userId: string;
  readonly taskId: string | null;
  readonly projectId: string | null;
  readonly model: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly waivedReason?: WaivedReason | null;
}

export interface RecordedUsage {
  readonly id: number;
  readonly costCredits: number;
  readonly charged: boolean;
}

/**
 * Records a step's tokens and their cost, and charges it: from the month's plan credits first,
 * then bought and rewarded credits, then the prepaid balance (the usage-based plan's balance may
 * go below zero: that is billed by use). A waived turn is recorded at its cost and charged nothing.
 * Call it inside a transaction: the person's row is held so that turns are charged one by one.
 */
export async function recordTurnUsage(
  tx: Executor,
  config: BillingConfig,
  usage: TurnUsage,
): Promise<RecordedUsage> {
  await lockBillingOf(tx, usage.userId);
  const costCredits = turnCostCredits(usage.model, usage, config.pricing.models);
  const waived = usage.waivedReason ?? null;
  const usedBefore = waived ? 0 : await creditsUsedSince(tx, usage.userId, budgetPeriod().start);
  const [row] = await tx
    .insert(tokenUsage)
    .values({
      userId: usage.userId,
      taskId: usage.taskId,
      projectId: usage.projectId,
      model: usage.model,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      costCredits,
      waivedReason: waived,
    })
    .returning({ id: tokenUsage.id });
  const id = (row as { id: number }).id;
  if (waived || costCredits <= 0) return { id, costCredits, charged: !waived };

  const plan = await planOfUser(tx, usage.userId);
  const monthly = config.pricing.plans[plan].monthlyCredits;
  const beyond = (used: number) => Math.max(0, used - monthly);
  let owed = beyond(usedBefore + costCredits) - beyond(usedBefore);
  if (owed <= 0) return { id, costCredits, charged: true };

  const { credits, balance } = await ledgerBalances(tx, usage.userId);
  const fromCredits = Math.min(owed, Math.max(0, credits));
  if (fromCredits > 0) {
    await addLedgerEntry(tx, {
      userId: usage.userId,
      account: 'CREDITS',
      amount: -fromCredits,
      reason: 'turn',
      ref: `turn:${id}`,
    });
    owed -= fromCredits;
  }
  const fromBalance = plan === 'USAGE' ? owed : Math.min(owed, Math.max(0, balance));
  if (fromBalance > 0) {
    await addLedgerEntry(tx, {
      userId: usage.userId,
      account: 'BALANCE',
      amount: -fromBalance,
      reason: 'turn',
      ref: `turn:${id}`,
    });
  }
  return { id, costCredits, charged: true };
}

/**
 * Waives, after the fact, the steps of a task's turn recorded since `since` that were charged:
 * the turn failed through no fault of the person. They no longer count against the month's
 * credits, and what they took from bought credits or the balance is given back. Answers the
 * credits waived. Call it inside a transaction.
 */
export async function waiveTurnUsage(
  tx: Executor,
  waiver: {
    readonly userId: string;
    readonly taskId: string;
    readonly since: Date;
    readonly reason: WaivedReason;
  },
): Promise<number> {
  await lockBillingOf(tx, waiver.userId);
  const rows = await tx
    .update(tokenUsage)
    .set({ waivedReason: waiver.reason })
    .where(
      and(
        eq(tokenUsage.userId, waiver.userId),
        eq(tokenUsage.taskId, waiver.taskId),
        gte(tokenUsage.createdAt, waiver.since),
        isNull(tokenUsage.waivedReason),
      ),
    )
    .returning({ id: tokenUsage.id, costCredits: tokenUsage.costCredits });
  if (rows.length === 0) return 0;
  const taken = await tx
    .select({ account: creditLedger.account, amount: creditLedger.amount, ref: creditLedger.ref })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, waiver.userId),
        inArray(
          creditLedger.ref,
          rows.map((row) => `turn:${row.id}`),
        ),
      ),
    );
  for (const entry of taken) {
    const amount = -Number(entry.amount);
    if (amount <= 0) continue;
    await addLedgerEntry(tx, {
      userId: waiver.userId,
      account: entry.account,
      amount,
      reason: 'waived',
      ref: `waived:${entry.ref}`,
    });
  }
  return rows.reduce((sum, row) => sum + Number(row.costCredits), 0);
}
