import { callRoute } from '@mason/server-http';
import { desc, eq } from 'drizzle-orm';
import { ApiCalls } from '@mason/contract';
import { outbox } from '@mason/server-db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../auth-context';

/** The e-mails sent to one address, newest first. */
export const outboxRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.route(
    callRoute(ApiCalls.getOutbox, async (request) => {
      const rows = await ctx.db
        .select()
        .from(outbox)
        .where(eq(outbox.toAddress, request.query.to))
        .orderBy(desc(outbox.createdAt), desc(outbox.id));
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
