import { ApiCalls } from '@mason/contract';
import { readBlobs } from '@mason/server-workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TasksContext } from './tasks-context';
import { notFound, callRoute } from '@mason/server-http';
import { imageLinkSubject } from './image-links';
import { findOwnedTask } from './tasks.repository';

const NO_IMAGE =
  'This image link does not work: it has expired, or you logged out. Open the task again.';

/**
 * GET /blobs/:hash?type=&task=&token=: an image attached to a message, through the link the
 * task's log gave its reader (tasks/image-links.ts). It opens while the reader's session lives,
 * for the reader's own task only, and only as the image type it was sent as.
 */
export const blobsRoutes: FastifyPluginAsyncZod<{ ctx: TasksContext }> = async (app, { ctx }) => {
  app.route(
    callRoute(ApiCalls.getBlob, async (request, reply) => {
      const { hash } = request.params;
      const { type, task, token } = request.query;
      const link = await ctx.links.open('blob', imageLinkSubject(task, hash, type), token);
      if (!link) throw notFound(NO_IMAGE);
      // The task must still be the reader's (a deleted project takes its images along).
      await findOwnedTask(ctx.db, link.session.user.id, task);
      const content = (await readBlobs(ctx.db, [hash])).get(hash);
      if (!content) throw notFound(NO_IMAGE);
      return (
        reply
          .header('content-type', type)
          .header('cache-control', 'private, max-age=43200, immutable')
          .header('content-security-policy', "default-src 'none'; sandbox")
          // A Buffer is sent as it is (Fastify serializes only objects); the schemas describe errors.
          .send(content as never)
      );
    }),
  );
};
