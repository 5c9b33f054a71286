import { ApiCalls } from '@mason/contract';
import type { Executor } from '@mason/server-db';
import { callRoute, requireSession } from '@mason/server-http';
import { findOwnedProject } from '@mason/server-projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { McpServers } from './mcp-servers.service';

export interface McpRoutesContext {
  readonly db: Executor;
  readonly servers: McpServers;
}

/**
 * GET/POST /mcp/servers, PATCH/DELETE /mcp/servers/:id, POST /:id/refresh, GET /:id/authorize-url,
 * PUT /:id/tools/:tool, POST /mcp/oauth/callback, GET/PUT /projects/:id/mcp.
 */
export const mcpRoutes: FastifyPluginAsyncZod<{ ctx: McpRoutesContext }> = async (
  app,
  { ctx: { db, servers } },
) => {
  app.route(
    callRoute(ApiCalls.getMcpServers, async (request) =>
      servers.list(requireSession(request).user.id),
    ),
  );
  app.route(
    callRoute(ApiCalls.createMcpServer, async (request, reply) => {
      const created = await servers.create(requireSession(request).user.id, request.body);
      return reply.status(201).send(created);
    }),
  );
  app.route(
    callRoute(ApiCalls.updateMcpServer, async (request) =>
      servers.update(requireSession(request).user.id, request.params.id, request.body),
    ),
  );
  app.route(
    callRoute(ApiCalls.deleteMcpServer, async (request) => {
      await servers.remove(requireSession(request).user.id, request.params.id);
      return { ok: true as const };
    }),
  );
  app.route(
    callRoute(ApiCalls.refreshMcpServer, async (request) =>
      servers.refresh(requireSession(request).user.id, request.params.id),
    ),
  );
  app.route(
    callRoute(ApiCalls.getMcpServerAuthorizeUrl, async (request) =>
      servers.authorizeUrl(requireSession(request).user.id, request.params.id),
    ),
  );
  app.route(
    callRoute(ApiCalls.setMcpToolPolicy, async (request) =>
      servers.setToolPolicy(
        requireSession(request).user.id,
        request.params.id,
        request.params.tool,
        request.body.policy,
      ),
    ),
  );
  app.route(
    callRoute(ApiCalls.completeMcpOauth, async (request) =>
      servers.completeOauth(requireSession(request).user.id, request.body),
    ),
  );
  app.route(
    callRoute(ApiCalls.getProjectMcp, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return servers.projectServers(user.id, project.id);
    }),
  );
  app.route(
    callRoute(ApiCalls.setProjectMcp, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return servers.setProjectServers(user.id, project.id, request.body.serverIds);
    }),
  );
};
