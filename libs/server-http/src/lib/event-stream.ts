import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes the reply over as a server-sent event stream: the headers (no caching or buffering by
 * proxies) and how long a client waits before it reconnects. Answers the raw response to write
 * events to; the caller ends it.
 */
export function openEventStream(reply: FastifyReply, retryMs: number): ServerResponse {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  raw.write(`retry: ${retryMs}\n\n`);
  return raw;
}

/**
 * The open event streams of this process, by the session each was opened for: a stream ends
 * when its session does (a logout, a password reset, an account taken back) and when the
 * server stops.
 */
export class EventStreams {
  private readonly bySession = new Map<string, Set<ServerResponse>>();

  /** Keeps `raw` until it closes. */
  add(raw: ServerResponse, sessionId: string): void {
    let streams = this.bySession.get(sessionId);
    if (!streams) {
      streams = new Set();
      this.bySession.set(sessionId, streams);
    }
    streams.add(raw);
    raw.on('close', () => {
      streams.delete(raw);
      if (streams.size === 0 && this.bySession.get(sessionId) === streams)
        this.bySession.delete(sessionId);
    });
  }

  /** Ends the streams of these sessions. */
  closeSessions(sessionIds: readonly string[]): void {
    for (const id of sessionIds) for (const raw of this.bySession.get(id) ?? []) raw.end();
  }

  closeAll(): void {
    for (const streams of this.bySession.values()) for (const raw of streams) raw.end();
  }

  /** How many streams are open (for tests and logs). */
  get size(): number {
    let count = 0;
    for (const streams of this.bySession.values()) count += streams.size;
    return count;
  }
}
