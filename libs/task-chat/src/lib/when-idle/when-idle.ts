/**
 * Runs `task` when the browser has nothing else to do (after the frame being drawn); with a
 * `timeout` (ms), at the latest then, however busy it stays. Where the browser cannot tell (no
 * requestIdleCallback), soon after. Answers the function that cancels it.
 */
export function whenIdle(task: () => void, timeout?: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(
      () => task(),
      timeout === undefined ? undefined : { timeout },
    );
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 50);
  return () => clearTimeout(timer);
}
