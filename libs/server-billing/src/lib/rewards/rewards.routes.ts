import { ApiCalls } from '@mason/contract';
import { callRoute, requireSession } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RewardsService } from './rewards.service';

/** GET /rewards: the person's referral link, who joined through it, and what it earned. */
export const rewardsRoutes: FastifyPluginAsyncZod<{ rewards: RewardsService }> = async (
  app,
  { rewards },
) => {
  app.route(
    callRoute(ApiCalls.getRewards, async (request) =>
      rewards.rewards(requireSession(request).user.id),
    ),
  );
};
