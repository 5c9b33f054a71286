import { ApiCalls } from '@mason/contract';
import type { Executor } from '@mason/server-db';
import { badRequest, callRoute, conflict, requireSession } from '@mason/server-http';
import { findOwnedProject } from '@mason/server-projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProjectDatabaseService } from '../projects/project-database.service';
import { AttachRefused } from './attach-refused';
import { NothingAttachedError, type DatabaseAttachments } from './database-attachments';

export interface DatabaseAttachmentsRoutesContext {
  readonly db: Executor;
  readonly attachments: DatabaseAttachments;
  readonly service: ProjectDatabaseService;
}

/** POST /projects/:id/supabase/attach and DELETE /projects/:id/database/attachment. */
export const databaseAttachmentsRoutes: FastifyPluginAsyncZod<{
  ctx: DatabaseAttachmentsRoutesContext;
}> = async (app, { ctx }) => {
  app.route(
    callRoute(ApiCalls.attachDatabase, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(ctx.db, user.id, request.params.id);
      try {
        await ctx.attachments.attach(project.id, user.id, request.body);
      } catch (error) {
        if (error instanceof AttachRefused)
          throw badRequest(error.message, { [error.field]: error.message });
        throw error;
      }
      const database = await ctx.service.get(project.id);
      if (!database) throw new Error(`Project ${project.id} lost its database as it was attached.`);
      return { database };
    }),
  );

  app.route(
    callRoute(ApiCalls.detachDatabase, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(ctx.db, user.id, request.params.id);
      try {
        await ctx.attachments.detach(project.id);
      } catch (error) {
        if (error instanceof NothingAttachedError) throw conflict(error.message);
        throw error;
      }
      return { database: await ctx.service.get(project.id) };
    }),
  );
};
