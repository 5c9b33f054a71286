import { randomBytes } from 'node:crypto';

/** 32 letters and digits that cannot be mistaken for one another (no I, O, 0 or 1). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 10;

/** A new referral code: 10 characters, 50 random bits, safe in a URL as it is. */
export function newReferralCode(): string {
  return [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** How codes compare: as typed or pasted, without spaces, upper-case. */
export function normalizedReferralCode(code: string | null | undefined): string | null {
  const value = code?.trim().toUpperCase();
  return value ? value : null;
}
