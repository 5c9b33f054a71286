import { ApiCalls } from '@mason/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TasksContext } from './tasks-context';
import { callRoute } from '@mason/server-http';

export const modelsRoutes: FastifyPluginAsyncZod<{ ctx: TasksContext }> = async (app, { ctx }) => {
  app.route(callRoute(ApiCalls.getModels, async () => ctx.loop.registry.options()));
};
