import { HttpResponse } from 'msw';
import type {
  CreateMcpServerRequest,
  McpServer,
  McpToolPolicy,
  UpdateMcpServerRequest,
} from '@mason/contract';
import {
  anMcpServer,
  apiErrorBody,
  FIXTURE_NOW,
  MCP_TOOLS,
  mockEndpoint,
} from '@mason/api-client/testing';

export interface McpFakeOptions {
  /** The person's servers to start with (default: linear, three tools). */
  servers?: McpServer[];
  /** The ids of the servers each project may use. */
  allowed?: Record<string, string[]>;
  /** The names of the tools a server lists once it is reached (default: the fixture's three). */
  toolsOnceReached?: McpServer['tools'];
  /** Listing a server's tools again fails with this lastError (null: it works). */
  refreshError?: string | null;
}

/** The server's words for a state it does not know, or one already used (libs/server-mcp). */
export const MCP_BAD_STATE_MESSAGE =
  'This sign-in link has expired or was already used. Authorize the server again from MCP servers.';

const refuse = (status: number, message: string, fieldErrors?: Record<string, string>) =>
  HttpResponse.json(apiErrorBody(status, { message, ...(fieldErrors ? { fieldErrors } : {}) }), {
    status,
  });

/**
 * The person's MCP servers on a fake server, for specs and stories, as the server keeps them:
 * POST adds one (a name taken, or an address on a private network, is a 400 at its field; an
 * OAuth server waits for its sign-in and answers the authorize URL with a fresh state), PATCH
 * renames or changes one, DELETE removes it (and from every project), PUT .../tools/:tool sets
 * a policy (404 for a tool not listed), POST .../refresh lists the tools again (or records
 * `refreshError`), the OAuth callback takes a state it handed out once, and each project's list
 * says which servers it may use. Every call is recorded.
 */
export function mcpFake({
  servers = [anMcpServer()],
  allowed = {},
  toolsOnceReached = [...MCP_TOOLS],
  refreshError = null,
}: McpFakeOptions = {}) {
  const state = {
    servers: servers.map((server) => ({ ...server, tools: [...server.tools] })),
    allowed: Object.fromEntries(
      Object.entries(allowed).map(([projectId, ids]) => [projectId, new Set(ids)]),
    ) as Record<string, Set<string>>,
    refreshError,
    created: [] as CreateMcpServerRequest[],
    updated: [] as (UpdateMcpServerRequest & { id: string })[],
    deleted: [] as string[],
    refreshed: [] as string[],
    policies: [] as { id: string; tool: string; policy: McpToolPolicy }[],
    /** OAuth states handed out (authorize URLs), by state: the server's id. */
    states: new Map<string, string>(),
    exchanges: [] as { state: string; code: string }[],
    projectSets: [] as { projectId: string; serverIds: string[] }[],
  };
  let issued = 0;
  let nextId = servers.length + 1;

  const find = (id: string | undefined) => state.servers.find((server) => server.id === id);
  const authorizeUrlFor = (server: McpServer) => {
    issued += 1;
    const value = `mcp-state-${issued}`;
    state.states.set(value, server.id);
    const origin = new URL(server.url).origin;
    return `${origin}/authorize?client_id=mason&state=${value}&code_challenge=challenge-${issued}`;
  };
  const answer = (server: McpServer) => ({
    server,
    authorizeUrl:
      server.authKind === 'OAUTH' && !server.authorized ? authorizeUrlFor(server) : null,
  });
  const replace = (server: McpServer) => {
    state.servers = state.servers.map((candidate) =>
      candidate.id === server.id ? server : candidate,
    );
    return server;
  };
  const nameTaken = (name: string, except?: string) =>
    state.servers.some((server) => server.name === name && server.id !== except);
  const privateAddress = (url: string) =>
    /^(localhost|127\.|10\.|192\.168\.|169\.254\.)/.test(new URL(url).hostname);
  const notFound = () => refuse(404, 'This MCP server is not one of yours.');
  const projectList = (projectId: string) => ({
    servers: state.servers.map((server) => ({
      serverId: server.id,
      name: server.name,
      allowed: state.allowed[projectId]?.has(server.id) ?? false,
    })),
  });

  const handlers = [
    mockEndpoint('getMcpServers', () => ({ servers: state.servers })),
    mockEndpoint('createMcpServer', ({ body }) => {
      const request = body as CreateMcpServerRequest;
      state.created.push(request);
      if (nameTaken(request.name))
        return refuse(400, `You already have a server named ${request.name}.`, {
          name: `You already have a server named ${request.name}.`,
        });
      if (privateAddress(request.url))
        return refuse(400, 'That address is on a private network, which Mason does not reach.', {
          url: 'That address is on a private network, which Mason does not reach.',
        });
      const headers = request.headers ?? [];
      const server = anMcpServer({
        id: `mcp-${nextId}`,
        name: request.name,
        url: request.url,
        authKind: request.oauth ? 'OAUTH' : headers.length > 0 ? 'HEADERS' : 'NONE',
        headerNames: headers.map(({ name }) => name),
        authorized: !request.oauth,
        tools: request.oauth ? [] : toolsOnceReached,
        toolsListedAt: request.oauth ? null : FIXTURE_NOW,
        createdAt: FIXTURE_NOW,
      });
      nextId += 1;
      state.servers = [...state.servers, server];
      return answer(server);
    }),
    mockEndpoint('updateMcpServer', ({ params, body }) => {
      const request = body as UpdateMcpServerRequest;
      const server = find(params['id']);
      state.updated.push({ id: params['id'] ?? '', ...request });
      if (!server) return notFound();
      if (request.name && nameTaken(request.name, server.id))
        return refuse(400, `You already have a server named ${request.name}.`, {
          name: `You already have a server named ${request.name}.`,
        });
      const headers = request.headers;
      return answer(
        replace({
          ...server,
          ...(request.name ? { name: request.name } : {}),
          ...(request.url ? { url: request.url } : {}),
          ...(headers && server.authKind !== 'OAUTH'
            ? {
                headerNames: headers.map(({ name }) => name),
                authKind: headers.length > 0 ? 'HEADERS' : 'NONE',
              }
            : {}),
          toolsListedAt: FIXTURE_NOW,
        }),
      );
    }),
    mockEndpoint('deleteMcpServer', ({ params }) => {
      const id = params['id'] ?? '';
      state.deleted.push(id);
      if (!find(id)) return notFound();
      state.servers = state.servers.filter((server) => server.id !== id);
      for (const ids of Object.values(state.allowed)) ids.delete(id);
      return { ok: true as const };
    }),
    mockEndpoint('refreshMcpServer', ({ params }) => {
      const server = find(params['id']);
      state.refreshed.push(params['id'] ?? '');
      if (!server) return notFound();
      return answer(
        replace(
          state.refreshError
            ? { ...server, lastError: state.refreshError }
            : {
                ...server,
                lastError: null,
                tools: server.tools.length > 0 ? server.tools : toolsOnceReached,
                toolsListedAt: FIXTURE_NOW,
              },
        ),
      );
    }),
    mockEndpoint('getMcpServerAuthorizeUrl', ({ params }) => {
      const server = find(params['id']);
      if (!server) return notFound();
      if (server.authKind !== 'OAUTH')
        return refuse(409, `${server.name} does not sign in with OAuth.`);
      return { server, authorizeUrl: authorizeUrlFor(server) };
    }),
    mockEndpoint('setMcpToolPolicy', ({ params, body }) => {
      const { policy } = body as { policy: McpToolPolicy };
      const server = find(params['id']);
      const tool = params['tool'] ?? '';
      state.policies.push({ id: params['id'] ?? '', tool, policy });
      if (!server) return notFound();
      if (!server.tools.some(({ name }) => name === tool))
        return refuse(404, `${server.name} did not list a tool named ${tool}.`);
      return answer(
        replace({
          ...server,
          tools: server.tools.map((candidate) =>
            candidate.name === tool ? { ...candidate, policy } : candidate,
          ),
        }),
      );
    }),
    mockEndpoint('completeMcpOauth', ({ body }) => {
      const request = body as { state: string; code: string };
      state.exchanges.push(request);
      const id = state.states.get(request.state);
      const server = find(id);
      if (!server) return refuse(400, MCP_BAD_STATE_MESSAGE);
      state.states.delete(request.state);
      return answer(
        replace({
          ...server,
          authorized: true,
          lastError: null,
          tools: server.tools.length > 0 ? server.tools : toolsOnceReached,
          toolsListedAt: FIXTURE_NOW,
        }),
      );
    }),
    mockEndpoint('getProjectMcp', ({ params }) => projectList(params['id'] ?? '')),
    mockEndpoint('setProjectMcp', ({ params, body }) => {
      const projectId = params['id'] ?? '';
      const { serverIds } = body as { serverIds: string[] };
      state.projectSets.push({ projectId, serverIds });
      const unknown = serverIds.find((id) => !find(id));
      if (unknown) return refuse(400, `${unknown} is not one of your MCP servers.`);
      state.allowed[projectId] = new Set(serverIds);
      return projectList(projectId);
    }),
  ];
  return {
    state,
    handlers,
    /** A state the fake handed out for `serverId`, as if the person had pressed Authorize. */
    issueState(serverId: string, value = 'issued-state') {
      state.states.set(value, serverId);
      return value;
    },
  };
}
