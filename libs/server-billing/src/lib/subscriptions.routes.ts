import { ApiCalls } from '@mason/contract';
import { callRoute, requireSession } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BillingContext } from './billing-context';
import { currentSubscription } from './subscriptions.repository';

/** GET /subscriptions/active: the plan a person pays for (null on the free plan). */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ ctx: BillingContext }> = async (
  app,
  { ctx },
) => {
  app.route(
    callRoute(ApiCalls.getActiveSubscription, async (request) => {
      const { user } = requireSession(request);
      const row = await currentSubscription(ctx.db, user.id);
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
    }),
  );
};
