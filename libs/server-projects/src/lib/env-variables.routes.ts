import { ApiCalls } from '@mason/contract';
import { notFound, requireSession, callRoute } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteEnvVariable, listEnvVariables, setEnvVariable } from './env-variables.repository';
import { findOwnedProject } from './owned-project';
import type { ProjectsContext } from './projects-context';

/**
 * A project's environment variables, stored encrypted (the assistant's requests fill them too).
 * A change rebuilds the project's previews (ProjectPreviewPort.envChanged).
 */
export const envVariablesRoutes: FastifyPluginAsyncZod<{ ctx: ProjectsContext }> = async (
  app,
  { ctx },
) => {
  const { db, secrets, preview } = ctx;

  app.route(
    callRoute(ApiCalls.getEnvVariables, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return { variables: await listEnvVariables(db, secrets, project.id) };
    }),
  );

  app.route(
    callRoute(ApiCalls.setEnvVariable, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      await setEnvVariable(db, secrets, project.id, request.body);
      preview.envChanged(project.id);
      return request.body;
    }),
  );

  app.route(
    callRoute(ApiCalls.deleteEnvVariable, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      if (!(await deleteEnvVariable(db, project.id, request.params.key))) {
        throw notFound(`There is no variable ${request.params.key}.`);
      }
      preview.envChanged(project.id);
      return { ok: true as const };
    }),
  );
};
