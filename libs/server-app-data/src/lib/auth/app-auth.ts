// /auth/v1: one request of an app's origin in, one response out, in the wire format of Supabase
// Auth (GoTrue) for what @supabase/supabase-js calls: signUp, signInWithPassword, refresh,
// signOut, getUser, updateUser, /settings and /health. Only adapts HTTP: the rules are
// auth-service.ts's, the bodies' checks auth-input.ts's.
import {
  parseLogoutScope,
  parsePasswordGrant,
  parseRefreshGrant,
  parseSignUp,
  parseUserUpdate,
} from './auth-input';
import { AuthService, type AuthDatabase, type Caller } from './auth-service';
import { AuthFailure, renderFailure } from './errors';
import type { AppJwtKeys } from './jwt';
import { DEFAULT_LIMITS, type AppAuthLimits } from './rate-limits';

export interface AuthRequest {
  method: string;
  /** The path after /auth/v1, e.g. '/signup' or '/token'. */
  path: string;
  query: URLSearchParams;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** The parsed JSON body; undefined when there was none or it was not JSON. */
  body: unknown;
  /** The client's address (what sign-up limits count). */
  ip: string;
}

export interface AuthResponse {
  status: number;
  headers: Record<string, string>;
  /** A JSON value, or undefined for no body. */
  body: unknown;
}

export interface AppAuthOptions {
  limits?: Partial<AppAuthLimits>;
  /** Access tokens' lifetime (Supabase's default: 3600). */
  accessTokenTtlSeconds?: number;
  /** How long a rotated refresh token may still be swapped (Supabase's default: 10). */
  refreshTokenReuseIntervalSeconds?: number;
  now?: () => Date;
  /** Told of an unexpected failure (answered as GoTrue's 500 unexpected_failure). */
  onError?: (error: unknown) => void;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** What GoTrue's GET /settings answers with e-mail sign-in on and confirmation off. */
const SETTINGS = {
  external: {
    anonymous_users: false,
    apple: false,
    azure: false,
    bitbucket: false,
    discord: false,
    facebook: false,
    snapchat: false,
    figma: false,
    fly: false,
    github: false,
    gitlab: false,
    google: false,
    keycloak: false,
    kakao: false,
    linkedin: false,
    linkedin_oidc: false,
    notion: false,
    spotify: false,
    slack: false,
    slack_oidc: false,
    workos: false,
    twitch: false,
    twitter: false,
    email: true,
    phone: false,
    zoom: false,
  },
  disable_signup: false,
  mailer_autoconfirm: true,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
  saml_private_key_next_configured: false,
  passkeys_enabled: false,
};

const HEALTH = {
  version: 'mason',
  name: 'GoTrue',
  description: 'GoTrue is a user registration and authentication API',
};

const ROUTES: Record<string, readonly string[]> = {
  '/health': ['GET'],
  '/settings': ['GET'],
  '/signup': ['POST'],
  '/token': ['POST'],
  '/logout': ['POST'],
  '/user': ['GET', 'PUT'],
};

/** Supabase's API gateway's answers when the apikey is missing or not the app's. */
const NO_API_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
};
const INVALID_API_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
};

const ok = (body: unknown, status = 200): AuthResponse => ({
  status,
  headers: status === 204 ? {} : JSON_HEADERS,
  body,
});

/** Supabase Auth's /auth/v1 subset for one app database at a time (the caller picks db and keys). */
export class AppAuth {
  private readonly service: AuthService;
  private readonly onError: (error: unknown) => void;

  constructor(options: AppAuthOptions = {}) {
    this.service = new AuthService({
      limits: { ...DEFAULT_LIMITS, ...options.limits },
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
      refreshTokenReuseIntervalSeconds: options.refreshTokenReuseIntervalSeconds ?? 10,
      now: options.now ?? (() => new Date()),
    });
    this.onError = options.onError ?? (() => undefined);
  }

  async handle(request: AuthRequest, db: AuthDatabase, keys: AppJwtKeys): Promise<AuthResponse> {
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(request.headers))
      headers[name.toLowerCase()] = value;
    try {
      return await this.route({ ...request, headers }, db, keys);
    } catch (error) {
      if (error instanceof AuthFailure) return renderFailure(error, headers);
      this.onError(error);
      return renderFailure(
        new AuthFailure(
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        ),
        headers,
      );
    }
  }

  private async route(
    request: AuthRequest,
    db: AuthDatabase,
    keys: AppJwtKeys,
  ): Promise<AuthResponse> {
    const path = request.path.length > 1 ? request.path.replace(/\/+$/, '') : request.path;
    const method = request.method.toUpperCase();
    const methods = ROUTES[path];
    if (!methods) throw new AuthFailure('unknown', 'Not Found', 404);

    const apikey = request.headers['apikey'] ?? request.query.get('apikey') ?? undefined;
    if (!apikey) return { status: 401, headers: JSON_HEADERS, body: NO_API_KEY };
    if (!(await this.service.checkApiKey(keys, apikey)))
      return { status: 401, headers: JSON_HEADERS, body: INVALID_API_KEY };

    if (!methods.includes(method)) throw new AuthFailure('unknown', 'Method Not Allowed', 405);

    const caller: Caller = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
    const authorization = request.headers['authorization'];
    switch (`${method} ${path}`) {
      case 'GET /health':
        return ok(HEALTH);
      case 'GET /settings':
        return ok(SETTINGS);
      case 'POST /signup': {
        await this.service.limitSignUp(db, caller);
        const input = parseSignUp(request.body);
        return ok(await this.service.signUp(db, keys, input, caller));
      }
      case 'POST /token': {
        const grant = request.query.get('grant_type');
        if (grant === 'password') {
          const input = parsePasswordGrant(request.body);
          return ok(await this.service.signInWithPassword(db, keys, input, caller));
        }
        if (grant === 'refresh_token') {
          const token = parseRefreshGrant(request.body);
          return ok(await this.service.refresh(db, keys, token, caller));
        }
        throw new AuthFailure('invalid_credentials', 'unsupported_grant_type');
      }
      case 'POST /logout': {
        // Bodies and scopes are checked before the token (GoTrue: after); both answer 4xx.
        const scope = parseLogoutScope(request.query);
        await this.service.signOut(db, keys, authorization, scope);
        return ok(undefined, 204);
      }
      case 'GET /user':
        return ok(
          await this.service.getUser(db, keys, authorization, request.headers['x-jwt-aud']),
        );
      case 'PUT /user': {
        const input = parseUserUpdate(request.body);
        return ok(await this.service.updateUser(db, keys, authorization, input));
      }
      default:
        throw new AuthFailure('unknown', 'Not Found', 404);
    }
  }
}
