import { ApiRoutes } from '../routes';
import type { CallRoute } from './call-spec';

/**
 * What a client needs to send each call: method, path, time-out. The MCP and OpenRouter calls'
 * entries in the table spread these. This module imports no schema: a browser's endpoints name
 * their calls by these without loading zod.
 */
export const outsideToolsCallRoutes = {
  getMcpServers: { method: 'GET', path: ApiRoutes.mcpServers },
  createMcpServer: { method: 'POST', path: ApiRoutes.mcpServers },
  updateMcpServer: { method: 'PATCH', path: ApiRoutes.mcpServer },
  deleteMcpServer: { method: 'DELETE', path: ApiRoutes.mcpServer },
  refreshMcpServer: { method: 'POST', path: ApiRoutes.mcpServerRefresh },
  getMcpServerAuthorizeUrl: { method: 'GET', path: ApiRoutes.mcpServerAuthorizeUrl },
  setMcpToolPolicy: { method: 'PUT', path: ApiRoutes.mcpServerTool },
  completeMcpOauth: { method: 'POST', path: ApiRoutes.mcpOauthCallback },
  getProjectMcp: { method: 'GET', path: ApiRoutes.projectMcp },
  setProjectMcp: { method: 'PUT', path: ApiRoutes.projectMcp },
  getOpenRouterIntegration: { method: 'GET', path: ApiRoutes.openRouter },
  disconnectOpenRouter: { method: 'POST', path: ApiRoutes.openRouterDisconnect },
  getOpenRouterAuthorizeUrl: { method: 'GET', path: ApiRoutes.openRouterAuthorizeUrl },
  connectOpenRouter: { method: 'POST', path: ApiRoutes.openRouterAccessCode },
} as const satisfies Record<string, CallRoute>;
