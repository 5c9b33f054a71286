import type { RateLimiter } from '../rate-limit/rate-limiter';

/** Where the addresses an account's owner logged in from are remembered (rate_limit_events). */
const OWNER_ADDRESSES = 'login-success:account';
/** How long an address the owner logged in from (or reset the password from) stays theirs. */
export const OWNER_ADDRESS_DAYS = 30;
const OWNER_ADDRESS_SECONDS = OWNER_ADDRESS_DAYS * 24 * 60 * 60;

/**
 * The limits around a password check (a login, or the current password in the settings). Client
 * addresses are counted by their group (an IPv6 /64 as one address; see addressGroup).
 *
 * A client address gets `loginFailuresPerIp` failures on any accounts. An account gets
 * `loginFailuresPerAccount` failures from anywhere; past that, only addresses that have failed on
 * it in the window are refused. Guesses from ever new addresses meet
 * `loginFailuresPerAccountAnywhere`: past it, every address waits (429 with Retry-After) until the
 * window frees a try, except the addresses the owner logged in from within OWNER_ADDRESS_DAYS. So
 * whoever guesses is slowed to a few tries an hour, however many addresses they have, while the
 * owner, from an address of theirs, still gets in with the right password, and from anywhere
 * else after a password reset (its e-mailed link clears the failures and makes that address
 * theirs): nobody can lock anybody out.
 */
export async function checkPasswordAttempt(
  limiter: RateLimiter,
  email: string,
  ip: string,
): Promise<void> {
  await limiter.check('loginFailuresPerIp', ip);
  const accountRetry = await limiter.retryAfter('loginFailuresPerAccount', email);
  if (accountRetry !== null) {
    const ownRetry = await limiter.retryAfterFrom('loginFailuresPerAccount', email, ip);
    // Refused until the account's limit ends or this address's own failures leave the window.
    if (ownRetry !== null)
      throw limiter.refusal('loginFailuresPerAccount', Math.min(accountRetry, ownRetry));
  }
  const anywhereRetry = await limiter.retryAfter('loginFailuresPerAccountAnywhere', email);
  if (
    anywhereRetry !== null &&
    !(await limiter.remembers(OWNER_ADDRESSES, email, ip, OWNER_ADDRESS_SECONDS))
  )
    throw limiter.refusal('loginFailuresPerAccountAnywhere', anywhereRetry);
}

/** Counts a wrong password for the account and for the address it came from. */
export async function countPasswordFailure(
  limiter: RateLimiter,
  email: string,
  ip: string,
): Promise<void> {
  await limiter.hit('loginFailuresPerIp', ip);
  await limiter.hit('loginFailuresPerAccount', email, ip);
  await limiter.hit('loginFailuresPerAccountAnywhere', email, ip);
}

/**
 * After the right password: forgets the account's failures from this address only, so that the
 * owner logging in does not hand someone guessing elsewhere a fresh allowance, and remembers the
 * address as the owner's.
 */
export async function clearPasswordFailures(
  limiter: RateLimiter,
  email: string,
  ip: string,
): Promise<void> {
  await limiter.reset('loginFailuresPerAccount', email, ip);
  await limiter.reset('loginFailuresPerAccountAnywhere', email, ip);
  await limiter.remember(OWNER_ADDRESSES, email, ip, OWNER_ADDRESS_SECONDS);
}

/**
 * After a password reset (its link reached the owner's mailbox): forgets every failure on the
 * account, from anywhere, and remembers the address the link was opened from as the owner's.
 */
export async function clearAllPasswordFailures(
  limiter: RateLimiter,
  email: string,
  ip: string,
): Promise<void> {
  await limiter.reset('loginFailuresPerAccount', email);
  await limiter.reset('loginFailuresPerAccountAnywhere', email);
  await limiter.remember(OWNER_ADDRESSES, email, ip, OWNER_ADDRESS_SECONDS);
}
