import { ApiRoutes, ModelsResponseSchema } from '@mason/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TasksContext } from './tasks-context';
import { errorResponses } from '@mason/server-http';

export const modelsRoutes: FastifyPluginAsyncZod<{ ctx: TasksContext }> = async (app, { ctx }) => {
  app.get(
    ApiRoutes.models,
    {
      schema: {
        summary: 'The models of the model picker, and whether this server can run each',
        description:
          'With no provider configured, setupHint says which environment variables to set.',
        tags: ['tasks'],
        response: { 200: ModelsResponseSchema, ...errorResponses(500) },
      },
    },
    async () => ctx.loop.registry.options(),
  );
};
