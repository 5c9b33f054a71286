import { ApiCalls } from '@mason/contract';
import { callRoute, requireSession } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CodeHostingService } from './code-hosting.service';

/** /github, /github/authorize-url, /github/access-code, /github/disconnect, /github/repositories. */
export const codeHostingRoutes: FastifyPluginAsyncZod<{ service: CodeHostingService }> = async (
  app,
  { service },
) => {
  app.route(
    callRoute(ApiCalls.getGithubIntegration, async (request) =>
      service.integration(requireSession(request).user.id),
    ),
  );

  app.route(
    callRoute(ApiCalls.getGithubAuthorizeUrl, async (request) =>
      service.authorizeUrl(requireSession(request).user.id, request.query.flow ?? 'DEFAULT'),
    ),
  );

  app.route(
    callRoute(ApiCalls.connectGithub, async (request) =>
      service.connect(requireSession(request).user.id, request.body),
    ),
  );

  app.route(
    callRoute(ApiCalls.disconnectGithub, async (request) => {
      await service.disconnect(requireSession(request).user.id);
      return { ok: true as const };
    }),
  );

  app.route(
    callRoute(ApiCalls.getGithubRepositories, async (request) =>
      service.repositories(
        requireSession(request).user.id,
        request.query.page ?? 1,
        request.query.query ?? null,
      ),
    ),
  );
};
