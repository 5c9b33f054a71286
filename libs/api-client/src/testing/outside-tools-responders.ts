import type {
  CreateMcpServerRequest,
  McpServer,
  SetMcpToolPolicyRequest,
  SetProjectMcpRequest,
  UpdateMcpServerRequest,
} from '@mason/contract';
import { HttpResponse } from 'msw';
import {
  anMcpServer,
  anOpenRouterIntegration,
  FIXTURE_TIME,
  MCP_AUTHORIZE_URL,
  MCP_TOOLS,
  OPEN_ROUTER_AUTHORIZE_URL,
} from './fixtures';
import { apiErrorBody, type FakeResponder } from './handlers';

/** The endpoints of MCP servers and of the person's OpenRouter account (issue 35). */
type OutsideToolsEndpoint =
  | 'getMcpServers'
  | 'createMcpServer'
  | 'updateMcpServer'
  | 'deleteMcpServer'
  | 'refreshMcpServer'
  | 'getMcpServerAuthorizeUrl'
  | 'setMcpToolPolicy'
  | 'completeMcpOauth'
  | 'getProjectMcp'
  | 'setProjectMcp'
  | 'getOpenRouterIntegration'
  | 'disconnectOpenRouter'
  | 'getOpenRouterAuthorizeUrl'
  | 'connectOpenRouter';

const ok = { ok: true } as const;

/** The server a POST /mcp/servers makes: OAuth ones wait for their sign-in, others list tools. */
export function mcpServerFor(request: CreateMcpServerRequest, id = 'mcp-2'): McpServer {
  const headers = request.headers ?? [];
  return anMcpServer({
    id,
    name: request.name,
    url: request.url,
    authKind: request.oauth ? 'OAUTH' : headers.length > 0 ? 'HEADERS' : 'NONE',
    headerNames: headers.map(({ name }) => name),
    authorized: !request.oauth,
    tools: request.oauth ? [] : [...MCP_TOOLS],
    toolsListedAt: request.oauth ? null : FIXTURE_TIME,
    createdAt: FIXTURE_TIME,
  });
}

/**
 * What the MCP and OpenRouter endpoints answer by default: one MCP server (linear, an API key
 * header, three tools: always, ask, never) that no project may use yet, and no OpenRouter
 * account. A stateful fake (the integrations' test-utils) remembers what each call changed.
 */
export const OUTSIDE_TOOLS_RESPONDERS: {
  readonly [Name in OutsideToolsEndpoint]: FakeResponder<Name>;
} = {
  getMcpServers: () => ({ servers: [anMcpServer()] }),
  createMcpServer: ({ body }) => {
    const server = mcpServerFor(body as CreateMcpServerRequest);
    return { server, authorizeUrl: server.authorized ? null : MCP_AUTHORIZE_URL };
  },
  updateMcpServer: ({ params, body }) => {
    const { name, url, headers } = body as UpdateMcpServerRequest;
    return {
      server: anMcpServer({
        id: params['id'],
        ...(name ? { name } : {}),
        ...(url ? { url } : {}),
        ...(headers
          ? {
              headerNames: headers.map((header) => header.name),
              authKind: headers.length > 0 ? 'HEADERS' : 'NONE',
            }
          : {}),
      }),
      authorizeUrl: null,
    };
  },
  deleteMcpServer: () => ok,
  refreshMcpServer: ({ params }) => ({
    server: anMcpServer({ id: params['id'] }),
    authorizeUrl: null,
  }),
  getMcpServerAuthorizeUrl: ({ params }) => ({
    server: anMcpServer({
      id: params['id'],
      authKind: 'OAUTH',
      headerNames: [],
      authorized: false,
      tools: [],
      toolsListedAt: null,
    }),
    authorizeUrl: MCP_AUTHORIZE_URL,
  }),
  setMcpToolPolicy: ({ params, body }) => {
    const { policy } = body as SetMcpToolPolicyRequest;
    const server = anMcpServer({ id: params['id'] });
    if (!server.tools.some(({ name }) => name === params['tool']))
      return HttpResponse.json(
        apiErrorBody(404, { message: `This server did not list a tool named ${params['tool']}.` }),
        { status: 404 },
      );
    return {
      server: {
        ...server,
        tools: server.tools.map((tool) =>
          tool.name === params['tool'] ? { ...tool, policy } : tool,
        ),
      },
      authorizeUrl: null,
    };
  },
  completeMcpOauth: () => ({
    server: anMcpServer({ authKind: 'OAUTH', headerNames: [], authorized: true }),
    authorizeUrl: null,
  }),
  getProjectMcp: () => ({ servers: [{ serverId: 'mcp-1', name: 'linear', allowed: false }] }),
  setProjectMcp: ({ body }) => {
    const { serverIds } = body as SetProjectMcpRequest;
    const unknown = serverIds.find((id) => id !== 'mcp-1');
    if (unknown)
      return HttpResponse.json(
        apiErrorBody(400, { message: `${unknown} is not one of your MCP servers.` }),
        { status: 400 },
      );
    return {
      servers: [{ serverId: 'mcp-1', name: 'linear', allowed: serverIds.includes('mcp-1') }],
    };
  },
  getOpenRouterIntegration: () => anOpenRouterIntegration(null),
  disconnectOpenRouter: () => ok,
  getOpenRouterAuthorizeUrl: () => ({ url: OPEN_ROUTER_AUTHORIZE_URL }),
  connectOpenRouter: () => anOpenRouterIntegration(),
};
