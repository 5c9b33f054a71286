import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  baseUrl: string;
  /** How many requests each server was sent, in the order of `upstreams`. */
  readonly counts: readonly number[];
  close: () => Promise<void>;
}

/**
 * One address in front of several Mason servers, as a load balancer with a round-robin policy
 * is: each request goes to the next server in turn, and its answer (an event stream too) is passed
 * on as it arrives. The workspace has no proxy package, and this is all a test needs of one.
 */
export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  const counts = upstreams.map(() => 0);
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next++ % upstreams.length;
    counts[index]++;
    const forwarded = http.request(
      new URL(request.url ?? '/', upstreams[index]),
      { method: request.method, headers: request.headers, agent: false },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    // A client that goes away (a closed event stream) closes its request to the server too.
    response.on('close', () => {
      if (!response.writableFinished) forwarded.destroy();
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
