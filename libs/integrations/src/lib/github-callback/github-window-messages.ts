import type { GithubIntegration } from '@mason/contract';

/**
 * How the /github/callback/window popup tells the Mason page that opened it how connecting went:
 * a message to the opener (same origin only) and the same message on a BroadcastChannel of this
 * origin, for when the opener link is gone (GitHub's pages may cut it) or the popup was opened
 * another way.
 */
export const GITHUB_WINDOW_CHANNEL = 'mason.github-connect';

/** One announcement; `id` lets a listener that hears it twice (opener and channel) act once. */
export type GithubWindowResult = { id: string } & (
  | { type: 'mason:github-connected'; integration: GithubIntegration }
  | { type: 'mason:github-failed'; message: string }
);

const TYPES: ReadonlySet<unknown> = new Set(['mason:github-connected', 'mason:github-failed']);

/**
 * A fresh id for one announcement. Not crypto.randomUUID: that exists only in secure contexts,
 * and Mason may be served over plain http on a local network.
 */
export const newResultId = (): string =>
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** True for a message the window callback sent (anything else on the channel is ignored). */
export function isGithubWindowResult(value: unknown): value is GithubWindowResult {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { type?: unknown; id?: unknown };
  return TYPES.has(candidate.type) && typeof candidate.id === 'string';
}

/** Tells the opener (same origin) and every Mason page of this origin how connecting went. */
export function announceGithubWindowResult(result: GithubWindowResult): void {
  const opener = window.opener as Window | null;
  if (opener && opener !== window) {
    try {
      opener.postMessage(result, window.location.origin);
    } catch {
      // An opener of another origin cannot be told; the channel below still is.
    }
  }
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(GITHUB_WINDOW_CHANNEL);
    channel.postMessage(result);
    channel.close();
  }
}

/**
 * For the page that opens the popup: calls `onResult` once per result the popup announces (by
 * postMessage from this origin, or on the channel). Answers the function that stops listening.
 */
export function listenForGithubWindowResult(
  onResult: (result: GithubWindowResult) => void,
): () => void {
  const heard = new Set<string>();
  const hear = (result: GithubWindowResult) => {
    if (heard.has(result.id)) return;
    heard.add(result.id);
    onResult(result);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin && isGithubWindowResult(event.data))
      hear(event.data);
  };
  window.addEventListener('message', onMessage);
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(GITHUB_WINDOW_CHANNEL) : null;
  const onChannel = (event: MessageEvent) => {
    if (isGithubWindowResult(event.data)) hear(event.data);
  };
  channel?.addEventListener('message', onChannel);
  return () => {
    window.removeEventListener('message', onMessage);
    channel?.removeEventListener('message', onChannel);
    channel?.close();
  };
}
