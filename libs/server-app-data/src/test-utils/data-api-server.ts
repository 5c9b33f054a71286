// Test harness (not production code): the data API of one project's database on a real
// node:http server on loopback, as the preview and published hosts mount it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppDataApi, AppDataTarget } from '../lib/api/app-data-api';

/** A real node:http server mapping every request to the data API of `target`'s database. */
export async function startDataApiServer(api: AppDataApi, target: AppDataTarget) {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://app.test');
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers))
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      void api
        .handle(
          {
            method: request.method ?? 'GET',
            path: url.pathname,
            query: url.searchParams,
            headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ip: '127.0.0.1',
          },
          target,
        )
        .then((answer) => {
          response.writeHead(answer.status, answer.headers);
          response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}
