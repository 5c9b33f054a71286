import type { GithubIntegration } from '@mason/contract';
import {
  announceWindowResult,
  isWindowResultOf,
  listenForWindowResult,
  newResultId,
} from '../shared/window-messages';

/**
 * How the /github/callback/window popup tells the Mason page that opened it how connecting went
 * (see shared/window-messages): to the opener, and on this channel.
 */
export const GITHUB_WINDOW_CHANNEL = 'mason.github-connect';

/** One announcement; `id` lets a listener that hears it twice (opener and channel) act once. */
export type GithubWindowResult = { id: string } & (
  | { type: 'mason:github-connected'; integration: GithubIntegration }
  | { type: 'mason:github-failed'; message: string }
);

const TYPES: ReadonlySet<unknown> = new Set(['mason:github-connected', 'mason:github-failed']);

export { newResultId };

/** True for a message the window callback sent (anything else on the channel is ignored). */
export function isGithubWindowResult(value: unknown): value is GithubWindowResult {
  return isWindowResultOf(TYPES, value);
}

/** Tells the opener (same origin) and every Mason page of this origin how connecting went. */
export function announceGithubWindowResult(result: GithubWindowResult): void {
  announceWindowResult(GITHUB_WINDOW_CHANNEL, result);
}

/**
 * For the page that opens the popup: calls `onResult` once per result the popup announces (by
 * postMessage from this origin, or on the channel). Answers the function that stops listening.
 */
export function listenForGithubWindowResult(
  onResult: (result: GithubWindowResult) => void,
): () => void {
  return listenForWindowResult(GITHUB_WINDOW_CHANNEL, isGithubWindowResult, onResult);
}
