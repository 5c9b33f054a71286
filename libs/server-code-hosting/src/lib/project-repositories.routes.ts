import { ApiCalls } from '@mason/contract';
import { callRoute, HttpError, requireSession } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProjectRepositoriesService } from './project-repositories.service';

/**
 * /projects/:id/code-hosting (GET, PUT, DELETE), .../repository, .../sync and .../conflict (GET,
 * POST); /github/webhook.
 */
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

  app.route(
    callRoute(ApiCalls.getProjectCodeHostingConflict, async (request) =>
      service.conflict(requireSession(request).user.id, request.params.id),
    ),
  );
  app.route(
    callRoute(ApiCalls.resolveProjectCodeHostingConflict, async (request) =>
      service.resolveConflict(requireSession(request).user.id, request.params.id, request.body),
    ),
  );

  // GitHub signs the bytes it sent: this route reads its body raw, in a scope of its own.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    raw.route(
      callRoute(ApiCalls.githubWebhook, async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-hub-signature-256'];
        const check = service.checkWebhook(
          body,
          typeof signature === 'string' ? signature : undefined,
        );
        if (check === 'disabled')
          throw new HttpError(404, 'This server takes no GitHub webhooks (GITHUB_WEBHOOK_SECRET).');
        if (check === 'unsigned')
          throw new HttpError(401, 'The webhook’s X-Hub-Signature-256 does not match.');
        const event = request.headers['x-github-event'];
        await service.webhook(typeof event === 'string' ? event : undefined, body);
        return reply.code(202).send({ ok: true as const });
      }),
    );
  });
};
