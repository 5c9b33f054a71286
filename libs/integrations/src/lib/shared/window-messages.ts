/**
 * How a callback popup tells the Mason page that opened it how signing in went: a message to the
 * opener (same origin only) and the same message on a BroadcastChannel of this origin, for when
 * the opener link is gone (the service's pages may cut it) or the popup was opened another way.
 * Each service has its own channel and message types (github-window-messages, mcp-window-messages).
 */
export interface WindowResult {
  /** Lets a listener that hears a result twice (opener and channel) act once. */
  readonly id: string;
  readonly type: string;
}

/**
 * A fresh id for one announcement. Not crypto.randomUUID: that exists only in secure contexts,
 * and Mason may be served over plain http on a local network.
 */
export const newResultId = (): string =>
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** True for a result of one of `types` (anything else on the channel is ignored). */
export function isWindowResultOf(types: ReadonlySet<unknown>, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { type?: unknown; id?: unknown };
  return types.has(candidate.type) && typeof candidate.id === 'string';
}

/** Tells the opener (same origin) and every Mason page of this origin on `channelName`. */
export function announceWindowResult(channelName: string, result: WindowResult): void {
  const opener = window.opener as Window | null;
  if (opener && opener !== window) {
    try {
      opener.postMessage(result, window.location.origin);
    } catch {
      // An opener of another origin cannot be told; the channel below still is.
    }
  }
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(channelName);
    channel.postMessage(result);
    channel.close();
  }
}

/**
 * For the page that opens the popup: calls `onResult` once per result `isResult` accepts (by
 * postMessage from this origin, or on the channel). Answers the function that stops listening.
 */
export function listenForWindowResult<Result extends WindowResult>(
  channelName: string,
  isResult: (value: unknown) => value is Result,
  onResult: (result: Result) => void,
): () => void {
  const heard = new Set<string>();
  const hear = (result: Result) => {
    if (heard.has(result.id)) return;
    heard.add(result.id);
    onResult(result);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin && isResult(event.data)) hear(event.data);
  };
  window.addEventListener('message', onMessage);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : null;
  const onChannel = (event: MessageEvent) => {
    if (isResult(event.data)) hear(event.data);
  };
  channel?.addEventListener('message', onChannel);
  return () => {
    window.removeEventListener('message', onMessage);
    channel?.removeEventListener('message', onChannel);
    channel?.close();
  };
}
