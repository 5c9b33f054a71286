import { eq } from 'drizzle-orm';
import { ApiRoutes, ImageMediaTypeSchema } from '@mason/contract';
import { blobs } from '@mason/server-db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { AppContext } from '../app-context';
import { errorResponses } from '../http/error-responses';
import { notFound } from '../http/http-error';

/**
 * GET /blobs/:hash?type=image/png: an image attached to a message. The sha256 in the URL is the
 * capability: only someone who saw the message knows it. Served only as an image type.
 */
export const blobsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    ApiRoutes.blob,
    {
      schema: {
        summary: 'An attached image, by the sha256 of its bytes',
        tags: ['tasks'],
        params: z.object({ hash: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'Not a sha256.')) }),
        querystring: z.object({ type: ImageMediaTypeSchema }),
        response: { ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const [row] = await ctx.db
        .select({ content: blobs.content })
        .from(blobs)
        .where(eq(blobs.hash, request.params.hash));
      if (!row) throw notFound('No such image.');
      return (
        reply
          .header('content-type', request.query.type)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'; sandbox")
          // A Buffer is sent as it is (Fastify serializes only objects); the schemas describe errors.
          .send(row.content as never)
      );
    },
  );
};
