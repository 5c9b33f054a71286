import { ApiCalls } from '@mason/contract';
import type { Database } from '@mason/server-db';
import { callRoute, notFound, requireSession } from '@mason/server-http';
import { findOwnedProject } from '@mason/server-projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ThumbnailsService } from './thumbnails.service';

/** What the thumbnail routes are built from (apps/api composes it). */
export interface ThumbnailsContext {
  db: Database;
}

const NO_THUMBNAIL = 'This project has no thumbnail yet: open its preview to make one.';

/** An ETag of the picture: its version and when it was stored. */
const etagOf = (versionId: string, updatedAt: Date) => `"${versionId}.${updatedAt.getTime()}"`;

/**
 * PUT and GET /projects/:id/thumbnail: the project card's picture of the app. Another person's
 * project answers 404 like no project. The routes adapt HTTP; ThumbnailsService owns the rules.
 */
export const thumbnailsRoutes: FastifyPluginAsyncZod<{ ctx: ThumbnailsContext }> = async (
  app,
  { ctx },
) => {
  const service = new ThumbnailsService(ctx.db);

  app.route(
    callRoute(ApiCalls.putProjectThumbnail, async (request) => {
      const session = requireSession(request);
      const project = await findOwnedProject(ctx.db, session.user.id, request.params.id);
      return service.store(project.id, request.body.versionId, request.body.image);
    }),
  );

  app.route(
    callRoute(ApiCalls.getProjectThumbnail, async (request, reply) => {
      const session = requireSession(request);
      const project = await findOwnedProject(ctx.db, session.user.id, request.params.id);
      const file = await service.find(project.id);
      if (!file) throw notFound(NO_THUMBNAIL);
      const etag = etagOf(file.versionId, file.updatedAt);
      // The card asks again each time (a new version makes a new picture); 304 while unchanged.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      // 304 has no body and no schema in the call table (which names only the errors).
      if (request.headers['if-none-match'] === etag)
        return reply.status(304 as never).send(undefined as never);
      return (
        reply
          .header('content-type', file.contentType)
          .header('x-content-type-options', 'nosniff')
          // A Buffer is sent as it is (Fastify serializes only objects); the schemas describe errors.
          .send(file.content as never)
      );
    }),
  );
};
