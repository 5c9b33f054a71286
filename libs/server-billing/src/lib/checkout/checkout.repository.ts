import { and, eq } from 'drizzle-orm';
import {
  billingCustomers,
  isUuid,
  checkoutSessions,
  type BillingProviderValue,
  type CheckoutSessionRow,
  type Executor,
} from '@mason/server-db';

export type NewCheckout = Pick<
  CheckoutSessionRow,
  'userId' | 'provider' | 'kind' | 'plan' | 'credits' | 'amountCents' | 'description' | 'referral'
>;

export async function insertCheckout(
  db: Executor,
  values: NewCheckout,
): Promise<CheckoutSessionRow> {
  const [row] = await db.insert(checkoutSessions).values(values).returning();
  return row as CheckoutSessionRow;
}

export async function setProviderSession(db: Executor, id: string, providerSessionId: string) {
  await db.update(checkoutSessions).set({ providerSessionId }).where(eq(checkoutSessions.id, id));
}

/** A person's own checkout (another's is not found); `forUpdate` holds it until the transaction ends. */
export async function findCheckout(
  db: Executor,
  userId: string,
  id: string,
  forUpdate = false,
): Promise<CheckoutSessionRow | null> {
  if (!isUuid(id)) return null;
  const query = db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** A checkout by its id alone: events name it (Stripe's client_reference_id). */
export async function checkoutById(db: Executor, id: string): Promise<CheckoutSessionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, id))
    .for('update');
  return row ?? null;
}

export async function endCheckout(
  db: Executor,
  id: string,
  status: 'complete' | 'canceled',
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status, completedAt: new Date() })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}

export async function customerOf(
  db: Executor,
  userId: string,
  provider: BillingProviderValue,
): Promise<string | null> {
  const [row] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)));
  return row?.customerId ?? null;
}

export async function userOfCustomer(
  db: Executor,
  provider: BillingProviderValue,
  customerId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(
      and(eq(billingCustomers.provider, provider), eq(billingCustomers.customerId, customerId)),
    );
  return row?.userId ?? null;
}

export async function saveCustomer(
  db: Executor,
  userId: string,
  provider: BillingProviderValue,
  customerId: string,
): Promise<void> {
  await db.insert(billingCustomers).values({ userId, provider, customerId }).onConflictDoNothing();
}
