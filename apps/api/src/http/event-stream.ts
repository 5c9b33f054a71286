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
