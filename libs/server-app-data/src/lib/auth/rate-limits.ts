// Sliding-window counters in this process's memory, per app (its `ref`), per kind and per key
// (a client address or an e-mail address). Time comes from the caller's clock.

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

/** Forget keys whose events have all left their window every this many hits. */
const SWEEP_EVERY = 1000;

export class RateCounters {
  private readonly events = new Map<string, { kind: LimitKind; times: number[] }>();
  private hitsSinceSweep = 0;

  constructor(private readonly limits: AppAuthLimits) {}

  private max(kind: LimitKind) {
    return kind === 'signup' ? this.limits.signupsPerHour : this.limits.failedSignInsPer15Min;
  }

  private inWindow(kind: LimitKind, ref: string, key: string, now: number): number[] {
    const id = JSON.stringify([ref, kind, key]);
    const entry = this.events.get(id);
    if (!entry) return [];
    entry.times = entry.times.filter((time) => time > now - WINDOW_MS[kind]);
    if (entry.times.length === 0) this.events.delete(id);
    return entry.times;
  }

  /** True when `key` has used up its limit of `kind` in app `ref`. */
  exhausted(kind: LimitKind, ref: string, key: string, now: Date): boolean {
    return this.inWindow(kind, ref, key, now.getTime()).length >= this.max(kind);
  }

  hit(kind: LimitKind, ref: string, key: string, now: Date): void {
    const id = JSON.stringify([ref, kind, key]);
    const times = this.inWindow(kind, ref, key, now.getTime());
    this.events.set(id, { kind, times: [...times, now.getTime()] });
    if (++this.hitsSinceSweep >= SWEEP_EVERY) this.sweep(now.getTime());
  }

  reset(kind: LimitKind, ref: string, key: string): void {
    this.events.delete(JSON.stringify([ref, kind, key]));
  }

  private sweep(now: number) {
    this.hitsSinceSweep = 0;
    for (const [id, entry] of this.events) {
      if (!entry.times.some((time) => time > now - WINDOW_MS[entry.kind])) this.events.delete(id);
    }
  }
}
