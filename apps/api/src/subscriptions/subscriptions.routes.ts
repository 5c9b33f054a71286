import { and, desc, eq, inArray } from 'drizzle-orm';
import { ActiveSubscriptionResponseSchema, ApiRoutes } from '@mason/contract';
import { subscriptions } from '@mason/server-db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { errorResponses, requireSession, bearerSecurity } from '@mason/server-http';

export const subscriptionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    ApiRoutes.activeSubscription,
    {
      schema: {
        summary: "The logged-in user's active subscription, or null on the free plan",
        tags: ['subscriptions'],
        security: bearerSecurity,
        response: { 200: ActiveSubscriptionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      const [row] = await ctx.db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, user.id),
            inArray(subscriptions.status, ['active', 'past_due']),
          ),
        )
        .orderBy(desc(subscriptions.createdAt))
        .limit(1);
      return {
        subscription: row
          ? {
              type: row.type,
              status: row.status,
              currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
              cancelAtPeriodEnd: row.cancelAtPeriodEnd,
            }
          : null,
      };
    },
  );
};
