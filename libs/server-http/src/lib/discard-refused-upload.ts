import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';
import { HttpError } from './http-error';

/** busboy's refusals that come part-way through a multipart body (@fastify/multipart's codes). */
const PART_WAY_LIMITS = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * For an upload refused part-way through (too many files or fields, a field that is not the
 * file): reads what is left of the body and drops it. The client is still sending, and a
 * response sent before its last bytes are read closes the connection under it, so a browser
 * (and Node 24's fetch) reports a network error (EPIPE) instead of the refusal's message. The
 * body left is bounded: the route checked its Content-Length against its limit before reading.
 * Other failures (a file over the limit, a body cut short or malformed) are not read further.
 */
export async function discardRefusedUpload(raw: IncomingMessage, error: unknown): Promise<void> {
  const code = (error as { code?: unknown } | null)?.code;
  const partWay =
    error instanceof HttpError || (typeof code === 'string' && PART_WAY_LIMITS.has(code));
  if (!partWay || raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
  // A client that gives up meanwhile ends it too: the refusal then has no one to reach.
  await finished(raw, { writable: false }).catch(() => undefined);
}
