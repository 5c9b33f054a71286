// One request of an app's origin to its data API in, one response out: the caller is who the
// request's keys say (the anon key, a signed-in user's access token), /rest/v1 runs as that
// caller inside the database's row-level security, /auth/v1 signs app users in and out.
import { handlePostgrestRequest } from '@mason/server-postgrest';
import type { AppAuth } from '../auth/app-auth';
import { verifyAppJwt, type AppJwtClaims, type AppJwtKeys } from '../auth/jwt';
import type { AppDatabases } from '../databases/app-databases';
import type { AppEnvironment } from '../databases/types';

/** Which database a request is for: the host it came to says it. */
export interface AppDataTarget {
  readonly projectId: string;
  readonly environment: AppEnvironment;
}

export interface AppDataRequest {
  readonly method: string;
  /** The path from the origin's root: '/rest/v1/notes', '/auth/v1/token'. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The request body's text ('' for none): each API reads it its own way. */
  readonly body: string;
  readonly ip: string;
}

export interface AppDataResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** A JSON value, or undefined for no body. */
  readonly body: unknown;
}

export interface AppDataApiOptions {
  readonly databases: AppDatabases;
  readonly auth: AppAuth;
  /** The signing keys of a project's environment (the server derives them from its own key). */
  readonly keysOf: (target: AppDataTarget) => AppJwtKeys;
  /** Whether the project's database is on: off, every call is a 404 and no database is made. */
  readonly isEnabled: (projectId: string) => Promise<boolean>;
  /** Told of errors that are not the caller's (answered with a 500 without details). */
  readonly onUnexpectedError?: (error: unknown) => void;
}

export const REST_PREFIX = '/rest/v1';
export const AUTH_PREFIX = '/auth/v1';

const JSON_TYPE = 'application/json; charset=utf-8';
/** Any origin may call (as Supabase answers): the keys, not the origin, say who calls. */
const CORS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'content-range, content-location, x-supabase-api-version, x-sb-error-code',
};
const PREFLIGHT: Readonly<Record<string, string>> = {
  ...CORS,
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, content-type, prefer, range, range-unit, accept, accept-profile, content-profile, x-client-info, x-supabase-api-version',
  'access-control-max-age': '86400',
};

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return { status, headers: { ...CORS, 'content-type': JSON_TYPE, ...headers }, body };
}

/** PostgREST's error body (the shape supabase-js's database client reads). */
function restError(status: number, code: string, message: string, hint: string | null = null) {
  return answer(status, { code, details: null, hint, message });
}

/** The gateway's answer to a missing or foreign API key, as Supabase's gives it. */
const INVALID_API_KEY = answer(401, {
  message: 'Invalid API key',
  hint: 'Double check your VITE_SUPABASE_ANON_KEY: it is the anon key of this app and environment.',
});

const NO_DATABASE = answer(404, {
  code: 'MASON_NO_DATABASE',
  details: null,
  hint: 'Turn on the database in the project settings.',
  message: 'This app has no database.',
});

function bearerOf(headers: AppDataRequest['headers']): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(headers['authorization'] ?? '');
  return match?.[1] ?? null;
}

/** The request body as JSON, or undefined for none; null when it is no JSON. */
function jsonBody(text: string): { value: unknown } | null {
  if (text.trim() === '') return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/** The data API of every app's database (one per server, for every project and environment). */
export class AppDataApi {
  constructor(private readonly options: AppDataApiOptions) {}

  async handle(request: AppDataRequest, target: AppDataTarget): Promise<AppDataResponse> {
    const rest = request.path === REST_PREFIX || request.path.startsWith(`${REST_PREFIX}/`);
    const auth = request.path === AUTH_PREFIX || request.path.startsWith(`${AUTH_PREFIX}/`);
    if (!rest && !auth) return answer(404, { message: 'No such data API path.' });
    if (request.method === 'OPTIONS') return { status: 204, headers: PREFLIGHT, body: undefined };
    try {
      if (!(await this.options.isEnabled(target.projectId))) return NO_DATABASE;
      const keys = this.options.keysOf(target);
      // Every call carries the app's public key (supabase-js sends it as `apikey`).
      const apiKey = request.headers['apikey'] ?? bearerOf(request.headers);
      if (!apiKey || !(await verifyAppJwt(keys, apiKey))) return INVALID_API_KEY;
      const body = jsonBody(request.body);
      if (rest) {
        if (!body) return restError(400, 'PGRST102', 'Empty or invalid json');
        return await this.rest(request, body.value, target, keys);
      }
      return await this.options.databases.use(target.projectId, target.environment, async (db) => {
        const result = await this.options.auth.handle(
          {
            method: request.method,
            path: request.path.slice(AUTH_PREFIX.length) || '/',
            query: request.query,
            headers: request.headers,
            body: body ? body.value : undefined,
            ip: request.ip,
          },
          db,
          keys,
        );
        return { ...result, headers: { ...CORS, ...result.headers } };
      });
    } catch (error) {
      this.options.onUnexpectedError?.(error);
      return answer(500, { message: 'The data API could not answer. Try again.' });
    }
  }

  private async rest(
    request: AppDataRequest,
    body: unknown,
    target: AppDataTarget,
    keys: AppJwtKeys,
  ): Promise<AppDataResponse> {
    // The caller: a signed-in user's access token, or the anon key (in Authorization or not).
    const bearer = bearerOf(request.headers);
    let claims: AppJwtClaims = { role: 'anon' };
    if (bearer) {
      const verified = await verifyAppJwt(keys, bearer);
      if (!verified) return restError(401, 'PGRST301', 'JWT is invalid or expired', null);
      claims = verified;
    }
    return this.options.databases.use(target.projectId, target.environment, async (db) => {
      const result = await handlePostgrestRequest(
        {
          method: request.method,
          path: request.path.slice(REST_PREFIX.length) || '/',
          query: request.query,
          headers: { ...request.headers },
          body,
        },
        db.asCaller(claims.role, claims),
        {
          schemaCache: db.schemaCache,
          role: claims.role,
          onUnexpectedError: this.options.onUnexpectedError,
        },
      );
      return { ...result, headers: { ...CORS, ...result.headers } };
    });
  }
}
