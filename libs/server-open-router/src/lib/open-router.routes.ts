import { ApiCalls } from '@mason/contract';
import { callRoute, requestOrigin, requireSession } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OpenRouterAccounts } from './open-router-accounts.service';

/** GET /open-router, GET /open-router/authorize-url, POST /open-router/access-code, /disconnect. */
export const openRouterRoutes: FastifyPluginAsyncZod<{ accounts: OpenRouterAccounts }> = async (
  app,
  { accounts },
) => {
  app.route(
    callRoute(ApiCalls.getOpenRouterIntegration, async (request) =>
      accounts.integration(requireSession(request).user.id),
    ),
  );
  app.route(
    callRoute(ApiCalls.getOpenRouterAuthorizeUrl, async (request) =>
      accounts.authorizeUrl(requireSession(request).user.id, requestOrigin(request)),
    ),
  );
  app.route(
    callRoute(ApiCalls.connectOpenRouter, async (request) =>
      accounts.connect(requireSession(request).user.id, request.body),
    ),
  );
  app.route(
    callRoute(ApiCalls.disconnectOpenRouter, async (request) => {
      await accounts.disconnect(requireSession(request).user.id);
      return { ok: true as const };
    }),
  );
};
