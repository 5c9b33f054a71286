import { and, desc, eq, gte, isNotNull, isNull, not, sql } from 'drizzle-orm';
import { TURN_WAIVED_REASONS, type TurnCost, type TurnWaivedReason } from '@mason/contract/billing';
import type { BillingSummary } from '@mason/contract/billing';
import { projects, taskLogs, tasks, tokenUsage, type Executor } from '@mason/server-db';
import { budgetPeriod } from '../budgets';

/** Steps on the person's own OpenRouter key: not charged by Mason, and not a waiver of Mason's. */
const OWN_KEY: TurnWaivedReason = 'own_key';

/**
 * This month's charged cost by project (highest first), with the person's messages (their turns)
 * and the model's steps apart, and what was not charged.
 */
export async function costByProject(
  db: Executor,
  userId: string,
): Promise<Pick<BillingSummary, 'projects' | 'waived' | 'ownKey'>> {
  const { start } = budgetPeriod();
  const cost = sql<string>`coalesce(sum(${tokenUsage.costCredits}), 0)`;
  // Each row is one call to the model: a step of the assistant's turn, not a turn.
  const steps = sql<number>`count(*)::int`;
  const thisMonth = and(eq(tokenUsage.userId, userId), gte(tokenUsage.createdAt, start));
  const ownKey = eq(tokenUsage.waivedReason, OWN_KEY);
  const [byProject, [waived], [onOwnKey], messages] = await Promise.all([
    db
      .select({ projectId: projects.id, name: projects.name, cost, steps })
      .from(tokenUsage)
      .innerJoin(projects, eq(projects.id, tokenUsage.projectId))
      .where(and(thisMonth, isNull(tokenUsage.waivedReason), eq(projects.userId, userId)))
      .groupBy(projects.id, projects.name)
      .orderBy(desc(cost)),
    db
      .select({ cost, steps })
      .from(tokenUsage)
      .where(and(thisMonth, isNotNull(tokenUsage.waivedReason), not(ownKey))),
    db.select({ cost, steps }).from(tokenUsage).where(and(thisMonth, ownKey)),
    messagesByProject(db, userId, start),
  ]);
  return {
    projects: byProject.map((row) => ({
      projectId: row.projectId,
      name: row.name,
      costCredits: Number(row.cost),
      turns: messages.get(row.projectId) ?? 0,
      steps: Number(row.steps),
    })),
    waived: { steps: Number(waived?.steps ?? 0), costCredits: Number(waived?.cost ?? 0) },
    ownKey: { steps: Number(onOwnKey?.steps ?? 0), costCredits: Number(onOwnKey?.cost ?? 0) },
  };
}

/** The messages the person sent this month, by project: each one starts a turn of the assistant. */
async function messagesByProject(
  db: Executor,
  userId: string,
  start: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ projectId: tasks.projectId, messages: sql<number>`count(*)::int` })
    .from(taskLogs)
    .innerJoin(tasks, eq(tasks.id, taskLogs.taskId))
    .where(
      and(
        eq(tasks.userId, userId),
        eq(taskLogs.type, 'USER_MESSAGE'),
        gte(taskLogs.createdAt, start),
      ),
    )
    .groupBy(tasks.projectId);
  return new Map(rows.map((row) => [row.projectId, Number(row.messages)]));
}

/**
 * What a task's turn cost, from its steps recorded since `since` (the turn's start): what was
 * charged, what was not and why (the reason of most of it), and its tokens. Null: no model call.
 */
export async function turnCostSince(
  db: Executor,
  taskId: string,
  since: Date,
): Promise<TurnCost | null> {
  const rows = await db
    .select({
      waivedReason: tokenUsage.waivedReason,
      cost: sql<string>`coalesce(sum(${tokenUsage.costCredits}), 0)`,
      inputTokens: sql<string>`coalesce(sum(${tokenUsage.inputTokens}), 0)`,
      outputTokens: sql<string>`coalesce(sum(${tokenUsage.outputTokens}), 0)`,
    })
    .from(tokenUsage)
    .where(and(eq(tokenUsage.taskId, taskId), gte(tokenUsage.createdAt, since)))
    .groupBy(tokenUsage.waivedReason);
  if (rows.length === 0) return null;
  let chargedCredits = 0;
  let waivedCredits = 0;
  let waivedReason: TurnWaivedReason | null = null;
  let largestWaived = -1;
  for (const row of rows) {
    const cost = Number(row.cost);
    if (row.waivedReason === null) {
      chargedCredits += cost;
      continue;
    }
    waivedCredits += cost;
    if (cost > largestWaived && isWaivedReason(row.waivedReason)) {
      largestWaived = cost;
      waivedReason = row.waivedReason;
    }
  }
  return {
    chargedCredits,
    waivedCredits,
    waivedReason: waivedCredits > 0 ? (waivedReason ?? 'repair') : null,
    inputTokens: rows.reduce((sum, row) => sum + Number(row.inputTokens), 0),
    outputTokens: rows.reduce((sum, row) => sum + Number(row.outputTokens), 0),
  };
}

function isWaivedReason(value: string): value is TurnWaivedReason {
  return (TURN_WAIVED_REASONS as readonly string[]).includes(value);
}
