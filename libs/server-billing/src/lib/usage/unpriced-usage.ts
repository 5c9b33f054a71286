import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Model } from '@mason/contract';
import type { BillingSummary, PricingTable } from '@mason/contract/billing';
import { tokenUsage, type Executor } from '@mason/server-db';
import { budgetPeriod } from '../budgets';

/**
 * This month's AI use that was not charged because its model has no price (the operator's
 * endpoint until LLM_PRICE_INPUT_PER_MTOK and LLM_PRICE_OUTPUT_PER_MTOK are set), by model.
 */
export async function unpricedUsage(
  db: Executor,
  userId: string,
  prices: PricingTable['models'],
): Promise<BillingSummary['unpriced']> {
  const unpriced = (Object.keys(prices) as Model[]).filter((model) => prices[model] === null);
  if (unpriced.length === 0) return [];
  const rows = await db
    .select({
      model: tokenUsage.model,
      inputTokens: sql<string>`coalesce(sum(${tokenUsage.inputTokens}), 0)`,
      outputTokens: sql<string>`coalesce(sum(${tokenUsage.outputTokens}), 0)`,
    })
    .from(tokenUsage)
    .where(
      and(
        eq(tokenUsage.userId, userId),
        gte(tokenUsage.createdAt, budgetPeriod().start),
        isNull(tokenUsage.waivedReason),
        eq(tokenUsage.costCredits, 0),
        inArray(tokenUsage.model, unpriced),
      ),
    )
    .groupBy(tokenUsage.model)
    .orderBy(tokenUsage.model);
  return rows
    .map((row) => ({
      model: row.model as Model,
      inputTokens: Number(row.inputTokens),
      outputTokens: Number(row.outputTokens),
    }))
    .filter((row) => row.inputTokens + row.outputTokens > 0);
}
