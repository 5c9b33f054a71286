import { ErrorMessages, type ApiErrorBody } from '@mason/contract';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** An HTTP status, or a failure that never got an answer (or got one that could not be read). */
export type ApiErrorStatus = number | 'NETWORK' | 'TIMEOUT' | 'PARSE';

/**
 * Which row of the error catalogue (SPEC.md 8) produced the error, so callers can branch
 * without comparing message texts.
 */
export const API_ERROR_KINDS = [
  /** 400 'Database password is not valid': rethrown, the server's message kept. */
  'database-password-invalid',
  /** 400 on /settings or /dashboard/settings: 'Email is taken.' */
  'email-taken',
  /** 400 on /signup: 'Email already in use.' */
  'email-in-use',
  /** 400 on /password-reset... or /verify-email...: 'Token has already been used.' */
  'token-used',
  /** Any other 400: 'Invalid Request'. */
  'invalid-request',
  /** 401 on a /projects path: 'Cannot find project. Please login and try again.' + session expired. */
  'project-unauthorized',
  /** Any other 401: the session ended (logout). */
  'unauthorized',
  /** 403 from the login call: 'Invalid email or password'. */
  'invalid-credentials',
  /** 403 from Google login (SPEC.md 8, other failures): sign-ups are closed. */
  'signups-closed',
  /** 403 'Usage limit reached' with limitResetDate: usage modal + 'User cannot perform requested action'. */
  'usage-limit',
  /** 403 on creating a project past the plan's project limit (ours, issue 12): its own message. */
  'project-limit',
  /** Any other 403: 'User cannot perform requested action'. */
  'forbidden',
  /** 500 or above: 'Unknown server error'. */
  'server',
  /** Any other status: the error's own message. */
  'other',
  /** No answer: offline, DNS, connection refused, CORS. */
  'network',
  /** No answer within the call's time-out. */
  'timeout',
  /** An answer that could not be read (not JSON). */
  'parse',
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

/** The one error type of every api-client call. Plain data: it is stored in the Redux state. */
export interface ApiError {
  readonly status: ApiErrorStatus;
  readonly kind: ApiErrorKind;
  /** What to show the person (SPEC.md 8's text where the catalogue names one). */
  readonly message: string;
  /** Field name -> problem, from the server's 400, for forms to show inline. */
  readonly fieldErrors?: Readonly<Record<string, string>>;
  /** With 'usage-limit': when the limit resets (ISO 8601). */
  readonly limitResetDate?: string;
  /** With 429: seconds until the caller may try again. */
  readonly retryAfterSeconds?: number;
  /**
   * The server's own message when the catalogue replaced it: for logs, not for display, except
   * on a screen that owns the call and whose server words are the product's message (the GitHub
   * callback shows why a state was refused, where the catalogue says only 'Invalid Request').
   */
  readonly serverMessage?: string;
}

/** What a 401 outside /projects says (SPEC.md 8 names no text: the outcome is a logout). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

const kinds: ReadonlySet<string> = new Set(API_ERROR_KINDS);
const symbolicStatuses: ReadonlySet<unknown> = new Set(['NETWORK', 'TIMEOUT', 'PARSE']);

/** True for the errors api-client calls produce (e.g. what `.unwrap()` throws). */
export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate['message'] === 'string' &&
    typeof candidate['kind'] === 'string' &&
    kinds.has(candidate['kind']) &&
    (typeof candidate['status'] === 'number' || symbolicStatuses.has(candidate['status']))
  );
}

/** Where the failure happened: the page the person is on, and the endpoint that was called. */
export interface ApiErrorContext {
  /** The current route's pathname ('/settings', '/projects/p1'); '' when unknown. */
  readonly pathname: string;
  /** The RTK Query endpoint name ('login', 'getProjects', ...). */
  readonly endpoint: string;
}

/** True when `pathname` is `route` or below it ('/password-reset/abc' is on '/password-reset'). */
export function isOnRoute(pathname: string, route: string): boolean {
  const path = pathname.split(/[?#]/, 1)[0]?.replace(/\/+$/, '') ?? '';
  return path === route || path.startsWith(`${route}/`);
}

const SETTINGS_ROUTES = ['/settings', '/dashboard/settings'];
const TOKEN_ROUTES = ['/password-reset', '/verify-email'];

/** The parts of the server's error body (ApiErrorBody) that are present and well-typed. */
function readBody(data: unknown): Partial<ApiErrorBody> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const body = data as Record<string, unknown>;
  const read: { -readonly [K in keyof ApiErrorBody]?: ApiErrorBody[K] } = {};
  if (typeof body['message'] === 'string' && body['message'] !== '') read.message = body['message'];
  if (typeof body['limitResetDate'] === 'string') read.limitResetDate = body['limitResetDate'];
  if (typeof body['retryAfterSeconds'] === 'number')
    read.retryAfterSeconds = body['retryAfterSeconds'];
  const fieldErrors = body['fieldErrors'];
  if (typeof fieldErrors === 'object' && fieldErrors !== null && !Array.isArray(fieldErrors)) {
    const entries = Object.entries(fieldErrors).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    if (entries.length > 0) read.fieldErrors = Object.fromEntries(entries);
  }
  return read;
}

function fromStatus(
  status: number,
  data: unknown,
  { pathname, endpoint }: ApiErrorContext,
): ApiError {
  const body = readBody(data);
  const extras = {
    ...(body.fieldErrors ? { fieldErrors: body.fieldErrors } : {}),
    ...(body.retryAfterSeconds !== undefined ? { retryAfterSeconds: body.retryAfterSeconds } : {}),
    ...(body.message ? { serverMessage: body.message } : {}),
  };
  const make = (kind: ApiErrorKind, message: string): ApiError => ({
    status,
    kind,
    message,
    ...extras,
  });

  // The rows of SPEC.md 8, in order.
  if (status === 400) {
    if (body.message === ErrorMessages.databasePasswordInvalid)
      return make('database-password-invalid', body.message);
    if (SETTINGS_ROUTES.some((route) => isOnRoute(pathname, route)))
      return make('email-taken', ErrorMessages.emailTaken);
    if (isOnRoute(pathname, '/signup')) return make('email-in-use', ErrorMessages.emailInUse);
    if (TOKEN_ROUTES.some((route) => isOnRoute(pathname, route)))
      return make('token-used', ErrorMessages.tokenUsed);
    return make('invalid-request', ErrorMessages.invalidRequest);
  }
  if (status === 401) {
    if (isOnRoute(pathname, '/projects'))
      return make('project-unauthorized', ErrorMessages.projectNotFoundLogin);
    return make('unauthorized', SESSION_ENDED_MESSAGE);
  }
  if (status === 403) {
    // "on login" is the password login call (POST {auth base}/authorize), whatever the page.
    if (endpoint === 'login') return make('invalid-credentials', ErrorMessages.invalidCredentials);
    // SPEC.md 8, other failures: a 403 on Google login means new users are not accepted.
    if (endpoint === 'loginWithGoogle')
      return make('signups-closed', ErrorMessages.googleSignupsClosed);
    if (body.message === ErrorMessages.usageLimitReached && body.limitResetDate) {
      return {
        ...make('usage-limit', ErrorMessages.forbidden),
        limitResetDate: body.limitResetDate,
      };
    }
    // Ours (SPEC.md 8 leaves product-specific messages out): the plan's project limit says what
    // to do about it, where 'User cannot perform requested action' would not.
    if (body.message === ErrorMessages.projectLimitReached)
      return make('project-limit', ErrorMessages.projectLimitReached);
    return make('forbidden', ErrorMessages.forbidden);
  }
  if (status >= 500) return make('server', ErrorMessages.unknownServer);
  return make('other', body.message ?? `The request failed (HTTP ${status}).`);
}

/**
 * The error catalogue of SPEC.md 8: maps what fetchBaseQuery reports to the one ApiError.
 * Pure: the same failure, page and endpoint always give the same error.
 */
export function toApiError(failure: FetchBaseQueryError, context: ApiErrorContext): ApiError {
  switch (failure.status) {
    case 'FETCH_ERROR':
      return { status: 'NETWORK', kind: 'network', message: ErrorMessages.network };
    case 'TIMEOUT_ERROR':
      return { status: 'TIMEOUT', kind: 'timeout', message: ErrorMessages.timeout };
    case 'PARSING_ERROR':
      // An error status with a body that is not JSON (a proxy's HTML page) is still that status.
      if (failure.originalStatus >= 400)
        return fromStatus(failure.originalStatus, undefined, context);
      return { status: 'PARSE', kind: 'parse', message: ErrorMessages.badResponse };
    case 'CUSTOM_ERROR':
      return {
        status: 'PARSE',
        kind: 'parse',
        message: failure.error || ErrorMessages.badResponse,
      };
    default:
      return fromStatus(failure.status, failure.data, context);
  }
}
