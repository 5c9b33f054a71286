import { ApiCalls } from '@mason/contract';
import type { Executor } from '@mason/server-db';
import { callRoute, requireSession } from '@mason/server-http';
import { findOwnedProject } from '@mason/server-projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProjectDatabaseService } from './project-database.service';

export interface ProjectDatabaseRoutesContext {
  readonly db: Executor;
  readonly service: ProjectDatabaseService;
}

/** GET and POST /projects/:id/database: the project's database, and turning it on. */
export const projectDatabaseRoutes: FastifyPluginAsyncZod<{
  ctx: ProjectDatabaseRoutesContext;
}> = async (app, { ctx }) => {
  app.route(
    callRoute(ApiCalls.getProjectDatabase, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(ctx.db, user.id, request.params.id);
      return { database: await ctx.service.get(project.id) };
    }),
  );

  app.route(
    callRoute(ApiCalls.enableProjectDatabase, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(ctx.db, user.id, request.params.id);
      return { database: await ctx.service.enable(project.id) };
    }),
  );
};
