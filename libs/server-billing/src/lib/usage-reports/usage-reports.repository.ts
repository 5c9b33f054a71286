import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  billingCustomers,
  creditLedger,
  usageReports,
  type BillingProviderValue,
  type Executor,
  type UsageReportRow,
} from '@mason/server-db';

/** Why the ledger entry of a report was written; its ref is `usage-report:<report id>`. */
export const BILLED_BY_USE = 'billed-by-use';

/** A person who owes at least a whole credit, and their customer at the provider. */
export interface Debtor {
  readonly userId: string;
  readonly customerId: string;
}

/**
 * The people with a customer at `provider` whose balance is a whole credit or more below zero
 * (only the usage-based plan goes below zero). The caller checks the plan and the balance again
 * under the person's lock.
 */
export async function debtorsOf(db: Executor, provider: BillingProviderValue): Promise<Debtor[]> {
  return db
    .select({ userId: billingCustomers.userId, customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .innerJoin(
      creditLedger,
      and(eq(creditLedger.userId, billingCustomers.userId), eq(creditLedger.account, 'BALANCE')),
    )
    .where(eq(billingCustomers.provider, provider))
    .groupBy(billingCustomers.userId, billingCustomers.customerId)
    .having(sql`sum(${creditLedger.amount}) <= -1`);
}

/**
 * Records a report of `credits` whole credits and, in the same transaction, the ledger entry that
 * moves them from the debt to "billed by use": the balance rises by what is reported, so the next
 * report does not bill it again.
 */
export async function recordUsageReport(
  tx: Executor,
  report: Debtor & { readonly provider: BillingProviderValue; readonly credits: number },
): Promise<UsageReportRow> {
  const [row] = await tx.insert(usageReports).values(report).returning();
  const recorded = row as UsageReportRow;
  await tx.insert(creditLedger).values({
    userId: report.userId,
    account: 'BALANCE',
    amount: report.credits,
    reason: BILLED_BY_USE,
    ref: `usage-report:${recorded.id}`,
  });
  return recorded;
}

/** Reports not delivered yet, oldest first. */
export function pendingUsageReports(
  db: Executor,
  provider: BillingProviderValue,
  limit: number,
): Promise<UsageReportRow[]> {
  return db
    .select()
    .from(usageReports)
    .where(and(eq(usageReports.provider, provider), isNull(usageReports.deliveredAt)))
    .orderBy(asc(usageReports.createdAt), asc(usageReports.id))
    .limit(limit);
}

export async function markUsageReportDelivered(db: Executor, id: string): Promise<void> {
  await db
    .update(usageReports)
    .set({ deliveredAt: new Date(), attempts: sql`${usageReports.attempts} + 1`, lastError: null })
    .where(eq(usageReports.id, id));
}

export async function markUsageReportFailed(
  db: Executor,
  id: string,
  error: string,
): Promise<void> {
  await db
    .update(usageReports)
    .set({ attempts: sql`${usageReports.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(usageReports.id, id));
}
