// Supabase's Management API, the part Mason uses, in its own wire format (there is no official
// JavaScript SDK for it): OAuth 2 with PKCE (authorize, token, refresh), the account's projects,
// and a project's API keys.
import type { SupabaseProject } from '@mason/contract';
import type { SupabaseConfig } from './supabase-config';

/** Supabase answered with an error status (or not at all: status 0). */
export class SupabaseError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SupabaseError';
  }
}

export interface SupabaseTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** Seconds the access token lives. */
  readonly expiresIn: number;
}

export interface SupabaseManagement {
  authorizeUrl(state: string, redirectUri: string, codeChallenge: string): string;
  exchangeCode(code: string, redirectUri: string, codeVerifier: string): Promise<SupabaseTokens>;
  refresh(refreshToken: string): Promise<SupabaseTokens>;
  projects(accessToken: string): Promise<SupabaseProject[]>;
  /** The project's public anon key (the one its app carries). */
  anonKey(accessToken: string, ref: string): Promise<string>;
}

const REQUEST_TIMEOUT_MS = 15_000;

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
}

interface ProjectAnswer {
  id?: unknown;
  ref?: unknown;
  name?: unknown;
  region?: unknown;
  status?: unknown;
}

interface ApiKeyAnswer {
  name?: unknown;
  type?: unknown;
  api_key?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function supabaseManagement(
  config: SupabaseConfig,
  fetchImpl: typeof fetch = fetch,
): SupabaseManagement {
  const call = async <T>(path: string, init: RequestInit): Promise<T> => {
    let response: Response;
    try {
      response = await fetchImpl(`${config.apiUrl}${path}`, {
        ...init,
        headers: { accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new SupabaseError(0, `Supabase could not be reached: ${String(error)}`);
    }
    if (!response.ok)
      throw new SupabaseError(response.status, `Supabase answered ${response.status} to ${path}`);
    return (await response.json()) as T;
  };

  const token = async (form: Record<string, string>): Promise<SupabaseTokens> => {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const answer = await call<TokenAnswer>('/v1/oauth/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
    const accessToken = text(answer.access_token);
    const refreshToken = text(answer.refresh_token);
    if (!accessToken || !refreshToken)
      throw new SupabaseError(502, 'Supabase answered the token request without tokens');
    const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : 3600;
    return { accessToken, refreshToken, expiresIn };
  };

  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

  return {
    authorizeUrl(state, redirectUri, codeChallenge) {
      const url = new URL(`${config.apiUrl}/v1/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    exchangeCode: (code, redirectUri, codeVerifier) =>
      token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      }),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async projects(accessToken) {
      const answer = await call<ProjectAnswer[]>('/v1/projects', { headers: bearer(accessToken) });
      return (Array.isArray(answer) ? answer : []).map((project) => ({
        ref: text(project.ref) || text(project.id),
        name: text(project.name),
        region: text(project.region),
        status: text(project.status),
      }));
    },
    async anonKey(accessToken, ref) {
      const keys = await call<ApiKeyAnswer[]>(`/v1/projects/${encodeURIComponent(ref)}/api-keys`, {
        headers: bearer(accessToken),
      });
      const list = Array.isArray(keys) ? keys : [];
      const key =
        list.find((entry) => entry.name === 'anon') ??
        list.find((entry) => entry.type === 'publishable');
      const value = text(key?.api_key);
      if (!value) throw new SupabaseError(502, `Supabase project ${ref} answered no anon key`);
      return value;
    },
  };
}
