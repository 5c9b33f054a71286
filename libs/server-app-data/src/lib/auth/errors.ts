// Supabase Auth's (GoTrue's) errors: the codes of internal/api/apierrors/errorcode.go, the status
// each is answered with, and the two body shapes (internal/api/errors.go): {code, message} when
// the request names X-Supabase-Api-Version 2024-01-01 or later (supabase-js always does), the
// older {code: status, error_code, msg} otherwise.

/** The error codes this subset answers (GoTrue's names). */
export type AuthErrorCode =
  | 'anonymous_provider_disabled'
  | 'bad_json'
  | 'bad_jwt'
  | 'email_exists'
  | 'invalid_credentials'
  | 'no_authorization'
  | 'not_admin'
  | 'over_request_rate_limit'
  | 'phone_provider_disabled'
  | 'refresh_token_already_used'
  | 'refresh_token_not_found'
  | 'same_password'
  | 'session_not_found'
  | 'unexpected_failure'
  | 'unknown'
  | 'user_already_exists'
  | 'user_not_found'
  | 'validation_failed'
  | 'weak_password';

/** A refusal by the auth service: what GoTrue would answer, without HTTP (see statusOf). */
export class AuthFailure extends Error {
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    /** Where GoTrue answers a status other than its code's usual one. */
    readonly status?: number,
    /** weak_password's reasons ('length', 'characters', 'pwned'). */
    readonly reasons?: readonly string[],
  ) {
    super(message);
    this.name = 'AuthFailure';
  }
}

const STATUS: Record<AuthErrorCode, number> = {
  anonymous_provider_disabled: 422,
  bad_json: 400,
  bad_jwt: 403,
  email_exists: 422,
  invalid_credentials: 400,
  no_authorization: 401,
  not_admin: 403,
  over_request_rate_limit: 429,
  phone_provider_disabled: 400,
  refresh_token_already_used: 400,
  refresh_token_not_found: 400,
  same_password: 422,
  session_not_found: 403,
  unexpected_failure: 500,
  unknown: 400,
  user_already_exists: 422,
  user_not_found: 403,
  validation_failed: 400,
  weak_password: 422,
};

export function statusOf(failure: AuthFailure): number {
  return failure.status ?? STATUS[failure.code];
}

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = Date.UTC(2024, 0, 1);

/** True when the request asks for the 2024-01-01 error shape (an ISO date on or after it). */
export function wantsApiVersion2024(headers: Record<string, string | undefined>): boolean {
  const value = headers[API_VERSION_HEADER];
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && time >= API_VERSION_2024;
}

export interface RenderedError {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** The response GoTrue sends for `failure`, in the shape the request's API version asks for. */
export function renderFailure(
  failure: AuthFailure,
  headers: Record<string, string | undefined>,
): RenderedError {
  const status = statusOf(failure);
  const weak = failure.reasons ? { weak_password: { reasons: [...failure.reasons] } } : {};
  if (wantsApiVersion2024(headers))
    return {
      status,
      headers: {
        'content-type': 'application/json',
        'x-sb-error-code': failure.code,
        'x-supabase-api-version': '2024-01-01',
      },
      body: { code: failure.code, message: failure.message, ...weak },
    };
  return {
    status,
    headers: { 'content-type': 'application/json', 'x-sb-error-code': failure.code },
    body: { code: status, error_code: failure.code, msg: failure.message, ...weak },
  };
}
