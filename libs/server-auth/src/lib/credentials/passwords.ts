import { hash, verify } from '@node-rs/argon2';

// argon2id with @node-rs/argon2's defaults (19 MiB memory, 2 iterations: OWASP's minimum).
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** A hash of a password nobody knows: checked when an account has no password, so that the answer takes as long. */
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; null/undefined hashes never match (but take as long). */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
