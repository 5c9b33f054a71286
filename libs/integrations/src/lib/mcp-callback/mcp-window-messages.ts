import type { McpServer } from '@mason/contract';
import {
  announceWindowResult,
  isWindowResultOf,
  listenForWindowResult,
} from '../shared/window-messages';

/**
 * How /mcp/callback/close (the sign-in of an MCP server in a popup) tells the Mason page that
 * opened it how signing in went (see shared/window-messages): to the opener, and on this channel.
 */
export const MCP_WINDOW_CHANNEL = 'mason.mcp-connect';

/** One announcement; `id` lets a listener that hears it twice (opener and channel) act once. */
export type McpWindowResult = { id: string } & (
  { type: 'mason:mcp-connected'; server: McpServer } | { type: 'mason:mcp-failed'; message: string }
);

const TYPES: ReadonlySet<unknown> = new Set(['mason:mcp-connected', 'mason:mcp-failed']);

/** True for a message the MCP popup sent (anything else on the channel is ignored). */
export function isMcpWindowResult(value: unknown): value is McpWindowResult {
  return isWindowResultOf(TYPES, value);
}

/** Tells the opener (same origin) and every Mason page of this origin how signing in went. */
export function announceMcpWindowResult(result: McpWindowResult): void {
  announceWindowResult(MCP_WINDOW_CHANNEL, result);
}

/** For the page that opened the popup: `onResult` once per result. Answers how to stop. */
export function listenForMcpWindowResult(onResult: (result: McpWindowResult) => void): () => void {
  return listenForWindowResult(MCP_WINDOW_CHANNEL, isMcpWindowResult, onResult);
}
