import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { API_PREFIX, type ApiErrorBody } from '@mason/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const isApiPath = (pathname: string) =>
  pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);

/**
 * Mason's 404 for a request no route takes: every request under /api, and everything but a page
 * load (GET, HEAD), which the web app answers. Null: a page of the web app.
 */
export function notFoundAnswer(request: FastifyRequest): ApiErrorBody | null {
  const pathname = request.url.split('?')[0] ?? '/';
  const api = isApiPath(pathname);
  if (!api && (request.method === 'GET' || request.method === 'HEAD')) return null;
  const shown = pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname;
  return {
    statusCode: 404,
    error: 'Not Found',
    message: `There is no ${api ? 'API ' : ''}route ${request.method} ${shown}.`,
  };
}

/** A request no route takes is answered before its body is read (nobody parses it). */
export function registerEarlyNotFound(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return;
    const answer = notFoundAnswer(request);
    if (answer) return reply.status(404).send(answer);
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or an address over its
 * limit, a malformed request line): Mason's error shape, and the connection closes.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The address or the headers of the request are too long.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request is malformed: it is not valid HTTP.'];
  const body = JSON.stringify({ statusCode: status, error: STATUS_CODES[status], message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
