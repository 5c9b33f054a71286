// One connection to a person's MCP server over Streamable HTTP, through the official SDK's Client
// and transport with the guarded fetch: its tools listed, a tool called, and every way it can
// fail turned into McpUnreachable with words a person can act on.
import { AddressRefused } from '@mason/server-http';
import type { McpListedTool } from '@mason/server-db';
import {
  type OAuthClientProvider,
  UnauthorizedError,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { guardedFetch, RedirectRefused, type GuardedFetchOptions } from './guarded-fetch';
import { type McpToolResult, toolResultText } from './tool-result';

/** How long connecting and listing may take, each request (default 15 s). */
export const MCP_TIMEOUT_MS = 15_000;
/** How long one tool call may take (default 2 minutes). */
export const MCP_CALL_TIMEOUT_MS = 120_000;
/** The most tools of one server Mason keeps (a listing is paged through up to here). */
export const MCP_MAX_TOOLS = 200;

/** Why a server could not be used, for a person: fix the address, sign in again, or wait. */
export type McpFailure = 'address' | 'credentials' | 'not-mcp' | 'timeout' | 'unreachable';

/**
 * An MCP server could not be reached, refused Mason, or did not speak MCP. Its message is meant
 * for the person; `unreachable` is what the assistant's outside tools look for (the turn pauses
 * with MCP_SERVER_CONNECTION_ISSUES).
 */
export class McpUnreachable extends Error {
  override name = 'McpUnreachable';
  readonly unreachable = true;

  constructor(
    message: string,
    readonly failure: McpFailure,
  ) {
    super(message);
  }
}

export interface McpServerTarget {
  readonly url: string;
  /** Sent with every request to the server (never to its OAuth server). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Signs in with OAuth 2.1 (the SDK asks it for tokens, refreshes them on a 401). */
  readonly authProvider?: OAuthClientProvider;
}

export interface McpConnectOptions extends GuardedFetchOptions {
  /** Connecting and listing, each request (default MCP_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /** One tool call (default MCP_CALL_TIMEOUT_MS). */
  readonly callTimeoutMs?: number;
}

export interface McpConnection {
  /** The server's tools now, in its order. */
  tools(): Promise<McpListedTool[]>;
  /** Calls a tool: what it answered as text; McpUnreachable when the server cannot be reached. */
  call(tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<McpToolResult>;
  close(): Promise<void>;
}

/** The errors an error was caused by, itself first. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let at = error; at !== undefined && at !== null && chain.length < 8;) {
    chain.push(at);
    at = typeof at === 'object' ? (at as { cause?: unknown }).cause : undefined;
  }
  return chain;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'ETIMEDOUT']);

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

const refusedCredentials = (error: unknown) =>
  error instanceof UnauthorizedError ||
  error instanceof OAuthError ||
  (error instanceof StreamableHTTPError && (error.code === 401 || error.code === 403));

/** `error` of a request to the server at `host`, in words for the person. */
export function mcpUnreachable(host: string, error: unknown): McpUnreachable {
  const chain = causes(error);
  const already = chain.find((cause) => cause instanceof McpUnreachable);
  if (already) return already;
  const refused = chain.find((cause) => cause instanceof AddressRefused);
  if (refused)
    return new McpUnreachable(
      refused.range === null
        ? `${refused.message} Check the server's address.`
        : `${refused.message} Mason connects only to MCP servers on public addresses.`,
      'address',
    );
  const redirect = chain.find((cause) => cause instanceof RedirectRefused);
  if (redirect) return new McpUnreachable(redirect.message, 'not-mcp');
  if (chain.some(refusedCredentials))
    return new McpUnreachable(`${host} refused Mason's credentials.`, 'credentials');
  const timedOut = chain.some(
    (cause) =>
      (cause instanceof McpError && cause.code === ErrorCode.RequestTimeout) ||
      TIMEOUT_CODES.has(String(codeOf(cause))) ||
      (cause instanceof Error && cause.name === 'TimeoutError'),
  );
  if (timedOut) return new McpUnreachable(`${host} did not answer in time.`, 'timeout');
  const gone = chain.some(
    (cause) =>
      NETWORK_CODES.has(String(codeOf(cause))) ||
      (cause instanceof McpError && cause.code === ErrorCode.ConnectionClosed) ||
      (cause instanceof TypeError && cause.message === 'fetch failed'),
  );
  if (gone) return new McpUnreachable(`${host} could not be reached.`, 'unreachable');
  return new McpUnreachable(`${host} did not answer as an MCP server.`, 'not-mcp');
}

/** A JSON-RPC error the server answered a call with (not a failure to reach it). */
const isServerAnswer = (error: unknown) =>
  error instanceof McpError &&
  error.code !== ErrorCode.RequestTimeout &&
  error.code !== ErrorCode.ConnectionClosed;

function listedTool(tool: {
  name: string;
  title?: string;
  description?: string;
  inputSchema: object;
  annotations?: { title?: string };
}): McpListedTool {
  const title = tool.title ?? tool.annotations?.title;
  return {
    name: tool.name,
    ...(title ? { title } : {}),
    ...(tool.description ? { description: tool.description } : {}),
    inputSchema: { ...tool.inputSchema },
  };
}

/**
 * Connects to the MCP server (the initialize handshake), refusing addresses that are not public
 * (loopback when `allowLoopback`); throws McpUnreachable when it cannot.
 */
export async function connectMcp(
  server: McpServerTarget,
  options: McpConnectOptions = {},
): Promise<McpConnection> {
  const url = new URL(server.url);
  const timeout = options.timeoutMs ?? MCP_TIMEOUT_MS;
  const callTimeout = options.callTimeoutMs ?? MCP_CALL_TIMEOUT_MS;
  const guarded = guardedFetch({
    ...options,
    connectTimeoutMs: options.connectTimeoutMs ?? timeout,
  });
  const transport = new StreamableHTTPClientTransport(url, {
    fetch: guarded.fetch,
    ...(server.headers ? { requestInit: { headers: { ...server.headers } } } : {}),
    ...(server.authProvider ? { authProvider: server.authProvider } : {}),
  });
  const client = new Client({ name: 'Mason', version: '1.0.0' });
  // Errors of the transport's own background work (an event stream) surface as the request's.
  client.onerror = () => undefined;
  const close = async () => {
    await client.close().catch(() => undefined);
    await guarded.close().catch(() => undefined);
  };
  try {
    await client.connect(transport, { timeout });
  } catch (error) {
    await close();
    throw mcpUnreachable(url.host, error);
  }
  return {
    async tools() {
      const tools: McpListedTool[] = [];
      let cursor: string | undefined;
      try {
        do {
          const page = await client.listTools(cursor ? { cursor } : {}, { timeout });
          tools.push(...page.tools.map(listedTool));
          cursor = page.nextCursor;
        } while (cursor && tools.length < MCP_MAX_TOOLS);
      } catch (error) {
        throw mcpUnreachable(url.host, error);
      }
      return tools.slice(0, MCP_MAX_TOOLS);
    },
    async call(tool, args, signal) {
      try {
        const result = await client.callTool({ name: tool, arguments: args }, undefined, {
          timeout: callTimeout,
          ...(signal ? { signal } : {}),
        });
        return toolResultText(result);
      } catch (error) {
        if (signal?.aborted) throw error;
        if (isServerAnswer(error))
          return toolResultText({
            content: [{ type: 'text', text: (error as McpError).message }],
            isError: true,
          });
        throw mcpUnreachable(url.host, error);
      }
    },
    close,
  };
}
