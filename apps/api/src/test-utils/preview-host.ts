import http from 'node:http';
import { ProjectPreviewResponseSchema, type ProjectPreviewResponse } from '@mason/contract';
import * as z from 'zod/mini';
import { eventually } from './task-loop';
import type { TestServer } from './test-app';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as it came (an image, a font). */
  bytes: Buffer;
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
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: bytes.toString('utf8'),
            bytes,
          });
        });
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

/** A version the preview's live stream announces (or files not stored yet: `working`). */
export interface LiveVersionEvent {
  index: number | null;
  versionId: string | null;
  buildKey: string;
  hotUrl: string | null;
  /** With a hotUrl: whether the page keeps its state through the update or starts afresh. */
  kind?: 'refresh' | 'remount';
  /** The hot update's module, sent along. */
  js?: string;
  working?: true;
}

/**
 * The live stream of a preview page that shows `buildKey` (as its bridge opens it): the versions
 * it announces, each once, in the order they came, and the first of them once it has come.
 */
export function openLiveStream(port: number, preview: ProjectPreviewResponse, buildKey: string) {
  const token = new URL(preview.url).searchParams.get('mason_preview') ?? '';
  const events: LiveVersionEvent[] = [];
  const request = http.get({
    host: '127.0.0.1',
    port,
    path: `/__mason/live?build=${buildKey}&mason_preview=${encodeURIComponent(token)}`,
    headers: { host: new URL(preview.origin).host },
  });
  const opened = new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
  let text = '';
  void opened.then((response) =>
    response.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      for (const match of text.matchAll(/event: version\ndata: (.*)\n\n/g))
        if (!events.some((event) => JSON.stringify(event) === match[1]))
          events.push(JSON.parse(match[1] as string) as LiveVersionEvent);
    }),
  );
  const first = () => eventually('the first version event', async () => events[0] ?? undefined);
  return { opened, events, first, close: () => request.destroy() };
}

/**
 * What the bridge of an open preview at `previewUrl` posts when the app throws: an uncaught
 * error in the version's first render ('load') or later, e.g. from a click ('after-load').
 */
export async function reportPreviewError(
  port: number,
  previewUrl: string,
  message: string,
  phase: 'load' | 'after-load',
): Promise<number> {
  const response = await requestAsHost(port, previewUrl.replace('/?', '/__mason/errors?'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'error',
      message,
      stack: 'at App (src/App.tsx:2:9)',
      page: '/',
      phase,
    }),
  });
  return response.status;
}
