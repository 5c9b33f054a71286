/**
 * The one clock of Mason's specs and stories. Every jest spec of a screen (tools/jest/setup-dom.ts)
 * and every story (.storybook/preview.tsx) runs with `Date` frozen at FIXTURE_NOW, and fixtures
 * are dated against that instant, never against the wall clock: "12 minutes ago" reads the same
 * on a quiet laptop, on a busy CI machine, and next year. Timers are not touched, so waits,
 * polling and animations run as they do for a person.
 */

/** "Now" in every spec of a screen and every story: a day after FIXTURE_TIME. */
export const FIXTURE_NOW = '2025-01-16T12:00:00.000Z';

const FIXTURE_NOW_MS = Date.parse(FIXTURE_NOW);

export interface FixtureDuration {
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
}

/** The ISO time a duration before FIXTURE_NOW: `fixtureTimeAgo({ minutes: 12 })`. */
export function fixtureTimeAgo({
  days = 0,
  hours = 0,
  minutes = 0,
  seconds = 0,
}: FixtureDuration): string {
  const ms = (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000;
  return new Date(FIXTURE_NOW_MS - ms).toISOString();
}

/**
 * Freezes `Date` at `at` (FIXTURE_NOW unless told): `Date.now()`, `new Date()` and `Date()`
 * answer that instant, every other use of `Date` is the real one (`new Date(iso)`, `Date.parse`,
 * `instanceof Date`). Answers the function that puts the real clock back. jest's fake timers
 * installed afterwards replace it and put it back when they are uninstalled.
 */
export function freezeClock(at: string | number = FIXTURE_NOW): () => void {
  const RealDate = globalThis.Date;
  const frozen = typeof at === 'number' ? at : RealDate.parse(at);
  if (Number.isNaN(frozen)) throw new Error(`freezeClock: ${String(at)} is not a time.`);
  const FrozenDate = new Proxy(RealDate, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length === 0 ? [frozen] : args, newTarget) as object,
    apply: () => new RealDate(frozen).toString(),
    get: (target, property, receiver) =>
      property === 'now' ? () => frozen : Reflect.get(target, property, receiver),
  });
  globalThis.Date = FrozenDate;
  return () => {
    if (globalThis.Date === FrozenDate) globalThis.Date = RealDate;
  };
}
