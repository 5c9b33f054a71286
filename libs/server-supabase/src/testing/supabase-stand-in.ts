// Test helper (never a production code path): a loopback stand-in for Supabase's Management API
// that speaks its wire format: OAuth 2 with PKCE (GET /v1/oauth/authorize answers as if the
// person approved: a 302 back to redirect_uri with a code and the state; POST /v1/oauth/token
// with client credentials in Basic auth, for authorization_code and refresh_token grants),
// GET /v1/projects and GET /v1/projects/:ref/api-keys with a Bearer access token.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInProject {
  readonly ref: string;
  readonly name: string;
  readonly region?: string;
  readonly status?: string;
  readonly anonKey: string;
  readonly serviceRoleKey?: string;
}

export interface SupabaseStandInOptions {
  readonly clientId?: string;
  readonly clientSecret?: string;
  readonly projects?: readonly StandInProject[];
  /** Seconds an access token lives (default 3600). */
  readonly expiresIn?: number;
}

export interface SupabaseStandIn {
  /** SUPABASE_API_URL for Mason. */
  readonly apiUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Every request received, as `METHOD /path` (for asserting what Mason asked). */
  readonly requests: string[];
  /** Access tokens stop working (a person revoked Mason); refresh tokens too when `all`. */
  revoke(all?: boolean): void;
  close(): Promise<void>;
}

interface PendingCode {
  readonly challenge: string;
  readonly redirectUri: string;
}

const json = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const readBody = (request: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });

export async function startSupabaseStandIn(
  options: SupabaseStandInOptions = {},
): Promise<SupabaseStandIn> {
  const clientId = options.clientId ?? 'mason-test-client';
  const clientSecret = options.clientSecret ?? 'mason-test-secret';
  const projects = options.projects ?? [];
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const requests: string[] = [];
  const newToken = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

  const issueTokens = (response: http.ServerResponse) => {
    const access = newToken('sbp_oauth');
    const refresh = newToken('sbr');
    accessTokens.add(access);
    refreshTokens.add(refresh);
    json(response, 201, {
      access_token: access,
      refresh_token: refresh,
      expires_in: options.expiresIn ?? 3600,
      token_type: 'Bearer',
    });
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      requests.push(`${request.method} ${url.pathname}`);
      if (request.method === 'GET' && url.pathname === '/v1/oauth/authorize') {
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        const challenge = url.searchParams.get('code_challenge') ?? '';
        if (
          url.searchParams.get('client_id') !== clientId ||
          url.searchParams.get('response_type') !== 'code' ||
          url.searchParams.get('code_challenge_method') !== 'S256' ||
          !challenge ||
          !redirectUri
        )
          return json(response, 400, { message: 'invalid authorize request' });
        const code = newToken('code');
        codes.set(code, { challenge, redirectUri });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: back.toString() });
        return response.end();
      }
      if (request.method === 'POST' && url.pathname === '/v1/oauth/token') {
        const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        if (request.headers.authorization !== expected)
          return json(response, 401, { message: 'invalid client' });
        const form = new URLSearchParams(await readBody(request));
        if (form.get('grant_type') === 'authorization_code') {
          const pending = codes.get(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const challenge = createHash('sha256').update(verifier).digest('base64url');
          if (
            !pending ||
            pending.redirectUri !== form.get('redirect_uri') ||
            pending.challenge !== challenge
          )
            return json(response, 400, { error: 'invalid_grant' });
          codes.delete(form.get('code') ?? '');
          return issueTokens(response);
        }
        if (form.get('grant_type') === 'refresh_token') {
          const refresh = form.get('refresh_token') ?? '';
          if (!refreshTokens.delete(refresh))
            return json(response, 400, { error: 'invalid_grant' });
          return issueTokens(response);
        }
        return json(response, 400, { error: 'unsupported_grant_type' });
      }
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token || !accessTokens.has(token))
        return json(response, 401, { message: 'Unauthorized' });
      if (request.method === 'GET' && url.pathname === '/v1/projects')
        return json(
          response,
          200,
          projects.map((project) => ({
            id: project.ref,
            ref: project.ref,
            organization_id: 'org-test',
            name: project.name,
            region: project.region ?? 'eu-central-1',
            status: project.status ?? 'ACTIVE_HEALTHY',
            created_at: '2026-01-01T00:00:00Z',
            database: { host: `db.${project.ref}.supabase.co`, version: '15.8' },
          })),
        );
      const keys = /^\/v1\/projects\/([^/]+)\/api-keys$/.exec(url.pathname);
      if (request.method === 'GET' && keys) {
        const project = projects.find((candidate) => candidate.ref === keys[1]);
        if (!project) return json(response, 404, { message: 'Project not found' });
        return json(response, 200, [
          { name: 'anon', api_key: project.anonKey },
          { name: 'service_role', api_key: project.serviceRoleKey ?? 'service-role-secret' },
        ]);
      }
      return json(response, 404, { message: 'Not found' });
    })().catch(() => json(response, 500, { message: 'stand-in failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    requests,
    revoke(all = false) {
      accessTokens.clear();
      if (all) refreshTokens.clear();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
