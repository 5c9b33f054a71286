import { desc, eq } from 'drizzle-orm';
import type { Transaction } from '@mason/contract';
import {
  transactions,
  type Executor,
  type TransactionKindValue,
  type TransactionRow,
  type TransactionStatusValue,
} from '@mason/server-db';

export interface PaymentRecord {
  /** The payment's id when the provider chose it (a receipt page names it); otherwise a new one. */
  readonly id?: string;
  readonly userId: string;
  readonly kind: TransactionKindValue;
  readonly description: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly status: TransactionStatusValue;
  readonly receiptUrl: string | null;
  /** The provider's id of what was paid: a second record of it updates the first. */
  readonly providerRef: string;
}

/** Records a payment once by its provider ref; a later event of the same payment updates it. */
export async function recordPayment(db: Executor, payment: PaymentRecord): Promise<TransactionRow> {
  const [row] = await db
    .insert(transactions)
    .values(payment)
    .onConflictDoUpdate({
      target: transactions.providerRef,
      set: {
        status: payment.status,
        receiptUrl: payment.receiptUrl,
        amountCents: payment.amountCents,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row as TransactionRow;
}

export async function listTransactions(db: Executor, userId: string): Promise<Transaction[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    description: row.description,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    receiptUrl: row.receiptUrl,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** One of the person's payments (a receipt shows it); another's is not found. */
export async function findTransaction(
  db: Executor,
  userId: string,
  id: string,
): Promise<TransactionRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row && row.userId === userId ? row : null;
}
