import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envVariablesRoutes } from './env-variables.routes';
import { projectFilesRoutes } from './project-files.routes';
import type { ProjectsContext } from './projects-context';
import { projectsRoutes } from './projects.routes';
import { staticFilesRoutes } from './static-files.routes';

/** Every route of the projects domain, built from the context apps/api composes. */
export const projectsPlugin: FastifyPluginAsyncZod<{ ctx: ProjectsContext }> = async (
  app,
  options,
) => {
  for (const routes of [
    projectsRoutes,
    projectFilesRoutes,
    envVariablesRoutes,
    staticFilesRoutes,
  ]) {
    await app.register(routes, options);
  }
};
