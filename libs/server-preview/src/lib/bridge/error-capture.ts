import {
  PREVIEW_ERROR_REPORT_WINDOW_MS,
  PREVIEW_ERROR_REPORTS_PER_WINDOW,
  type PreviewErrorPhase,
} from '@mason/contract/preview';
import { formatValue } from './console-format';
import type { PostToParent } from './parent-window';
import { cut } from './values';

export interface ErrorCaptureOptions {
  readonly post: PostToParent;
  /** Where errors are POSTed on the preview origin; null: Mason's window only. */
  readonly errorsUrl: string | null;
  /** Adds the access token to the errors URL. */
  readonly withToken: (href: string) => string;
  /** Whether the version shown is in its first render (followLoadPhase); 'after-load' if absent. */
  readonly phase?: () => PreviewErrorPhase;
}

interface RuntimeError {
  readonly kind: 'error' | 'unhandledrejection';
  readonly message: string;
  readonly stack: string | null;
}

function stackOf(value: unknown): string | null {
  const stack: unknown =
    typeof value === 'object' && value !== null ? (value as { stack?: unknown }).stack : undefined;
  return typeof stack === 'string' ? cut(stack) : null;
}

/**
 * Reports the page's uncaught errors and unhandled rejections: each to Mason's window, and to
 * the preview host (for the agent) at most PREVIEW_ERROR_REPORTS_PER_WINDOW per window, with
 * the phase it happened in (the host repairs by itself only a first render's errors). The
 * host's failures are ignored: the report is a courtesy.
 */
export function captureErrors({ post, errorsUrl, withToken, phase }: ErrorCaptureOptions): void {
  /** Taken now, so an app that wraps fetch does not see (or break) the bridge's reports. */
  const nativeFetch = typeof window.fetch === 'function' ? window.fetch.bind(window) : null;
  let windowStart = 0;
  let reportsInWindow = 0;

  function sendToHost(error: RuntimeError, when: PreviewErrorPhase): void {
    if (errorsUrl === null || nativeFetch === null) return;
    const now = Date.now();
    if (now - windowStart >= PREVIEW_ERROR_REPORT_WINDOW_MS) {
      windowStart = now;
      reportsInWindow = 0;
    }
    if (reportsInWindow >= PREVIEW_ERROR_REPORTS_PER_WINDOW) return;
    reportsInWindow += 1;
    try {
      nativeFetch(withToken(errorsUrl), {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...error, phase: when, page: location.pathname }),
      }).catch(() => undefined);
    } catch {
      // A page that cannot send the report carries on.
    }
  }

  function report(kind: RuntimeError['kind'], message: string, stack: string | null): void {
    const error = { kind, message: cut(message), stack };
    // Read as it is thrown: the person's click that threw ends the first render before it.
    const when = phase?.() ?? 'after-load';
    post({ type: 'error', ...error });
    sendToHost(error, when);
  }

  window.addEventListener('error', (event) => {
    if (!(event instanceof ErrorEvent)) return;
    report('error', event.message || formatValue(event.error), stackOf(event.error));
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = (event as PromiseRejectionEvent).reason;
    report('unhandledrejection', formatValue(reason), stackOf(reason));
  });
}
