// Refresh tokens: a random nonce and its HMAC under the app's secret, 40 URL-safe characters.
// The database keeps the sha256 of the token and the nonce: neither is a usable token without the
// secret, yet the server can re-derive a token it issued (GoTrue answers the currently active
// token again to a client that lost a refresh's answer).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { AppJwtKeys } from './jwt';

const NONCE_BYTES = 12; // 16 characters
const MAC_BYTES = 18; // 24 characters
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{40}$/;

export interface RefreshToken {
  token: string;
  nonce: string;
  hash: string;
}

export function deriveRefreshToken(keys: AppJwtKeys, nonce: string): RefreshToken {
  const mac = createHmac('sha256', keys.secret)
    .update(`refresh-token:${keys.ref}:${nonce}`)
    .digest()
    .subarray(0, MAC_BYTES)
    .toString('base64url');
  const token = nonce + mac;
  return { token, nonce, hash: hashRefreshToken(token) };
}

export function newRefreshToken(keys: AppJwtKeys): RefreshToken {
  return deriveRefreshToken(keys, randomBytes(NONCE_BYTES).toString('base64url'));
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` has the shape of a token this server issues (else: "not valid", not "not found"). */
export function isRefreshTokenShaped(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
