import { FIXTURE_TIME } from './fixtures';
import { FIXTURE_NOW, fixtureTimeAgo, freezeClock } from './clock';

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the fixed clock of specs and stories', () => {
  it('is frozen at FIXTURE_NOW in every spec of a screen (tools/jest/setup-dom.ts)', async () => {
    expect(new Date().toISOString()).toBe(FIXTURE_NOW);
    await tick();
    expect(Date.now()).toBe(Date.parse(FIXTURE_NOW));
    expect(Date.parse(FIXTURE_NOW)).toBeGreaterThan(Date.parse(FIXTURE_TIME));
  });

  it('freezes Date.now(), new Date() and Date(), keeps every other use real, and puts the clock back', async () => {
    const before = globalThis.Date;
    const restore = freezeClock('2030-06-01T08:00:00.000Z');
    try {
      await tick();
      expect(Date.now()).toBe(Date.parse('2030-06-01T08:00:00.000Z'));
      expect(new Date().toISOString()).toBe('2030-06-01T08:00:00.000Z');
      expect(Date()).toBe(new Date('2030-06-01T08:00:00.000Z').toString());
      expect(new Date('2024-02-29T00:00:00.000Z').toISOString()).toBe('2024-02-29T00:00:00.000Z');
      expect(new Date(0).getTime()).toBe(0);
      expect(new Date() instanceof before).toBe(true);
      expect(new before() instanceof Date).toBe(true);
      expect(Date.UTC(2025, 0, 1)).toBe(before.UTC(2025, 0, 1));
    } finally {
      restore();
    }
    expect(globalThis.Date).toBe(before);
  });

  it('gives way to jest’s fake timers and comes back after them', () => {
    jest.useFakeTimers({ now: Date.parse('2031-01-01T00:00:00.000Z') });
    try {
      expect(new Date().toISOString()).toBe('2031-01-01T00:00:00.000Z');
      jest.advanceTimersByTime(60_000);
      expect(new Date().toISOString()).toBe('2031-01-01T00:01:00.000Z');
    } finally {
      jest.useRealTimers();
    }
    expect(new Date().toISOString()).toBe(FIXTURE_NOW);
  });

  it('dates fixtures a duration before FIXTURE_NOW', () => {
    expect(fixtureTimeAgo({ minutes: 12 })).toBe('2025-01-16T11:48:00.000Z');
    expect(fixtureTimeAgo({ days: 1, hours: 2 })).toBe('2025-01-15T10:00:00.000Z');
    expect(fixtureTimeAgo({})).toBe(FIXTURE_NOW);
  });

  it('refuses a time it cannot read', () => {
    expect(() => freezeClock('not a time')).toThrow('not a time');
  });
});
