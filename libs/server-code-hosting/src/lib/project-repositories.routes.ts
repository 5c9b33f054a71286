import { ApiCalls } from '@mason/contract';
import { callRoute, requireSession } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProjectRepositoriesService } from './project-repositories.service';

/** /projects/:id/code-hosting (GET, PUT, DELETE), .../repository and .../sync. */
export const projectRepositoriesRoutes: FastifyPluginAsyncZod<{
  service: ProjectRepositoriesService;
}> = async (app, { service }) => {
  app.route(
    callRoute(ApiCalls.getProjectCodeHosting, async (request) =>
      service.get(requireSession(request).user.id, request.params.id),
    ),
  );
  app.route(
    callRoute(ApiCalls.linkProjectRepository, async (request) =>
      service.link(requireSession(request).user.id, request.params.id, request.body),
    ),
  );
  app.route(
    callRoute(ApiCalls.unlinkProjectRepository, async (request) =>
      service.unlink(requireSession(request).user.id, request.params.id),
    ),
  );
  app.route(
    callRoute(ApiCalls.createProjectRepository, async (request, reply) => {
      const answer = await service.create(
        requireSession(request).user.id,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(answer);
    }),
  );
  app.route(
    callRoute(ApiCalls.syncProjectRepository, async (request) =>
      service.sync(requireSession(request).user.id, request.params.id),
    ),
  );
};
