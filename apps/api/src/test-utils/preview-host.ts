import http from 'node:http';
import { ProjectPreviewResponseSchema, type ProjectPreviewResponse } from '@mason/contract';
import * as z from 'zod/mini';
import type { TestServer } from './test-app';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request to the test server at 127.0.0.1:`port` with the Host header a browser would send for
 * `url` (a preview host such as `http://p-{id}.localhost:4200/…`), which fetch cannot set.
 */
export function requestAsHost(
  port: number,
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise<RawResponse>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: init.method ?? 'GET',
        path: `${target.pathname}${target.search}`,
        headers: { host: target.host, ...init.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/** GET /projects/:id/preview for the owner: where the newest version runs, with a token. */
export async function projectPreview(
  server: TestServer,
  token: string,
  projectId: string,
): Promise<ProjectPreviewResponse> {
  const answer = await server.request<ProjectPreviewResponse>(
    'GET',
    `/api/projects/${projectId}/preview`,
    { token },
  );
  return z.parse(ProjectPreviewResponseSchema, answer.body);
}

/** The bridge's configuration a preview page carries (its script of id mason-bridge-config). */
export function bridgeConfigOf<T>(html: string): T {
  return JSON.parse(/id="mason-bridge-config">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as T;
}
