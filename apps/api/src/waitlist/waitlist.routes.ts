import { ApiRoutes, OkResponseSchema, WaitlistRequestSchema } from '@mason/contract';
import { waitlist } from '@mason/server-db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { errorResponses } from '@mason/server-http';

export const waitlistRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    ApiRoutes.waitlist,
    {
      schema: {
        summary: 'Join the waitlist (idempotent: joining twice is fine)',
        tags: ['waitlist'],
        body: WaitlistRequestSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await ctx.db
        .insert(waitlist)
        .values({ email: request.body.email })
        .onConflictDoNothing({ target: waitlist.email });
      return {
        ok: true as const,
        message: 'You are on the waitlist. We will e-mail you when Mason opens sign-ups.',
      };
    },
  );
};
