import type { RateLimiter } from '../rate-limit/rate-limiter';

/**
 * The limits around a password check (a login, or the current password in the settings).
 *
 * A client address gets `loginFailuresPerIp` failures on any accounts. An account gets
 * `loginFailuresPerAccount` failures from anywhere; past that, only addresses that have failed on
 * it in the window are refused. So whoever guesses is stopped, while the owner, from an address
 * that made no mistakes, still gets in with the right password: nobody can lock anybody out.
 */
export async function checkPasswordAttempt(
  limiter: RateLimiter,
  email: string,
  ip: string,
): Promise<void> {
  await limiter.check('loginFailuresPerIp', ip);
  const accountRetry = await limiter.retryAfter('loginFailuresPerAccount', email);
  if (accountRetry === null) return;
  const ownRetry = await limiter.retryAfterFrom('loginFailuresPerAccount', email, ip);
  // Refused until the account's limit ends or this address's own failures leave the window.
  if (ownRetry !== null)
    throw limiter.refusal('loginFailuresPerAccount', Math.min(accountRetry, ownRetry));
}

/** Counts a wrong password for the account and for the address it came from. */
export async function countPasswordFailure(
  limiter: RateLimiter,
  email: string,
  ip: string,
): Promise<void> {
  await limiter.hit('loginFailuresPerIp', ip);
  await limiter.hit('loginFailuresPerAccount', email, ip);
}

/**
 * After the right password: forgets the account's failures from this address only, so that the
 * owner logging in does not hand someone guessing elsewhere a fresh allowance.
 */
export async function clearPasswordFailures(
  limiter: RateLimiter,
  email: string,
  ip: string,
): Promise<void> {
  await limiter.reset('loginFailuresPerAccount', email, ip);
}
