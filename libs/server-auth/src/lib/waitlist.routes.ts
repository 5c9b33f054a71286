import { ApiCalls } from '@mason/contract';
import { callRoute } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from './auth-context';
import { joinWaitlist } from './users/users.repository';

/** POST /waitlist: where people wait while sign-ups are closed (joining twice is fine). */
export const waitlistRoutes: FastifyPluginAsyncZod<{ ctx: Pick<AuthContext, 'db'> }> = async (
  app,
  { ctx },
) => {
  app.route(
    callRoute(ApiCalls.joinWaitlist, async (request) => {
      await joinWaitlist(ctx.db, request.body.email);
      return {
        ok: true as const,
        message: 'You are on the waitlist. We will e-mail you when Mason opens sign-ups.',
      };
    }),
  );
};
