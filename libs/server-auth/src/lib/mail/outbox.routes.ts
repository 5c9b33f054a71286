import { callRoute } from '@mason/server-http';
import { ApiCalls } from '@mason/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../auth-context';
import { outboxFor } from './outbox.repository';

/** The e-mails sent to one address, newest first. */
export const outboxRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.route(
    callRoute(ApiCalls.getOutbox, async (request) => {
      const rows = await outboxFor(ctx.db, request.query.to);
      return {
        messages: rows.map((row) => ({
          to: row.toAddress,
          subject: row.subject,
          text: row.text,
          html: row.html,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    }),
  );
};
