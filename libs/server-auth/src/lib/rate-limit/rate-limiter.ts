import { and, desc, eq, gt, lt, or } from 'drizzle-orm';
import { type Database, rateLimitEvents } from '@mason/server-db';
import { type HttpError, tooManyRequests } from '@mason/server-http';
import { addressGroup } from './address-group';

export interface RateLimitRule {
  /** How many events are allowed… */
  max: number;
  /** …within this many seconds. */
  windowSeconds: number;
}

/** Each limit is counted in the database, so it holds across several server processes. */
export interface RateLimits {
  /**
   * Failed logins for one e-mail address (from any address). Over the limit, a client address
   * that has no failures on the account in the window may still log in with the right password.
   */
  loginFailuresPerAccount: RateLimitRule;
  /**
   * Failed logins for one e-mail address from anywhere, over a longer window: past it, only the
   * addresses its owner logged in from (OWNER_ADDRESS_DAYS) may try; every other address waits
   * until the window frees a try, however many addresses the guesses come from.
   */
  loginFailuresPerAccountAnywhere: RateLimitRule;
  /** Failed logins from one IP address (for any accounts). */
  loginFailuresPerIp: RateLimitRule;
  /** Sign-up attempts (password and Google) from one IP address. */
  signupsPerIp: RateLimitRule;
  /** Password-reset requests from one IP address. */
  passwordResetsPerIp: RateLimitRule;
  /** Password-reset requests for one e-mail address. */
  passwordResetsPerEmail: RateLimitRule;
  /** Verification e-mails re-sent for one account. */
  verificationMailsPerAccount: RateLimitRule;
  /**
   * Attempts to change the e-mail address of one account (each sends a verification e-mail or
   * answers whether the address is taken), counted whether or not they succeed.
   */
  emailChangesPerAccount: RateLimitRule;
}

export type RateLimitName = keyof RateLimits;

const waitText = (seconds: number) =>
  seconds < 90
    ? `${seconds} second${seconds === 1 ? '' : 's'}`
    : `${Math.ceil(seconds / 60)} minutes`;

/** What a person is told when a limit is reached. */
const messages: Record<RateLimitName, string> = {
  loginFailuresPerAccount: 'Too many failed login attempts for this account.',
  loginFailuresPerAccountAnywhere:
    'Too many failed login attempts for this account from many networks. To get in at once, reset your password.',
  loginFailuresPerIp: 'Too many failed login attempts from your network.',
  signupsPerIp: 'Too many sign-ups from your network.',
  passwordResetsPerIp: 'Too many password reset requests from your network.',
  passwordResetsPerEmail: 'Too many password reset requests for this e-mail address.',
  verificationMailsPerAccount: 'Too many verification e-mails requested.',
  emailChangesPerAccount: 'Too many attempts to change your e-mail address.',
};

/** The limits whose key is a client address (counted by addressGroup: an IPv6 /64 as one). */
const PER_ADDRESS: ReadonlySet<RateLimitName> = new Set([
  'loginFailuresPerIp',
  'signupsPerIp',
  'passwordResetsPerIp',
]);

/** The key a limit counts: a client address by its group (IPv6 by /64), anything else as it is. */
const keyOf = (name: RateLimitName, key: string) =>
  PER_ADDRESS.has(name) ? addressGroup(key) : key;

/**
 * Sliding-window limits counted in the database (table rate_limit_events), so that every server
 * process sees the same counts. A burst racing across processes may overshoot a limit by a few
 * events; that is acceptable for these abuse limits. Client addresses (the keys of the per-address
 * limits, and every `source`) are counted by addressGroup: all of an IPv6 /64 as one.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly rules: RateLimits,
  ) {}

  /** Throws 429 (with retryAfterSeconds) when `key` has used up limit `name`. */
  async check(name: RateLimitName, key: string): Promise<void> {
    const retryAfterSeconds = await this.retryAfter(name, key);
    if (retryAfterSeconds !== null) throw this.refusal(name, retryAfterSeconds);
  }

  /** Seconds until `key` may try again when it has used up limit `name`; null while it has not. */
  async retryAfter(name: RateLimitName, key: string): Promise<number | null> {
    const { max, windowSeconds } = this.rules[name];
    const counted = keyOf(name, key);
    const now = Date.now();
    const since = new Date(now - windowSeconds * 1000);
    // The max-th newest event in the window: while it is inside the window, the limit is reached.
    const [blocking] = await this.db
      .select({ createdAt: rateLimitEvents.createdAt })
      .from(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, name),
          eq(rateLimitEvents.key, counted),
          gt(rateLimitEvents.createdAt, since),
        ),
      )
      .orderBy(desc(rateLimitEvents.createdAt))
      .limit(1)
      .offset(max - 1);
    return blocking ? this.secondsUntilOutOfWindow(name, blocking.createdAt, now) : null;
  }

  /**
   * Seconds until the events of `key` that came from `source` have all left the window of limit
   * `name`; null when there are none in it.
   */
  async retryAfterFrom(name: RateLimitName, key: string, source: string): Promise<number | null> {
    const now = Date.now();
    const since = new Date(now - this.rules[name].windowSeconds * 1000);
    const [newest] = await this.db
      .select({ createdAt: rateLimitEvents.createdAt })
      .from(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, name),
          eq(rateLimitEvents.key, keyOf(name, key)),
          eq(rateLimitEvents.source, addressGroup(source)),
          gt(rateLimitEvents.createdAt, since),
        ),
      )
      .orderBy(desc(rateLimitEvents.createdAt))
      .limit(1);
    return newest ? this.secondsUntilOutOfWindow(name, newest.createdAt, now) : null;
  }

  /** The 429 of limit `name`: what was limited, and when to try again. */
  refusal(name: RateLimitName, retryAfterSeconds: number): HttpError {
    return tooManyRequests(
      `${messages[name]} Please try again in ${waitText(retryAfterSeconds)}.`,
      retryAfterSeconds,
    );
  }

  private secondsUntilOutOfWindow(name: RateLimitName, eventAt: Date, now: number): number {
    const windowMs = this.rules[name].windowSeconds * 1000;
    return Math.max(1, Math.ceil((eventAt.getTime() + windowMs - now) / 1000));
  }

  /**
   * Counts one event for `key` (and forgets its events older than the window). `source` records
   * where it came from, for retryAfterFrom and reset.
   */
  async hit(name: RateLimitName, key: string, source?: string): Promise<void> {
    const now = new Date();
    const since = new Date(now.getTime() - this.rules[name].windowSeconds * 1000);
    const counted = keyOf(name, key);
    await this.db
      .delete(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, name),
          eq(rateLimitEvents.key, counted),
          lt(rateLimitEvents.createdAt, since),
        ),
      );
    await this.db.insert(rateLimitEvents).values({
      bucket: name,
      key: counted,
      source: source === undefined ? null : addressGroup(source),
      createdAt: now,
    });
  }

  /** check, then hit: for actions limited whether or not they succeed. */
  async consume(name: RateLimitName, key: string): Promise<void> {
    await this.check(name, key);
    await this.hit(name, key);
  }

  /**
   * Forgets the events of `key`: all of them, or only those from `source` (e.g. the failed logins
   * of an address that then logged in).
   */
  async reset(name: RateLimitName, key: string, source?: string): Promise<void> {
    await this.db
      .delete(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, name),
          eq(rateLimitEvents.key, keyOf(name, key)),
          source === undefined ? undefined : eq(rateLimitEvents.source, addressGroup(source)),
        ),
      );
  }

  /**
   * Remembers that `key` was seen from `source` (a client address, by its group) for
   * `keepSeconds`: e.g. the addresses an account's owner logged in from.
   */
  async remember(bucket: string, key: string, source: string, keepSeconds: number): Promise<void> {
    const group = addressGroup(source);
    const since = new Date(Date.now() - keepSeconds * 1000);
    await this.db
      .delete(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, bucket),
          eq(rateLimitEvents.key, key),
          or(eq(rateLimitEvents.source, group), lt(rateLimitEvents.createdAt, since)),
        ),
      );
    await this.db.insert(rateLimitEvents).values({ bucket, key, source: group });
  }

  /** Whether `key` was remembered from `source` (by its group) within the last `keepSeconds`. */
  async remembers(bucket: string, key: string, source: string, keepSeconds: number) {
    const [row] = await this.db
      .select({ id: rateLimitEvents.id })
      .from(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, bucket),
          eq(rateLimitEvents.key, key),
          eq(rateLimitEvents.source, addressGroup(source)),
          gt(rateLimitEvents.createdAt, new Date(Date.now() - keepSeconds * 1000)),
        ),
      )
      .limit(1);
    return row !== undefined;
  }
}
