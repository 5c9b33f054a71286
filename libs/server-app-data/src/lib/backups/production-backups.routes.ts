import { ApiCalls } from '@mason/contract';
import type { Executor } from '@mason/server-db';
import { callRoute, requireSession } from '@mason/server-http';
import { findOwnedProject } from '@mason/server-projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductionBackups } from './production-backups.service';

export interface ProductionBackupsRoutesContext {
  readonly db: Executor;
  readonly backups: ProductionBackups;
}

/** The published app's database backups, and restoring one, for the project's owner only. */
export const productionBackupsRoutes: FastifyPluginAsyncZod<{
  ctx: ProductionBackupsRoutesContext;
}> = async (app, { ctx }) => {
  const { db, backups } = ctx;

  app.route(
    callRoute(ApiCalls.getProductionBackups, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return { backups: await backups.list(project.id) };
    }),
  );

  app.route(
    callRoute(ApiCalls.restoreProductionBackup, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return { backups: await backups.restore(project.id, request.params.backupId) };
    }),
  );
};
