import { ApiCalls } from '@mason/contract';
import { callRoute, requireSession } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeploymentsService } from './deployments.service';

/** Publishing a project: its deployments, rollback, unpublish, and its public address. */
export const deploymentsRoutes: FastifyPluginAsyncZod<{ deployments: DeploymentsService }> = async (
  app,
  { deployments },
) => {
  app.route(
    callRoute(ApiCalls.getDeployment, async (request, reply) => {
      const { user } = requireSession(request);
      // A caller that leaves ends its wait.
      const left = new AbortController();
      reply.raw.once('close', () => left.abort());
      return deployments.get(user.id, request.params.id, {
        waitFor: request.query.waitFor,
        signal: left.signal,
      });
    }),
  );

  app.route(
    callRoute(ApiCalls.deployProject, async (request, reply) => {
      const { user } = requireSession(request);
      const deployment = await deployments.publish(
        user.id,
        request.params.id,
        request.body.versionId,
      );
      return reply.code(201).send(deployment);
    }),
  );

  app.route(
    callRoute(ApiCalls.rollbackDeployment, async (request) => {
      const { user } = requireSession(request);
      return deployments.rollback(user.id, request.params.id, request.body.deploymentId);
    }),
  );

  app.route(
    callRoute(ApiCalls.unpublishProject, async (request) => {
      const { user } = requireSession(request);
      await deployments.unpublish(user.id, request.params.id);
      return { ok: true as const };
    }),
  );

  app.route(
    callRoute(ApiCalls.changeAppSlug, async (request) => {
      const { user } = requireSession(request);
      return deployments.changeSlug(user.id, request.params.id, request.body.slug);
    }),
  );
};
