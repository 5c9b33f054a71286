import type { ConsoleLevel } from '@mason/contract/preview';
import { formatConsoleArguments } from './console-format';
import type { PostToParent } from './parent-window';

/** Console messages posted per second at most; the rest are counted and reported as one warning. */
export const CONSOLE_MESSAGES_PER_SECOND = 200;

const LEVELS: readonly ConsoleLevel[] = ['log', 'info', 'warn', 'error', 'debug'];

/**
 * Whether each console message may be posted: at most CONSOLE_MESSAGES_PER_SECOND in a window
 * of one second. A dropped message is counted; the count is posted as a warning when the window
 * ends (at the next message, or by a timer).
 */
function consoleRateLimit(post: PostToParent): () => boolean {
  let windowStart = 0;
  let messagesInWindow = 0;
  let dropped = 0;
  let droppedReportTimer: ReturnType<typeof setTimeout> | null = null;

  function reportDropped(): void {
    if (droppedReportTimer !== null) clearTimeout(droppedReportTimer);
    droppedReportTimer = null;
    const count = dropped;
    if (count === 0) return;
    dropped = 0;
    post({
      type: 'console',
      level: 'warn',
      text: `Mason left out ${count} console ${count === 1 ? 'message' : 'messages'}: the app logged more than ${CONSOLE_MESSAGES_PER_SECOND} in one second.`,
    });
  }

  return () => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      reportDropped();
      windowStart = now;
      messagesInWindow = 0;
    }
    if (messagesInWindow < CONSOLE_MESSAGES_PER_SECOND) {
      messagesInWindow += 1;
      return true;
    }
    dropped += 1;
    droppedReportTimer ??= setTimeout(reportDropped, windowStart + 1000 - now);
    return false;
  };
}

/**
 * Wraps the console's log, info, warn, error and debug: the app's call runs as before, then the
 * line is posted to Mason's window. A console call made while posting is not posted, and the
 * bridge never makes the app's console call throw.
 */
export function captureConsole(post: PostToParent): void {
  const admit = consoleRateLimit(post);
  let posting = false;
  for (const level of LEVELS) {
    const original = console[level];
    if (typeof original !== 'function') continue;
    console[level] = function (this: Console, ...args: unknown[]): void {
      original.apply(this, args);
      if (posting) return;
      posting = true;
      try {
        if (admit()) post({ type: 'console', level, text: formatConsoleArguments(args) });
      } catch {
        // The app's console call must never fail because of the bridge.
      } finally {
        posting = false;
      }
    };
  }
}
