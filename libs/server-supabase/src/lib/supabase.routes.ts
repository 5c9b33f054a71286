import { ApiCalls } from '@mason/contract';
import { callRoute, requireSession } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SupabaseAccounts } from './supabase-accounts.service';

/** GET /supabase, GET /supabase/authorize-url, POST /supabase/access-code, /disconnect, GET /projects. */
export const supabaseRoutes: FastifyPluginAsyncZod<{ accounts: SupabaseAccounts }> = async (
  app,
  { accounts },
) => {
  app.route(
    callRoute(ApiCalls.getSupabaseIntegration, async (request) =>
      accounts.integration(requireSession(request).user.id),
    ),
  );
  app.route(
    callRoute(ApiCalls.getSupabaseAuthorizeUrl, async (request) =>
      accounts.authorizeUrl(requireSession(request).user.id),
    ),
  );
  app.route(
    callRoute(ApiCalls.connectSupabase, async (request) =>
      accounts.connect(requireSession(request).user.id, request.body),
    ),
  );
  app.route(
    callRoute(ApiCalls.disconnectSupabase, async (request) => {
      await accounts.disconnect(requireSession(request).user.id);
      return { ok: true as const };
    }),
  );
  app.route(
    callRoute(ApiCalls.getSupabaseProjects, async (request) => ({
      projects: await accounts.projects(requireSession(request).user.id),
    })),
  );
};
