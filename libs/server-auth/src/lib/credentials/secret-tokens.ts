import { createHash, randomBytes } from 'node:crypto';

/** A random secret for a bearer token or an e-mail link: 32 bytes, base64url (43 characters). */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Tokens are stored as their sha256, so a database leak does not leak working tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
