import { ApiRoutes, ClientConfigSchema } from '@mason/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';

export const configRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    ApiRoutes.config,
    {
      schema: {
        summary: 'What the browser client needs to know before login',
        tags: ['config'],
        response: { 200: ClientConfigSchema },
      },
    },
    async () => ({
      googleClientId: ctx.config.googleClientId,
      signupsOpen: ctx.config.signupsOpen,
      thumbnails: ctx.config.thumbnails,
      banner: ctx.config.banner,
      analytics: ctx.config.analytics,
      billing: { provider: ctx.config.billing.provider, pricing: ctx.config.billing.pricing },
    }),
  );
};
