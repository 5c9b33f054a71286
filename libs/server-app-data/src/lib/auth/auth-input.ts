// Request bodies into plain values, with GoTrue's checks and messages (internal/api/signup.go,
// token.go, user.go, password.go, mail.go). Pure: unit-tested in auth-input.spec.ts.
import { AuthFailure } from './errors';

export const MIN_PASSWORD_LENGTH = 6;
/** GoTrue's bcrypt limit, kept so that an app moves to Supabase with the same rules. */
export const MAX_PASSWORD_LENGTH = 72;

type Params = Record<string, unknown>;

const badJson = (detail: string) =>
  new AuthFailure('bad_json', `Could not parse request body as JSON: ${detail}`);

/** The body as an object of parameters; no body (or one that is not JSON) is bad_json. */
export function bodyParams(body: unknown): Params {
  if (body === undefined) return badJsonThrow('unexpected end of JSON input');
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return badJsonThrow('the body must be a JSON object');
  return body as Params;
}

function badJsonThrow(detail: string): never {
  throw badJson(detail);
}

/** A string parameter: '' when absent or null (as Go decodes it), bad_json when not a string. */
export function stringParam(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw badJson(`${name} must be a string`);
  return value;
}

/** An optional string parameter: undefined when absent or null. */
export function optionalStringParam(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badJson(`${name} must be a string`);
  return value;
}

/** An optional object parameter (`data`, `app_metadata`): undefined when absent or null. */
export function objectParam(params: Params, name: string): Record<string, unknown> | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw badJson(`${name} must be a JSON object`);
  return value as Record<string, unknown>;
}

// checkmail.ValidateFormat's pattern, which GoTrue's validateEmail uses.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** A valid e-mail address, lower-cased (GoTrue keeps them lower-case). */
export function validateEmail(email: string): string {
  if (email === '') throw new AuthFailure('validation_failed', 'An email address is required');
  if (email.length > 255)
    throw new AuthFailure('validation_failed', 'An email address is too long');
  if (!EMAIL_PATTERN.test(email))
    throw new AuthFailure('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** GoTrue's checkPasswordStrength (lengths in UTF-8 bytes, as Go counts them). */
export function checkPasswordStrength(password: string): void {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > MAX_PASSWORD_LENGTH)
    throw new AuthFailure(
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`,
    );
  if (bytes < MIN_PASSWORD_LENGTH)
    throw new AuthFailure(
      'weak_password',
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      undefined,
      ['length'],
    );
}

export interface SignUpInput {
  email: string;
  password: string;
  data: Record<string, unknown>;
}

/** POST /signup's body, checked in GoTrue's order. */
export function parseSignUp(body: unknown): SignUpInput {
  const params = bodyParams(body);
  const email = stringParam(params, 'email');
  const phone = stringParam(params, 'phone');
  const password = stringParam(params, 'password');
  const data = objectParam(params, 'data') ?? {};
  if (email === '' && phone === '')
    throw new AuthFailure('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (password === '')
    throw new AuthFailure('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password);
  if (email !== '' && phone !== '')
    throw new AuthFailure(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  if (phone !== '') throw new AuthFailure('phone_provider_disabled', 'Phone signups are disabled');
  return { email: validateEmail(email), password, data };
}

export interface PasswordGrantInput {
  email: string;
  password: string;
}

/** POST /token?grant_type=password's body. */
export function parsePasswordGrant(body: unknown): PasswordGrantInput {
  const params = bodyParams(body);
  const email = stringParam(params, 'email');
  const phone = stringParam(params, 'phone');
  const password = stringParam(params, 'password');
  if (email !== '' && phone !== '')
    throw new AuthFailure(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  if (phone !== '')
    throw new AuthFailure('phone_provider_disabled', 'Phone logins are disabled', 422);
  if (email === '') throw new AuthFailure('validation_failed', 'missing email or phone');
  return { email: email.toLowerCase(), password };
}

/** POST /token?grant_type=refresh_token's body: the token, not yet looked up. */
export function parseRefreshGrant(body: unknown): string {
  const token = stringParam(bodyParams(body), 'refresh_token');
  if (token.length < 12) throw new AuthFailure('validation_failed', 'Refresh token is not valid');
  return token;
}

export interface UserUpdateInput {
  email?: string;
  password?: string;
  data?: Record<string, unknown>;
}

/** PUT /user's body. */
export function parseUserUpdate(body: unknown): UserUpdateInput {
  const params = bodyParams(body);
  const email = stringParam(params, 'email');
  const phone = stringParam(params, 'phone');
  const password = optionalStringParam(params, 'password');
  const data = objectParam(params, 'data');
  if (objectParam(params, 'app_metadata') !== undefined)
    throw new AuthFailure('not_admin', 'Updating app_metadata requires admin privileges');
  if (phone !== '') throw new AuthFailure('phone_provider_disabled', 'Phone logins are disabled');
  if (password !== undefined) checkPasswordStrength(password);
  return {
    ...(email !== '' ? { email: validateEmail(email) } : {}),
    ...(password !== undefined ? { password } : {}),
    ...(data !== undefined ? { data } : {}),
  };
}

export type LogoutScope = 'global' | 'local' | 'others';

export function parseLogoutScope(query: URLSearchParams): LogoutScope {
  const scope = query.get('scope') ?? '';
  if (scope === '' || scope === 'global') return 'global';
  if (scope === 'local' || scope === 'others') return scope;
  throw new AuthFailure('validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`);
}

/** `data` merged into the user's metadata the way GoTrue does: a null value removes its key. */
export function mergeMetadata(
  current: Record<string, unknown>,
  updates: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
