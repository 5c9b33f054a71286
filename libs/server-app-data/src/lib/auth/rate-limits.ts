// Sliding-window limits of an app's sign-in, counted in its own database (auth.rate_limit_hits):
// per kind and per key (a client address or an e-mail address), so they hold across restarts
// and processes. Each app and environment has a database of its own, so counts never mix. Time
// comes from the caller's clock.
import type { SqlClient } from '@mason/server-postgrest';

export interface AppAuthLimits {
  /** Sign-up attempts per app per client address per hour. */
  signupsPerHour: number;
  /** Failed password sign-ins per app per e-mail address per 15 minutes. */
  failedSignInsPer15Min: number;
}

export const DEFAULT_LIMITS: AppAuthLimits = { signupsPerHour: 30, failedSignInsPer15Min: 10 };

export type LimitKind = 'signup' | 'failed-sign-in';

const WINDOW_MS: Record<LimitKind, number> = {
  signup: 60 * 60 * 1000,
  'failed-sign-in': 15 * 60 * 1000,
};

function limitOf(limits: AppAuthLimits, kind: LimitKind): number {
  return kind === 'signup' ? limits.signupsPerHour : limits.failedSignInsPer15Min;
}

const windowStart = (kind: LimitKind, now: Date) => new Date(now.getTime() - WINDOW_MS[kind]);

/**
 * Takes the key's turn for the rest of the transaction (`pg_advisory_xact_lock`), so two requests
 * of one key count one after the other, never both under the limit.
 */
async function lockKey(sql: SqlClient, kind: LimitKind, key: string): Promise<void> {
  await sql.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
    JSON.stringify(['rate-limit', kind, key]),
  ]);
}

/** The key's hits of `kind` within its window before `now`. */
async function hitsInWindow(
  sql: SqlClient,
  kind: LimitKind,
  key: string,
  now: Date,
): Promise<number> {
  const { rows } = await sql.query<{ count: number }>(
    'select count(*)::int as count from auth.rate_limit_hits where kind = $1 and key = $2 and at > $3',
    [kind, key, windowStart(kind, now)],
  );
  return rows[0]?.count ?? 0;
}

/** True when the key has used up its limit of `kind` before `now`. */
export async function isExhausted(
  sql: SqlClient,
  limits: AppAuthLimits,
  kind: LimitKind,
  key: string,
  now: Date,
): Promise<boolean> {
  return (await hitsInWindow(sql, kind, key, now)) >= limitOf(limits, kind);
}

/** Counts a hit of the key unless it has used up its limit (false then), under the key's lock. */
export async function takeHit(
  sql: SqlClient,
  limits: AppAuthLimits,
  kind: LimitKind,
  key: string,
  now: Date,
): Promise<boolean> {
  await lockKey(sql, kind, key);
  if (await isExhausted(sql, limits, kind, key, now)) return false;
  await addHit(sql, kind, key, now);
  return true;
}

/** Counts one hit of the key, and forgets every hit of `kind` that has left its window. */
export async function addHit(
  sql: SqlClient,
  kind: LimitKind,
  key: string,
  now: Date,
): Promise<void> {
  await sql.query('delete from auth.rate_limit_hits where kind = $1 and at <= $2', [
    kind,
    windowStart(kind, now),
  ]);
  await sql.query('insert into auth.rate_limit_hits (kind, key, at) values ($1, $2, $3)', [
    kind,
    key,
    now,
  ]);
}

/** Forgets the key's hits of `kind` (a successful sign-in clears its failures). */
export async function clearHits(sql: SqlClient, kind: LimitKind, key: string): Promise<void> {
  await sql.query('delete from auth.rate_limit_hits where kind = $1 and key = $2', [kind, key]);
}
