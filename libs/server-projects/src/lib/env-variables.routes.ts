import {
  ApiRoutes,
  EnvVariableParamsSchema,
  EnvVariableSchema,
  EnvVariablesResponseSchema,
  IdParamsSchema,
  OkResponseSchema,
  SetEnvVariableRequestSchema,
} from '@mason/contract';
import { bearerSecurity, errorResponses, notFound, requireSession } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteEnvVariable, listEnvVariables, setEnvVariable } from './env-variables.repository';
import { findOwnedProject } from './owned-project';
import type { ProjectsContext } from './projects-context';
import { projectTags } from './projects.routes';

/** A project's environment variables, stored encrypted (the assistant's requests fill them too). */
export const envVariablesRoutes: FastifyPluginAsyncZod<{ ctx: ProjectsContext }> = async (
  app,
  { ctx },
) => {
  const { db, secrets } = ctx;

  app.get(
    ApiRoutes.projectEnv,
    {
      schema: {
        summary: "The project's environment variables, sorted by key",
        tags: projectTags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: EnvVariablesResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return { variables: await listEnvVariables(db, secrets, project.id) };
    },
  );

  app.post(
    ApiRoutes.projectEnv,
    {
      schema: {
        summary: 'Add or replace an environment variable (stored encrypted)',
        tags: projectTags,
        security: bearerSecurity,
        params: IdParamsSchema,
        body: SetEnvVariableRequestSchema,
        response: { 200: EnvVariableSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      await setEnvVariable(db, secrets, project.id, request.body);
      return request.body;
    },
  );

  app.delete(
    ApiRoutes.projectEnvVariable,
    {
      schema: {
        summary: 'Remove an environment variable',
        tags: projectTags,
        security: bearerSecurity,
        params: EnvVariableParamsSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      if (!(await deleteEnvVariable(db, project.id, request.params.key))) {
        throw notFound(`There is no variable ${request.params.key}.`);
      }
      return { ok: true as const };
    },
  );
};
