import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { BillingSummary } from '@mason/contract/billing';
import { projects, tokenUsage, type Executor } from '@mason/server-db';
import { budgetPeriod } from '../budgets';

/** This month's charged cost by project (highest first) and what was not charged. */
export async function costByProject(
  db: Executor,
  userId: string,
): Promise<Pick<BillingSummary, 'projects' | 'waived'>> {
  const { start } = budgetPeriod();
  const cost = sql<string>`coalesce(sum(${tokenUsage.costCredits}), 0)`;
  // Each row is one call to the model (a step of the assistant's turn).
  const turns = sql<number>`count(*)::int`;
  const thisMonth = and(eq(tokenUsage.userId, userId), gte(tokenUsage.createdAt, start));
  const [byProject, [waived]] = await Promise.all([
    db
      .select({ projectId: projects.id, name: projects.name, cost, turns })
      .from(tokenUsage)
      .innerJoin(projects, eq(projects.id, tokenUsage.projectId))
      .where(and(thisMonth, isNull(tokenUsage.waivedReason), eq(projects.userId, userId)))
      .groupBy(projects.id, projects.name)
      .orderBy(desc(cost)),
    db
      .select({ cost, turns })
      .from(tokenUsage)
      .where(and(thisMonth, isNotNull(tokenUsage.waivedReason))),
  ]);
  return {
    projects: byProject.map((row) => ({
      projectId: row.projectId,
      name: row.name,
      costCredits: Number(row.cost),
      turns: Number(row.turns),
    })),
    waived: { turns: Number(waived?.turns ?? 0), costCredits: Number(waived?.cost ?? 0) },
  };
}
