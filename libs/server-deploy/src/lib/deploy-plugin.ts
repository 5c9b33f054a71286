import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deploymentsRoutes } from './deployments/deployments.routes';
import type { DeploymentsService } from './deployments/deployments.service';

/** Every route of the publishing domain under /api. */
export const deployPlugin: FastifyPluginAsyncZod<{ deployments: DeploymentsService }> = async (
  app,
  options,
) => {
  await app.register(deploymentsRoutes, options);
};
