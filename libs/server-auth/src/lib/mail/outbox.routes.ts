import { desc, eq } from 'drizzle-orm';
import { ApiRoutes, EmailSchema } from '@mason/contract';
import { outbox } from '@mason/server-db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { AuthContext } from '../auth-context';

export const OutboxQuerySchema = z.object({ to: EmailSchema });
export const OutboxResponseSchema = z.object({
  messages: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      createdAt: z.string(),
    }),
  ),
});

/** The e-mails sent to one address, newest first. */
export const outboxRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.get(
    ApiRoutes.devOutbox,
    {
      schema: {
        summary: 'E-mails sent to an address, newest first (only with EXPOSE_OUTBOX=true)',
        tags: ['dev'],
        querystring: OutboxQuerySchema,
        response: { 200: OutboxResponseSchema },
      },
    },
    async (request) => {
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
    },
  );
};
