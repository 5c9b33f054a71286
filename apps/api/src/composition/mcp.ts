import { McpServers } from '@mason/server-mcp';
import type { TaskLoop } from '@mason/server-tasks';
import type { AppContext } from '../app-context';

/**
 * People's MCP servers: their headers and tokens sealed with the server key, authorization
 * servers sending people back to PUBLIC_URL's /mcp/callback, and loopback reachable only with
 * MCP_ALLOW_LOOPBACK (tests).
 */
export function mcpServers(ctx: AppContext): McpServers {
  return new McpServers({
    db: ctx.db,
    secrets: ctx.secrets,
    publicUrl: ctx.config.publicUrl,
    connect: { allowLoopback: ctx.config.mcpAllowLoopback },
  });
}

/**
 * The turns' port on them: a project's toolset as the assistant's outside tools (an ASK tool
 * needs the person's approval), and the policy an approval's "always" or "never" sets.
 */
export function mcpForTurns(servers: McpServers): Parameters<TaskLoop['useMcp']>[0] {
  return {
    async open(userId, projectId) {
      const toolset = await servers.openProjectToolset(userId, projectId);
      return {
        tools: {
          tools: toolset.tools.map((tool) => ({
            server: { id: tool.serverId, name: tool.serverName },
            tool: tool.name,
            description: tool.description,
            inputSchema: tool.inputSchema,
            needsApproval: tool.policy === 'ASK',
          })),
          call: (tool, args, signal) => toolset.call(tool.server.id, tool.tool, args, signal),
        },
        unreachable: toolset.unreachable,
        close: () => toolset.close(),
      };
    },
    async setPolicy(userId, serverId, tool, policy) {
      await servers.setToolPolicy(userId, serverId, tool, policy);
    },
  };
}
