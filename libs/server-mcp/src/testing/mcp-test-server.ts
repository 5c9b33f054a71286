// A real MCP server for tests, made with the official SDK (McpServer and a stateless Streamable
// HTTP transport per request) on 127.0.0.1, with a few tools to call. In its OAuth mode it is also
// its own OAuth 2.1 authorization server as the MCP authorization spec has it: it answers 401 with
// WWW-Authenticate pointing at its protected resource metadata, serves the authorization server
// metadata, dynamic client registration, an authorize endpoint that approves at once (as if the
// person had), and a token endpoint that checks PKCE (S256) and rotates refresh tokens. The SDK's
// own authorization server helpers are express routers; this speaks the same wire format with
// node:http instead.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as z from 'zod';

export interface McpTestServerOptions {
  /** Every MCP request must carry this header (else 401). */
  readonly requireHeader?: { readonly name: string; readonly value: string };
  /** Sign in with OAuth 2.1 first; its access tokens last `accessTokenSeconds` (default 3600). */
  readonly oauth?: { readonly accessTokenSeconds?: number };
}

export interface McpTestServer {
  /** The Streamable HTTP endpoint (`http://127.0.0.1:{port}/mcp`). */
  readonly url: string;
  /** Its origin, also the OAuth authorization server's issuer. */
  readonly origin: string;
  /** What add_note added, in order. */
  readonly notes: string[];
  /** The tools called, with their arguments, in order. */
  readonly calls: { tool: string; arguments: Record<string, unknown> }[];
  /** Every HTTP request, as `METHOD /path status` (a token request adds its grant type). */
  readonly requests: string[];
  /** Goes away: stops listening and drops every open connection. */
  stop(): Promise<void>;
  /** Comes back on the same port. */
  restart(): Promise<void>;
}

/** The text add_note answers. */
export const noted = (text: string) => `Noted: ${text}`;
/** The text the failing tool answers (with isError). */
export const FAILING_TEXT = 'The failing tool failed, as it always does.';
/** A 1×1 PNG, the picture tool's image. */
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const sha256url = (value: string) => createHash('sha256').update(value).digest('base64url');
const token = () => randomBytes(24).toString('base64url');

interface Registered {
  readonly redirectUris: readonly string[];
}
interface IssuedCode {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly challenge: string;
}

function mcpServerFor(server: Pick<McpTestServer, 'notes' | 'calls'>): McpServer {
  const mcp = new McpServer({ name: 'mason-test-server', version: '1.0.0' });
  const called = (tool: string, args: Record<string, unknown>) =>
    server.calls.push({ tool, arguments: args });
  mcp.registerTool(
    'add_note',
    {
      title: 'Add a note',
      description: 'Adds a note to the list.',
      inputSchema: { text: z.string().describe('What the note says') },
    },
    async ({ text }) => {
      called('add_note', { text });
      server.notes.push(text);
      return { content: [{ type: 'text', text: noted(text) }] };
    },
  );
  mcp.registerTool('list_notes', { description: 'Lists the notes.' }, async () => {
    called('list_notes', {});
    return { content: [{ type: 'text', text: server.notes.join('\n') || '(no notes)' }] };
  });
  mcp.registerTool(
    'long_text',
    { description: 'Answers that many characters.', inputSchema: { chars: z.number().int() } },
    async ({ chars }) => {
      called('long_text', { chars });
      return {
        content: [
          { type: 'text', text: 'abcdefghij'.repeat(Math.ceil(chars / 10)).slice(0, chars) },
        ],
      };
    },
  );
  mcp.registerTool('failing', { description: 'Always fails.' }, async () => {
    called('failing', {});
    return { isError: true, content: [{ type: 'text', text: FAILING_TEXT }] };
  });
  mcp.registerTool('picture', { description: 'Answers a picture and its caption.' }, async () => {
    called('picture', {});
    return {
      content: [
        { type: 'text', text: 'A picture:' },
        { type: 'image', data: PIXEL, mimeType: 'image/png' },
      ],
    };
  });
  return mcp;
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readText(request));
}

async function readText(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: http.ServerResponse, status: number, body: unknown, headers = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** Starts the server on a free port of 127.0.0.1. Stop it in afterAll. */
export async function startMcpTestServer(
  options: McpTestServerOptions = {},
): Promise<McpTestServer> {
  const clients = new Map<string, Registered>();
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Map<string, string>();
  const lifetimeSeconds = options.oauth?.accessTokenSeconds ?? 3600;
  let origin = '';
  const state = {
    notes: [] as string[],
    calls: [] as { tool: string; arguments: Record<string, unknown> }[],
    requests: [] as string[],
  };

  const issueTokens = (response: http.ServerResponse, clientId: string) => {
    const access = token();
    const refresh = token();
    accessTokens.set(access, Date.now() + lifetimeSeconds * 1000);
    refreshTokens.set(refresh, clientId);
    json(response, 200, {
      access_token: access,
      token_type: 'Bearer',
      expires_in: lifetimeSeconds,
      refresh_token: refresh,
    });
  };
  const oauthError = (response: http.ServerResponse, status: number, error: string) =>
    json(response, status, { error, error_description: `The test server refused: ${error}.` });

  const resourceMetadataUrl = () => `${origin}/.well-known/oauth-protected-resource/mcp`;

  async function handleOauth(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    url: URL,
  ): Promise<boolean> {
    const route = `${request.method} ${url.pathname}`;
    if (url.pathname.startsWith('/.well-known/oauth-protected-resource')) {
      json(response, 200, {
        resource: `${origin}/mcp`,
        authorization_servers: [origin],
        bearer_methods_supported: ['header'],
      });
      return true;
    }
    if (url.pathname === '/.well-known/oauth-authorization-server') {
      json(response, 200, {
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        registration_endpoint: `${origin}/register`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
      return true;
    }
    if (route === 'POST /register') {
      const metadata = JSON.parse(await readText(request)) as { redirect_uris?: string[] };
      const clientId = `client-${token()}`;
      clients.set(clientId, { redirectUris: metadata.redirect_uris ?? [] });
      json(response, 201, {
        ...metadata,
        client_id: clientId,
        client_id_issued_at: Math.floor(Date.now() / 1000),
        token_endpoint_auth_method: 'none',
      });
      return true;
    }
    if (route === 'GET /authorize') {
      const query = url.searchParams;
      const clientId = query.get('client_id') ?? '';
      const redirectUri = query.get('redirect_uri') ?? '';
      const client = clients.get(clientId);
      if (
        !client ||
        !client.redirectUris.includes(redirectUri) ||
        query.get('response_type') !== 'code' ||
        query.get('code_challenge_method') !== 'S256' ||
        !query.get('code_challenge')
      ) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end('Bad authorization request.');
        return true;
      }
      const code = token();
      codes.set(code, { clientId, redirectUri, challenge: query.get('code_challenge') ?? '' });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      const given = query.get('state');
      if (given) back.searchParams.set('state', given);
      response.writeHead(302, { location: back.toString() });
      response.end();
      return true;
    }
    if (route === 'POST /token') {
      const form = await readForm(request);
      const grant = form.get('grant_type');
      state.requests.push(`POST /token ${grant}`);
      const clientId = form.get('client_id') ?? '';
      if (!clients.has(clientId)) {
        oauthError(response, 401, 'invalid_client');
        return true;
      }
      if (grant === 'authorization_code') {
        const issued = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (
          !issued ||
          issued.clientId !== clientId ||
          issued.redirectUri !== form.get('redirect_uri') ||
          sha256url(verifier) !== issued.challenge
        )
          oauthError(response, 400, 'invalid_grant');
        else issueTokens(response, clientId);
        return true;
      }
      if (grant === 'refresh_token') {
        const refresh = form.get('refresh_token') ?? '';
        // Rotation: a refresh token works once.
        if (refreshTokens.get(refresh) !== clientId) oauthError(response, 400, 'invalid_grant');
        else {
          refreshTokens.delete(refresh);
          issueTokens(response, clientId);
        }
        return true;
      }
      oauthError(response, 400, 'unsupported_grant_type');
      return true;
    }
    return false;
  }

  /** Whether the MCP request may go on; answers 401 itself when not. */
  function admitted(request: http.IncomingMessage, response: http.ServerResponse): boolean {
    const unauthorized = (headers: Record<string, string> = {}) => {
      json(
        response,
        401,
        { jsonrpc: '2.0', error: { code: -32001, message: 'Unauthorized' }, id: null },
        headers,
      );
      return false;
    };
    const { requireHeader } = options;
    if (requireHeader && request.headers[requireHeader.name.toLowerCase()] !== requireHeader.value)
      return unauthorized();
    if (options.oauth) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const expires = accessTokens.get(bearer);
      if (expires === undefined || expires <= Date.now())
        return unauthorized({
          'www-authenticate': `Bearer error="invalid_token", resource_metadata="${resourceMetadataUrl()}"`,
        });
    }
    return true;
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', origin);
    response.on('finish', () => {
      if (url.pathname !== '/token')
        state.requests.push(`${request.method} ${url.pathname} ${response.statusCode}`);
    });
    if (options.oauth && (await handleOauth(request, response, url))) return;
    if (url.pathname !== '/mcp') return json(response, 404, { error: 'not found' });
    if (request.method !== 'POST') {
      // Stateless: no event stream of the server's own, no session to end.
      response.writeHead(405, { allow: 'POST' });
      return response.end();
    }
    if (!admitted(request, response)) return;
    const mcp = mcpServerFor(state);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(request, response);
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) json(response, 500, { error: 'server_error' });
      else response.end();
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/mcp`,
    origin,
    ...state,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    restart: () => listen(port),
  };
}
