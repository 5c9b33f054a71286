// The JWTs of one app database (one project + environment): the anon key and the access tokens,
// HS256 with the database's own secret, as Supabase signs them.
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

/** One per project + environment; the caller derives the secret (never the same for two). */
export interface AppJwtKeys {
  readonly secret: Uint8Array;
  /** The `iss` claim, e.g. the app's origin + '/auth/v1'. */
  readonly issuer: string;
  /** The `ref` claim: names the project + environment (Supabase's project ref). */
  readonly ref: string;
}

export interface AppJwtClaims {
  role: 'anon' | 'authenticated';
  sub?: string;
  email?: string;
  exp?: number;
  session_id?: string;
  [k: string]: unknown;
}

/**
 * The anon key: a long-lived JWT {role: 'anon', iss, ref} (HS256), what VITE_SUPABASE_ANON_KEY
 * holds. It has no `iat`/`exp`, so it is a function of the keys alone (the same string every
 * time); it stops working when the secret changes.
 */
export function anonKey(keys: AppJwtKeys): Promise<string> {
  return new SignJWT({ role: 'anon', iss: keys.issuer, ref: keys.ref })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(keys.secret);
}

/** Signs `claims` (already complete: sub, exp, iat...) with the keys. */
export function signAppJwt(keys: AppJwtKeys, claims: JWTPayload): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keys.secret);
}

export type AppJwtCheck =
  | { ok: true; claims: AppJwtClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'claims' };

/**
 * Tokens already verified (each request of an app carries its anon key and often a user's JWT):
 * by the keys' secret and ref and the token itself, with the claims, until the token expires.
 * Only successes are kept; the oldest go first past the cap.
 */
const VERIFIED_CAP = 2_000;
const verified = new Map<string, AppJwtClaims>();

function rememberVerified(key: string, claims: AppJwtClaims) {
  verified.delete(key);
  verified.set(key, claims);
  if (verified.size > VERIFIED_CAP) verified.delete(verified.keys().next().value ?? '');
}

/** verifyAppJwt with the reason of a refusal (GoTrue names it in its bad_jwt message). */
export async function checkAppJwt(
  keys: AppJwtKeys,
  token: string,
  options: { now?: Date } = {},
): Promise<AppJwtCheck> {
  const cacheKey = `${Buffer.from(keys.secret).toString('hex')}\u0000${keys.issuer}\u0000${keys.ref}\u0000${token}`;
  const known = verified.get(cacheKey);
  const nowSeconds = (options.now ?? new Date()).getTime() / 1000;
  if (known && (typeof known.exp !== 'number' || known.exp > nowSeconds))
    return { ok: true, claims: known };
  const checked = await verifyFresh(keys, token, options);
  if (checked.ok) rememberVerified(cacheKey, checked.claims);
  return checked;
}

async function verifyFresh(
  keys: AppJwtKeys,
  token: string,
  options: { now?: Date },
): Promise<AppJwtCheck> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys.secret, {
      algorithms: ['HS256'],
      issuer: keys.issuer,
      currentDate: options.now,
    }));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_JWT_EXPIRED') return { ok: false, reason: 'expired' };
    if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') return { ok: false, reason: 'signature' };
    if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') return { ok: false, reason: 'claims' };
    return { ok: false, reason: 'malformed' };
  }
  if (payload['ref'] !== keys.ref) return { ok: false, reason: 'claims' };
  const role = payload['role'];
  if (role !== 'anon' && role !== 'authenticated') return { ok: false, reason: 'claims' };
  return { ok: true, claims: { ...payload, role } };
}

/**
 * Verifies an apikey / Bearer JWT of these keys (HS256 signature, iss, ref, exp when present, role
 * anon or authenticated): its claims, or null. A JWT of another project's keys is null.
 */
export async function verifyAppJwt(
  keys: AppJwtKeys,
  token: string,
  options: { now?: Date } = {},
): Promise<AppJwtClaims | null> {
  const result = await checkAppJwt(keys, token, options);
  return result.ok ? result.claims : null;
}
