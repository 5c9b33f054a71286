import http from 'node:http';
import type { Socket } from 'node:net';
import type { MasonApp } from '../app';

export interface LargeBodyRequest {
  method: string;
  /** Absolute path ('/api/tasks'). */
  path: string;
  /** How many bytes of body to offer (written until the server answers or closes). */
  bytes: number;
  /** Send without a Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
  headers?: Record<string, string>;
}

export interface LargeBodyAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The answer's text (JSON for API errors). */
  text: string;
  /** How many bytes the client managed to write before the server answered or closed. */
  bytesWritten: number;
  /** The client port of the connection (to find the server's side of it). */
  localPort: number;
}

const CHUNK = Buffer.alloc(64 * 1024, 'a');

/**
 * Offers a large body on a connection of its own and stops writing as soon as the server
 * answers: what a caller sees of a server that refuses a body without reading it.
 */
export function sendLargeBody(
  baseUrl: string,
  request: LargeBodyRequest,
): Promise<LargeBodyAnswer> {
  const url = new URL(request.path, baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    let written = 0;
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      ...request.headers,
    };
    if (!request.chunked) headers['content-length'] = request.bytes;
    const client = http.request(url, { method: request.method, headers, agent: false });
    let localPort = 0;
    client.on('socket', (socket) => {
      socket.on('connect', () => (localPort = socket.localPort ?? 0));
    });
    client.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
          bytesWritten: written,
          localPort,
        }),
      );
      response.on('error', reject);
    });
    // The server may close the connection while we still write: that is its answer, not a failure.
    client.on('error', (error) => {
      if (!answered) reject(error);
    });
    const writeMore = () => {
      while (!answered && written < request.bytes && !client.destroyed) {
        const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, request.bytes - written));
        written += chunk.length;
        if (!client.write(chunk)) {
          client.once('drain', writeMore);
          return;
        }
      }
      if (!answered && !client.destroyed) client.end();
    };
    writeMore();
  });
}

/**
 * Counts what the server reads from each connection: `bytesReadBy(port)` answers, once the
 * server's side of the connection from that client port has closed, how many bytes it read.
 */
export function watchConnections(app: MasonApp) {
  const sockets = new Map<number, Socket>();
  const onConnection = (socket: Socket) => {
    if (socket.remotePort !== undefined) sockets.set(socket.remotePort, socket);
  };
  app.server.on('connection', onConnection);
  return {
    async bytesReadBy(clientPort: number): Promise<number> {
      const socket = sockets.get(clientPort);
      if (!socket) throw new Error(`The server saw no connection from port ${clientPort}.`);
      if (!socket.destroyed) await new Promise((resolve) => socket.once('close', resolve));
      return socket.bytesRead;
    },
    stop: () => app.server.off('connection', onConnection),
  };
}
