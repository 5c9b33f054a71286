import { and, desc, eq, inArray } from 'drizzle-orm';
import { subscriptions, type Executor, type SubscriptionRow } from '@mason/server-db';

/** The user's subscription that counts now (active, or past due while payment is retried); null on the free plan. */
export async function currentSubscription(
  db: Executor,
  userId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}
