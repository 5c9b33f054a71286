import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Subscription } from '@mason/contract';
import {
  subscriptions,
  type BillingProviderValue,
  type Executor,
  type SubscriptionRow,
} from '@mason/server-db';
import type { ProviderSubscription } from './providers/billing-provider';

/** The user's subscription that counts now (active, or past due while payment is retried); null on the free plan. */
export async function currentSubscription(
  db: Executor,
  userId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(countsNow(userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/** The type of the user's subscription that counts now, as a subquery (null on the free plan). */
export function currentSubscriptionType(db: Executor, userId: string) {
  return db
    .select({ type: subscriptions.type })
    .from(subscriptions)
    .where(countsNow(userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
}

function countsNow(userId: string) {
  return and(
    eq(subscriptions.userId, userId),
    inArray(subscriptions.status, ['active', 'past_due']),
  );
}

/** SPEC.md 3's type string of a plan bought by the month. */
export const subscriptionType = (plan: string) => `${plan}_MONTHLY`;

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    type: row.type,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

export async function subscriptionByProviderId(
  db: Executor,
  provider: BillingProviderValue,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    );
  return row ?? null;
}

/**
 * Stores the provider's state of a subscription (new or changed). A person has one subscription
 * that counts: a new active one ends any other.
 */
export async function storeSubscription(
  db: Executor,
  userId: string,
  provider: BillingProviderValue,
  state: ProviderSubscription,
): Promise<SubscriptionRow> {
  const values = {
    type: subscriptionType(state.plan),
    status: state.status,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, provider, providerSubscriptionId: state.id, ...values })
    .onConflictDoUpdate({
      target: [subscriptions.provider, subscriptions.providerSubscriptionId],
      set: values,
    })
    .returning();
  const stored = row as SubscriptionRow;
  if (stored.status !== 'canceled') {
    await db
      .update(subscriptions)
      .set({ status: 'canceled', updatedAt: new Date() })
      .where(
        and(
          eq(subscriptions.userId, userId),
          ne(subscriptions.id, stored.id),
          inArray(subscriptions.status, ['active', 'past_due']),
        ),
      );
  }
  return stored;
}

export async function setSubscriptionStatus(
  db: Executor,
  id: string,
  status: SubscriptionRow['status'],
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}
