/**
 * How long a server test waits for something the server does on its own time (a turn ending, a
 * log entry, an e-mail, an event on a stream): one bound for every helper, not a pause. A
 * passing wait ends as soon as what it waits for is there; one that never ends fails with its
 * own message ("Timed out after … waiting for …") before jest's test timeout (60 s,
 * jest.preset.js) would end the test with a message that says nothing.
 */
export const SERVER_WAIT_TIMEOUT_MS = 45_000;

/** How often a helper asks the server again. */
export const POLL_INTERVAL_MS = 50;

/** Sleeps `ms` milliseconds. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks `probe` every POLL_INTERVAL_MS until it answers something other than undefined, and
 * answers that; fails after `timeoutMs` with `what` (and the last `describe(…)` when given).
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = SERVER_WAIT_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await pause(POLL_INTERVAL_MS);
  }
}
