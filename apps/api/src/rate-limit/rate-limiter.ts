import { and, desc, eq, gt, lt } from 'drizzle-orm';
import { type Database, rateLimitEvents } from '@mason/server-db';
import type { RateLimits } from '../config/app-config';
import { tooManyRequests } from '../http/http-error';

export type RateLimitName = keyof RateLimits;

const waitText = (seconds: number) =>
  seconds < 90
    ? `${seconds} second${seconds === 1 ? '' : 's'}`
    : `${Math.ceil(seconds / 60)} minutes`;

/** What a person is told when a limit is reached. */
const messages: Record<RateLimitName, string> = {
  loginFailuresPerAccount: 'Too many failed login attempts for this account.',
  loginFailuresPerIp: 'Too many failed login attempts from your network.',
  signupsPerIp: 'Too many sign-ups from your network.',
  passwordResetsPerIp: 'Too many password reset requests from your network.',
  passwordResetsPerEmail: 'Too many password reset requests for this e-mail address.',
  verificationMailsPerAccount: 'Too many verification e-mails requested.',
};

/**
 * Sliding-window limits counted in the database (table rate_limit_events), so that every server
 * process sees the same counts. A burst racing across processes may overshoot a limit by a few
 * events; that is acceptable for these abuse limits.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly rules: RateLimits,
  ) {}

  /** Throws 429 (with retryAfterSeconds) when `key` has used up limit `name`. */
  async check(name: RateLimitName, key: string): Promise<void> {
    const { max, windowSeconds } = this.rules[name];
    const now = Date.now();
    const since = new Date(now - windowSeconds * 1000);
    // The max-th newest event in the window: while it is inside the window, the limit is reached.
    const [blocking] = await this.db
      .select({ createdAt: rateLimitEvents.createdAt })
      .from(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, name),
          eq(rateLimitEvents.key, key),
          gt(rateLimitEvents.createdAt, since),
        ),
      )
      .orderBy(desc(rateLimitEvents.createdAt))
      .limit(1)
      .offset(max - 1);
    if (blocking) {
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((blocking.createdAt.getTime() + windowSeconds * 1000 - now) / 1000),
      );
      throw tooManyRequests(
        `${messages[name]} Please try again in ${waitText(retryAfterSeconds)}.`,
        retryAfterSeconds,
      );
    }
  }

  /** Counts one event for `key` (and forgets its events older than the window). */
  async hit(name: RateLimitName, key: string): Promise<void> {
    const now = new Date();
    const since = new Date(now.getTime() - this.rules[name].windowSeconds * 1000);
    await this.db
      .delete(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, name),
          eq(rateLimitEvents.key, key),
          lt(rateLimitEvents.createdAt, since),
        ),
      );
    await this.db.insert(rateLimitEvents).values({ bucket: name, key, createdAt: now });
  }

  /** check, then hit: for actions limited whether or not they succeed. */
  async consume(name: RateLimitName, key: string): Promise<void> {
    await this.check(name, key);
    await this.hit(name, key);
  }

  /** Forgets every event of `key` (e.g. failed logins after a successful one). */
  async reset(name: RateLimitName, key: string): Promise<void> {
    await this.db
      .delete(rateLimitEvents)
      .where(and(eq(rateLimitEvents.bucket, name), eq(rateLimitEvents.key, key)));
  }
}
