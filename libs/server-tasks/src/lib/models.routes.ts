import { ApiCalls } from '@mason/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TasksContext } from './tasks-context';
import { callRoute } from '@mason/server-http';

export const modelsRoutes: FastifyPluginAsyncZod<{ ctx: TasksContext }> = async (app, { ctx }) => {
  app.route(
    callRoute(ApiCalls.getModels, async (request) => {
      // A signed-in person who connected OpenRouter runs the catalogue on their own key.
      const userId = request.session?.user.id;
      const ownKey = userId ? await ctx.loop.openRouterKeys?.keyOf(userId) : null;
      return ctx.loop.registry.options({ ownKey: !!ownKey });
    }),
  );
};
