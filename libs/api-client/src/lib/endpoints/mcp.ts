import {
  outsideToolsCallRoutes,
  type CreateMcpServerRequest,
  type McpOauthCallbackRequest,
  type McpServerResponse,
  type McpServersResponse,
  type McpToolPolicy,
  type OkResponse,
  type ProjectMcpResponse,
  type UpdateMcpServerRequest,
} from '@mason/contract';
import { type ApiBuilder, baseApi, toOk, whenOk } from '../api';
import { callRequest } from '../call-request';
import { LIST } from '../tags';
import type { ProjectArgs } from './project-code-hosting';

/** One of the person's MCP servers. */
export interface McpServerArgs {
  readonly serverId: string;
}

/** A new name, address or headers of one server (headers replace the old ones). */
export type UpdateMcpServerArgs = McpServerArgs & UpdateMcpServerRequest;

/** What the assistant may do with one tool of a server. */
export interface SetMcpToolPolicyArgs extends McpServerArgs {
  readonly tool: string;
  readonly policy: McpToolPolicy;
}

/** The servers this project's assistant may use (all others: not). */
export interface SetProjectMcpArgs extends ProjectArgs {
  readonly serverIds: readonly string[];
}

const LIST_TAG = { type: 'McpServer' as const, id: LIST };
const projectTagOf = (projectId: string) => ({ type: 'ProjectMcp' as const, id: projectId });

/**
 * The person's MCP servers (issue 35): their tools with a policy each (always, ask, never), the
 * OAuth of a server that signs in with it, and which servers each project's assistant may use.
 * A server's name appears in every project's list, so adding, renaming or removing one asks the
 * projects' lists again.
 */
export const mcpEndpoints = (build: ApiBuilder) => ({
  /** GET /mcp/servers: the servers in the order they were added, each with its tools. */
  getMcpServers: build.query<McpServersResponse, void>({
    query: () => callRequest(outsideToolsCallRoutes.getMcpServers),
    providesTags: (result) => [
      LIST_TAG,
      ...(result?.servers ?? []).map(({ id }) => ({ type: 'McpServer' as const, id })),
    ],
  }),
  /**
   * POST /mcp/servers: Mason connects and lists the tools; a refusal is a 400 at its field. With
   * `oauth`, the answer's `authorizeUrl` is where the browser goes next.
   */
  createMcpServer: build.mutation<McpServerResponse, CreateMcpServerRequest>({
    query: (body) => callRequest(outsideToolsCallRoutes.createMcpServer, { body }),
    invalidatesTags: whenOk(() => [LIST_TAG, 'ProjectMcp']),
  }),
  /** PATCH /mcp/servers/:id: its tools are listed again. */
  updateMcpServer: build.mutation<McpServerResponse, UpdateMcpServerArgs>({
    query: ({ serverId, ...body }) =>
      callRequest(outsideToolsCallRoutes.updateMcpServer, { params: { id: serverId }, body }),
    async onQueryStarted(_args, { dispatch, queryFulfilled }) {
      const answer = await queryFulfilled.catch(() => null);
      if (answer)
        dispatch(mcpApi.util.updateQueryData('getMcpServers', undefined, putServer(answer.data)));
    },
    invalidatesTags: whenOk(() => ['ProjectMcp']),
  }),
  /** DELETE /mcp/servers/:id: its secrets and tokens are forgotten; no project uses it any more. */
  deleteMcpServer: build.mutation<OkResponse, McpServerArgs>({
    query: ({ serverId }) =>
      callRequest(outsideToolsCallRoutes.deleteMcpServer, { params: { id: serverId } }),
    transformResponse: toOk,
    invalidatesTags: whenOk(() => [LIST_TAG, 'ProjectMcp']),
  }),
  /** POST /mcp/servers/:id/refresh: a failure to list is the answer's `lastError`, not an error. */
  refreshMcpServer: build.mutation<McpServerResponse, McpServerArgs>({
    query: ({ serverId }) =>
      callRequest(outsideToolsCallRoutes.refreshMcpServer, { params: { id: serverId } }),
    async onQueryStarted(_args, { dispatch, queryFulfilled }) {
      const answer = await queryFulfilled.catch(() => null);
      if (answer)
        dispatch(mcpApi.util.updateQueryData('getMcpServers', undefined, putServer(answer.data)));
    },
  }),
  /** GET /mcp/servers/:id/authorize-url: a fresh state each time, so it is never kept. */
  getMcpServerAuthorizeUrl: build.query<McpServerResponse, McpServerArgs>({
    query: ({ serverId }) =>
      callRequest(outsideToolsCallRoutes.getMcpServerAuthorizeUrl, { params: { id: serverId } }),
    keepUnusedDataFor: 0,
  }),
  /** PUT /mcp/servers/:id/tools/:tool: the answer is the server, with the tool's new policy. */
  setMcpToolPolicy: build.mutation<McpServerResponse, SetMcpToolPolicyArgs>({
    query: ({ serverId, tool, policy }) =>
      callRequest(outsideToolsCallRoutes.setMcpToolPolicy, {
        params: { id: serverId, tool },
        body: { policy },
      }),
    async onQueryStarted({ serverId, tool, policy }, { dispatch, queryFulfilled }) {
      // The choice shows at once; a refusal puts the old one back (and its toast says why). Only
      // the newest choice of a tool settles it: an older answer arriving late (arrow keys move
      // fast) neither overwrites nor undoes it.
      const key = `${serverId}\n${tool}`;
      policyChoiceCount += 1;
      const mine = policyChoiceCount;
      policyChoices.set(key, mine);
      const patch = dispatch(
        mcpApi.util.updateQueryData('getMcpServers', undefined, (draft) => {
          const found = draft.servers
            .find(({ id }) => id === serverId)
            ?.tools.find(({ name }) => name === tool);
          if (found) found.policy = policy;
        }),
      );
      const answer = await queryFulfilled.catch(() => null);
      if (policyChoices.get(key) !== mine) return;
      if (answer)
        dispatch(mcpApi.util.updateQueryData('getMcpServers', undefined, putServer(answer.data)));
      else patch.undo();
    },
  }),
  /** POST /mcp/oauth/callback: what /mcp/callback received; the server's tools are listed. */
  completeMcpOauth: build.mutation<McpServerResponse, McpOauthCallbackRequest>({
    query: (body) => callRequest(outsideToolsCallRoutes.completeMcpOauth, { body }),
    invalidatesTags: whenOk(() => [LIST_TAG]),
  }),
  /** GET /projects/:id/mcp: each of the person's servers and whether this project may use it. */
  getProjectMcp: build.query<ProjectMcpResponse, ProjectArgs>({
    query: ({ projectId }) =>
      callRequest(outsideToolsCallRoutes.getProjectMcp, { params: { id: projectId } }),
    providesTags: (_result, _error, { projectId }) => [projectTagOf(projectId)],
  }),
  /** PUT /projects/:id/mcp: the answer is the project's list as GET answers it. */
  setProjectMcp: build.mutation<ProjectMcpResponse, SetProjectMcpArgs>({
    query: ({ projectId, serverIds }) =>
      callRequest(outsideToolsCallRoutes.setProjectMcp, {
        params: { id: projectId },
        body: { serverIds: [...serverIds] },
      }),
    async onQueryStarted({ projectId, serverIds }, { dispatch, queryFulfilled }) {
      // As a tool's policy: shown at once, and only the newest choice's answer settles it.
      policyChoiceCount += 1;
      const mine = policyChoiceCount;
      projectChoices.set(projectId, mine);
      const allowed = new Set(serverIds);
      const patch = dispatch(
        mcpApi.util.updateQueryData('getProjectMcp', { projectId }, (draft) => {
          for (const server of draft.servers) server.allowed = allowed.has(server.serverId);
        }),
      );
      const answer = await queryFulfilled.catch(() => null);
      if (projectChoices.get(projectId) !== mine) return;
      if (answer)
        dispatch(
          mcpApi.util.upsertQueryEntries([
            { endpointName: 'getProjectMcp', arg: { projectId }, value: answer.data },
          ]),
        );
      else patch.undo();
    },
  }),
});

/** The newest policy choice sent for each tool (by server and tool): only its answer counts. */
const policyChoices = new Map<string, number>();
/** The newest choice of servers sent for each project. */
const projectChoices = new Map<string, number>();
let policyChoiceCount = 0;

/** Puts the server a call answered into the list, in place (the list is not asked again). */
const putServer =
  ({ server }: McpServerResponse) =>
  (draft: McpServersResponse) => {
    const index = draft.servers.findIndex(({ id }) => id === server.id);
    if (index >= 0) draft.servers[index] = server;
  };

/** The MCP endpoints, injected into the one API slice when this module loads. */
export const mcpApi = baseApi.injectEndpoints({ endpoints: mcpEndpoints });

export const {
  useGetMcpServersQuery,
  useLazyGetMcpServersQuery,
  useCreateMcpServerMutation,
  useUpdateMcpServerMutation,
  useDeleteMcpServerMutation,
  useRefreshMcpServerMutation,
  useLazyGetMcpServerAuthorizeUrlQuery,
  useSetMcpToolPolicyMutation,
  useCompleteMcpOauthMutation,
  useGetProjectMcpQuery,
  useSetProjectMcpMutation,
} = mcpApi;
