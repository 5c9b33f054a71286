import { createHash } from 'node:crypto';
import {
  type CreateMcpServerRequest,
  ID_NOT_FOUND_MESSAGES,
  type McpHeader,
  type McpOauthCallbackRequest,
  type McpServer,
  type McpServerResponse,
  type McpServersResponse,
  type McpToolPolicy,
  type ProjectMcpResponse,
  type UpdateMcpServerRequest,
} from '@mason/contract';
import { type Executor, isUuid, type McpListedTool, type McpServerRow } from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { guardedFetch } from './guarded-fetch';
import {
  connectMcp,
  type McpConnection,
  type McpConnectOptions,
  type McpServerTarget,
  McpUnreachable,
  mcpUnreachable,
} from './mcp-connection';
import { McpOauthProvider, type StoredOauth } from './mcp-oauth-provider';
import {
  allowedServers,
  deleteServer,
  findServer,
  insertServer,
  listingChanges,
  listServers,
  nameTaken,
  type NewServer,
  policiesOf,
  projectServerIds,
  saveOauthState,
  savePolicy,
  type ServerChanges,
  setProjectServers,
  takeOauthState,
  updateServer,
} from './mcp.repository';
import { assembleToolset, NOT_IN_TOOLSET, type ProjectMcpToolset } from './mcp-toolset';

/** Seals and opens secrets at rest (server-projects' SecretBox under MASON_SECRET_KEY). */
export interface SecretSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

export interface McpServersOptions {
  readonly db: Executor;
  readonly secrets: SecretSealer;
  /** Mason's web app (PUBLIC_URL): authorization servers send the person back to /mcp/callback. */
  readonly publicUrl: string;
  /** How servers are reached: MCP_ALLOW_LOOPBACK, and tests' own lookup and time-outs. */
  readonly connect?: McpConnectOptions;
}

/** The screen authorization servers send people back to (SPEC.md's /mcp/callback). */
export const MCP_REDIRECT_PATH = '/mcp/callback';
/** How long an authorize URL's state may come back. */
export const MCP_STATE_LIFETIME_MS = 15 * 60 * 1000;
/** An access token this close to expiring is refreshed before the server is used. */
export const MCP_REFRESH_MARGIN_MS = 60_000;

export const McpMessages = {
  nameTaken: 'You already have a server of that name.',
  notFound: ID_NOT_FOUND_MESSAGES.mcpServer,
  toolNotFound: 'That tool is not one this server listed. List its tools again.',
  notOauth: 'This server does not sign in with OAuth.',
  oauthTakesNoHeaders: 'A server that signs in with OAuth takes no headers.',
  badState: 'This sign-in link has expired or was already used. Authorize the server again.',
  codeRefused: (host: string) => `${host} did not accept the sign-in. Authorize the server again.`,
  signInFirst: (host: string) => `Authorize Mason at ${host} first.`,
  notYours: 'That MCP server is not one of yours.',
  notInToolset: NOT_IN_TOOLSET,
} as const;

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');
const hostOf = (url: string) => new URL(url).host;
const invalid = (field: string, message: string) =>
  new RuleViolation('invalid', message, { [field]: message });
const headerRecord = (headers: readonly McpHeader[]) =>
  Object.fromEntries(headers.map((header) => [header.name, header.value]));

/** The start of an OAuth server's sign-in: its tools (it let Mason in without), or the flow. */
type OauthStart =
  | { readonly tools: McpListedTool[]; readonly provider: null }
  | { readonly tools: null; readonly provider: McpOauthProvider };

/**
 * A person's MCP servers (issue 35 §1): added by address with headers (sealed) or OAuth 2.1 (the
 * SDK's auth() with PKCE and dynamic client registration; registration and tokens sealed, the
 * verifier bound to the person and the server by a one-time state, tokens refreshed before they
 * expire); their tools listed, a policy per tool (ASK unless set); the servers each project may
 * use; and a turn's toolset over those servers.
 */
export class McpServers {
  constructor(private readonly options: McpServersOptions) {}

  private get db(): Executor {
    return this.options.db;
  }

  private get connectOptions(): McpConnectOptions {
    return this.options.connect ?? {};
  }

  private redirectUrl(): string {
    return new URL(MCP_REDIRECT_PATH, this.options.publicUrl).toString();
  }

  private headersOf(row: McpServerRow): McpHeader[] {
    return row.sealedHeaders
      ? (JSON.parse(this.options.secrets.open(row.sealedHeaders)) as McpHeader[])
      : [];
  }

  private oauthOf(row: McpServerRow): StoredOauth {
    return row.sealedOauth
      ? (JSON.parse(this.options.secrets.open(row.sealedOauth)) as StoredOauth)
      : {};
  }

  private sealOauth(provider: McpOauthProvider): Pick<NewServer, 'sealedOauth' | 'oauthExpiresAt'> {
    return {
      sealedOauth: this.options.secrets.seal(JSON.stringify(provider.stored)),
      oauthExpiresAt: provider.expiresAt,
    };
  }

  private answer(row: McpServerRow, policies?: ReadonlyMap<string, McpToolPolicy>): McpServer {
    return {
      id: row.id,
      name: row.name,
      url: row.url,
      authKind: row.authKind,
      headerNames: this.headersOf(row).map((header) => header.name),
      authorized: row.authKind !== 'OAUTH' || this.oauthOf(row).tokens !== undefined,
      tools: row.tools.map((tool) => ({
        name: tool.name,
        title: tool.title ?? null,
        description: tool.description ?? '',
        inputSchema: tool.inputSchema as McpServer['tools'][number]['inputSchema'],
        policy: policies?.get(tool.name) ?? 'ASK',
      })),
      toolsListedAt: row.toolsListedAt?.toISOString() ?? null,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
    };
  }

  private async respond(row: McpServerRow, authorizeUrl: string | null = null) {
    const policies = await policiesOf(this.db, [row.id]);
    return { server: this.answer(row, policies.get(row.id)), authorizeUrl };
  }

  private async ownRow(userId: string, serverId: string): Promise<McpServerRow> {
    const row = isUuid(serverId) ? await findServer(this.db, userId, serverId) : null;
    if (!row) throw new RuleViolation('not-found', McpMessages.notFound);
    return row;
  }

  /** Signs in to an OAuth server, each change of its tokens stored at once. */
  private providerFor(row: McpServerRow, fresh = false): McpOauthProvider {
    return new McpOauthProvider(this.oauthOf(row), {
      redirectUrl: this.redirectUrl(),
      expiresAt: row.oauthExpiresAt,
      fresh,
      onChange: async (provider) => {
        await updateServer(this.db, row.userId, row.id, this.sealOauth(provider));
      },
    });
  }

  /** Runs the SDK's auth() for an OAuth server through the guarded fetch. */
  private async runAuth(
    url: string,
    provider: McpOauthProvider,
    authorizationCode?: string,
  ): Promise<'AUTHORIZED' | 'REDIRECT'> {
    const guarded = guardedFetch(this.connectOptions);
    try {
      return await auth(provider, {
        serverUrl: url,
        fetchFn: guarded.fetch,
        ...(authorizationCode === undefined ? {} : { authorizationCode }),
      });
    } finally {
      await guarded.close();
    }
  }

  /** Connects to a stored server with its headers or its tokens (refreshed first when due). */
  private async connectRow(row: McpServerRow): Promise<McpConnection> {
    if (row.authKind !== 'OAUTH')
      return connectMcp(
        { url: row.url, headers: headerRecord(this.headersOf(row)) },
        this.connectOptions,
      );
    const provider = this.providerFor(row);
    const host = hostOf(row.url);
    if (!provider.authorized)
      throw new McpUnreachable(McpMessages.signInFirst(host), 'credentials');
    const expiresAt = provider.expiresAt;
    if (expiresAt && expiresAt.getTime() - MCP_REFRESH_MARGIN_MS <= Date.now()) {
      // auth() with a refresh token refreshes (and stores the rotated one); a refused refresh
      // token is dropped and the person has to sign in again.
      await this.runAuth(row.url, provider).catch((error: unknown) => {
        throw mcpUnreachable(host, error);
      });
      if (!provider.authorized)
        throw new McpUnreachable(McpMessages.signInFirst(host), 'credentials');
    }
    return connectMcp({ url: row.url, authProvider: provider }, this.connectOptions);
  }

  private async listWith(target: McpServerTarget): Promise<McpListedTool[]> {
    const connection = await connectMcp(target, this.connectOptions);
    try {
      return await connection.tools();
    } finally {
      await connection.close();
    }
  }

  /** Lists a server that is not stored yet; refused at `url` when it cannot be. */
  private async listNew(url: string, headers: readonly McpHeader[]): Promise<McpListedTool[]> {
    try {
      return await this.listWith({ url, headers: headerRecord(headers) });
    } catch (error) {
      if (error instanceof McpUnreachable) throw invalid('url', error.message);
      throw error;
    }
  }

  /** Connects to a new OAuth server: a 401 starts the SDK's authorization (discovery, DCR, PKCE). */
  private async beginOauth(url: string): Promise<OauthStart> {
    const provider = new McpOauthProvider({}, { redirectUrl: this.redirectUrl() });
    try {
      return { tools: await this.listWith({ url, authProvider: provider }), provider: null };
    } catch (error) {
      if (!(error instanceof McpUnreachable)) throw error;
      if (!provider.authorizationUrl) throw invalid('url', error.message);
      return { tools: null, provider };
    }
  }

  /** Keeps the state and verifier of the authorization the provider started; its URL. */
  private async keepAuthorization(
    db: Executor,
    userId: string,
    serverId: string,
    provider: McpOauthProvider,
  ): Promise<string> {
    const { authorizationUrl, authorizationState, newCodeVerifier } = provider;
    if (!authorizationUrl || !authorizationState || !newCodeVerifier)
      throw new Error('The MCP SDK started no authorization.');
    await saveOauthState(db, {
      stateHash: hashOf(authorizationState),
      userId,
      serverId,
      sealedVerifier: this.options.secrets.seal(newCodeVerifier),
      expiresAt: new Date(Date.now() + MCP_STATE_LIFETIME_MS),
    });
    return authorizationUrl.toString();
  }

  /** The server's columns for a start of OAuth: signed in without, or waiting for the person. */
  private oauthColumns(start: OauthStart) {
    if (start.provider === null)
      return {
        authKind: 'NONE' as const,
        sealedHeaders: null,
        sealedOauth: null,
        oauthExpiresAt: null,
        ...listingChanges(start.tools),
      };
    return {
      authKind: 'OAUTH' as const,
      sealedHeaders: null,
      ...this.sealOauth(start.provider),
      tools: [],
      toolsListedAt: null,
      lastError: null,
    };
  }

  /** Lists a stored server again: its tools, or why it could not (lastError). */
  private async relist(row: McpServerRow): Promise<McpServerRow> {
    let changes: ServerChanges;
    try {
      const connection = await this.connectRow(row);
      try {
        changes = listingChanges(await connection.tools());
      } finally {
        await connection.close();
      }
    } catch (error) {
      if (!(error instanceof McpUnreachable)) throw error;
      changes = { lastError: error.message };
    }
    return (await updateServer(this.db, row.userId, row.id, changes)) ?? row;
  }

  async list(userId: string): Promise<McpServersResponse> {
    const rows = await listServers(this.db, userId);
    const policies = await policiesOf(
      this.db,
      rows.map((row) => row.id),
    );
    return { servers: rows.map((row) => this.answer(row, policies.get(row.id))) };
  }

  /**
   * Adds a server: it is connected to and its tools listed first (refused at `url` when that
   * fails, nothing stored). With `oauth`, its 401 starts the sign-in: the server is stored
   * waiting for it, and the answer carries the authorize URL.
   */
  async create(userId: string, request: CreateMcpServerRequest): Promise<McpServerResponse> {
    const headers = request.headers ?? [];
    if (await nameTaken(this.db, userId, request.name))
      throw invalid('name', McpMessages.nameTaken);
    if (request.oauth && headers.length > 0)
      throw invalid('headers', McpMessages.oauthTakesNoHeaders);
    const base = { userId, name: request.name, url: request.url };
    if (!request.oauth) {
      const tools = await this.listNew(request.url, headers);
      const row = await insertServer(this.db, {
        ...base,
        authKind: headers.length > 0 ? 'HEADERS' : 'NONE',
        sealedHeaders:
          headers.length > 0 ? this.options.secrets.seal(JSON.stringify(headers)) : null,
        sealedOauth: null,
        oauthExpiresAt: null,
        ...listingChanges(tools),
      });
      if (!row) throw invalid('name', McpMessages.nameTaken);
      return this.respond(row);
    }
    const start = await this.beginOauth(request.url);
    const { provider } = start;
    return this.db.transaction(async (tx) => {
      const row = await insertServer(tx, { ...base, ...this.oauthColumns(start) });
      if (!row) throw invalid('name', McpMessages.nameTaken);
      const authorizeUrl = provider && (await this.keepAuthorization(tx, userId, row.id, provider));
      return { server: this.answer(row), authorizeUrl };
    });
  }

  /**
   * Renames a server, or changes its address or headers (headers replace the old ones). A new
   * address or new headers are tried first (refused at `url`, nothing changed); the tools are
   * listed again either way.
   */
  async update(
    userId: string,
    serverId: string,
    request: UpdateMcpServerRequest,
  ): Promise<McpServerResponse> {
    const row = await this.ownRow(userId, serverId);
    const changes: ServerChanges = {};
    if (request.name !== undefined && request.name !== row.name) {
      if (await nameTaken(this.db, userId, request.name, row.id))
        throw invalid('name', McpMessages.nameTaken);
      changes.name = request.name;
    }
    const url = request.url ?? row.url;
    const newUrl = url !== row.url;
    let start: OauthStart | null = null;
    if (row.authKind === 'OAUTH') {
      if (request.headers && request.headers.length > 0)
        throw invalid('headers', McpMessages.oauthTakesNoHeaders);
      // Another address is another server: its sign-in starts over.
      if (newUrl) start = await this.beginOauth(url);
      if (start) Object.assign(changes, { url }, this.oauthColumns(start));
    } else if (newUrl || request.headers !== undefined) {
      const headers = request.headers ?? this.headersOf(row);
      Object.assign(changes, listingChanges(await this.listNew(url, headers)), {
        url,
        authKind: headers.length > 0 ? 'HEADERS' : 'NONE',
        sealedHeaders:
          headers.length > 0 ? this.options.secrets.seal(JSON.stringify(headers)) : null,
      });
    }
    const provider = start?.provider ?? null;
    const result = await this.db.transaction(async (tx) => {
      const saved = await updateServer(tx, userId, row.id, changes);
      if (!saved) throw new RuleViolation('not-found', McpMessages.notFound);
      const authorizeUrl = provider && (await this.keepAuthorization(tx, userId, row.id, provider));
      return { saved, authorizeUrl };
    });
    const listedNow = 'toolsListedAt' in changes || provider !== null;
    const saved = listedNow ? result.saved : await this.relist(result.saved);
    return this.respond(saved, result.authorizeUrl);
  }

  async remove(userId: string, serverId: string): Promise<void> {
    const removed = isUuid(serverId) && (await deleteServer(this.db, userId, serverId));
    if (!removed) throw new RuleViolation('not-found', McpMessages.notFound);
  }

  /** Lists a server's tools again; a failure is the answer's lastError, not a refusal. */
  async refresh(userId: string, serverId: string): Promise<McpServerResponse> {
    return this.respond(await this.relist(await this.ownRow(userId, serverId)));
  }

  /** A new authorize URL for an OAuth server (signing in again replaces its tokens). */
  async authorizeUrl(userId: string, serverId: string): Promise<McpServerResponse> {
    const row = await this.ownRow(userId, serverId);
    if (row.authKind !== 'OAUTH') throw new RuleViolation('conflict', McpMessages.notOauth);
    const provider = this.providerFor(row, true);
    try {
      await this.runAuth(row.url, provider);
    } catch (error) {
      throw invalid('url', mcpUnreachable(hostOf(row.url), error).message);
    }
    const authorizeUrl = await this.keepAuthorization(this.db, userId, row.id, provider);
    return this.respond((await findServer(this.db, userId, row.id)) ?? row, authorizeUrl);
  }

  /**
   * Finishes a sign-in with the code of the authorization server's redirect and the state of the
   * person's authorize URL (once, and only theirs), then lists the server's tools.
   */
  async completeOauth(
    userId: string,
    request: McpOauthCallbackRequest,
  ): Promise<McpServerResponse> {
    const taken = await takeOauthState(this.db, userId, hashOf(request.state));
    const row = taken && (await findServer(this.db, userId, taken.serverId));
    if (!taken || !row || row.authKind !== 'OAUTH') throw invalid('state', McpMessages.badState);
    const host = hostOf(row.url);
    // Nothing is stored unless the code is accepted (a refused one leaves the old tokens).
    const provider = new McpOauthProvider(this.oauthOf(row), {
      redirectUrl: this.redirectUrl(),
      codeVerifier: this.options.secrets.open(taken.sealedVerifier),
    });
    try {
      await this.runAuth(row.url, provider, request.code);
    } catch (error) {
      if (error instanceof OAuthError) throw invalid('code', McpMessages.codeRefused(host));
      throw invalid('code', mcpUnreachable(host, error).message);
    }
    const signedIn = await updateServer(this.db, userId, row.id, this.sealOauth(provider));
    return this.respond(await this.relist(signedIn ?? row));
  }

  /** Sets whether the assistant may call a tool always, after asking, or never. */
  async setToolPolicy(
    userId: string,
    serverId: string,
    tool: string,
    policy: McpToolPolicy,
  ): Promise<McpServerResponse> {
    const row = await this.ownRow(userId, serverId);
    if (!row.tools.some((listed) => listed.name === tool))
      throw new RuleViolation('not-found', McpMessages.toolNotFound);
    await savePolicy(this.db, row.id, tool, policy);
    return this.respond(row);
  }

  /** The person's servers and whether the project's assistant may use each (an owned project). */
  async projectServers(userId: string, projectId: string): Promise<ProjectMcpResponse> {
    const [rows, allowed] = await Promise.all([
      listServers(this.db, userId),
      projectServerIds(this.db, projectId),
    ]);
    return {
      servers: rows.map((row) => ({
        serverId: row.id,
        name: row.name,
        allowed: allowed.has(row.id),
      })),
    };
  }

  /** Sets the servers the project's assistant may use: the person's own only (else nothing changes). */
  async setProjectServers(
    userId: string,
    projectId: string,
    serverIds: readonly string[],
  ): Promise<ProjectMcpResponse> {
    const wanted = [...new Set(serverIds)];
    const own = new Set((await listServers(this.db, userId)).map((row) => row.id));
    if (wanted.some((id) => !own.has(id))) throw invalid('serverIds', McpMessages.notYours);
    await setProjectServers(this.db, projectId, wanted);
    return this.projectServers(userId, projectId);
  }

  /**
   * The tools the project's assistant may use in a turn: each allowed server connected to and
   * listed afresh (the listing stored), each tool with its policy (NEVER left out); servers that
   * cannot be reached are reported, not thrown. Close it when the turn ends.
   */
  async openProjectToolset(userId: string, projectId: string): Promise<ProjectMcpToolset> {
    const rows = await allowedServers(this.db, userId, projectId);
    const policies = await policiesOf(
      this.db,
      rows.map((row) => row.id),
    );
    return assembleToolset(rows, policies, (row) => this.openForTurn(row));
  }

  /** One allowed server at a turn's start: connected and listed (stored), or why not. */
  private async openForTurn(
    row: McpServerRow,
  ): Promise<{ connection: McpConnection; tools: McpListedTool[] } | McpUnreachable> {
    let connection: McpConnection | null = null;
    try {
      connection = await this.connectRow(row);
      const tools = await connection.tools();
      await updateServer(this.db, row.userId, row.id, listingChanges(tools));
      return { connection, tools };
    } catch (error) {
      await connection?.close();
      if (!(error instanceof McpUnreachable)) throw error;
      await updateServer(this.db, row.userId, row.id, { lastError: error.message });
      return error;
    }
  }
}
