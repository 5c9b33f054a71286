// Public API of @mason/server-mcp: name every export.
export { guardedFetch, RedirectRefused } from './lib/guarded-fetch';
export type { GuardedFetch, GuardedFetchFn, GuardedFetchOptions } from './lib/guarded-fetch';
export {
  connectMcp,
  MCP_CALL_TIMEOUT_MS,
  MCP_MAX_TOOLS,
  MCP_TIMEOUT_MS,
  McpUnreachable,
} from './lib/mcp-connection';
export type {
  McpConnection,
  McpConnectOptions,
  McpFailure,
  McpServerTarget,
} from './lib/mcp-connection';
export {
  MCP_REDIRECT_PATH,
  MCP_REFRESH_MARGIN_MS,
  MCP_STATE_LIFETIME_MS,
  McpMessages,
  McpServers,
} from './lib/mcp-servers.service';
export type { McpServersOptions, SecretSealer } from './lib/mcp-servers.service';
export type { ProjectMcpTool, ProjectMcpToolset } from './lib/mcp-toolset';
export { mcpRoutes } from './lib/mcp.routes';
export type { McpRoutesContext } from './lib/mcp.routes';
export { MCP_RESULT_MAX_CHARS } from './lib/tool-result';
export type { McpToolResult } from './lib/tool-result';
