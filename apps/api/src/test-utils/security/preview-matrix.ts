import { PREVIEW_TOKEN_PARAM } from '@mason/server-preview';
import type { FuzzAnswer, FuzzRequest } from './api-fuzzer';
import { previewHostSender } from './preview-host-fuzz';

/** The preview's host, pinned host and token, read from its signed URL. */
export function previewOf(preview: { url: string; versionIndex: number }) {
  const url = new URL(preview.url);
  return {
    host: url.host,
    pinnedHost: url.host.replace(/^(p-[0-9a-f-]{36})/, `$1-v${preview.versionIndex}`),
    token: url.searchParams.get(PREVIEW_TOKEN_PARAM) ?? '',
  };
}

const get = (url: string): FuzzRequest => ({ method: 'GET', url, contentType: null, body: null });

/** A preview's first page. */
export const PAGE_REQUEST = get('/');

/**
 * Every request a preview page makes to its host: the page, its bundle, a file of its public/
 * folder (an asset, when one is named), the live stream, an error report, its first paint (for
 * the build the bundle's path names).
 */
export function previewRequests(
  bundlePath: string,
  publicFile?: string,
): Record<string, FuzzRequest> {
  return {
    page: PAGE_REQUEST,
    'a page of the app': get('/about'),
    bundle: get(bundlePath),
    ...(publicFile ? { 'a file of public/': get(publicFile) } : {}),
    'live stream': get('/__mason/live'),
    'runtime error': {
      method: 'POST',
      url: '/__mason/errors',
      contentType: 'application/json',
      // As the version loads: the report that may start a repair, for its own project only.
      body: JSON.stringify({ kind: 'error', message: 'Boom', page: '/', phase: 'load' }),
    },
    'first paint': {
      method: 'POST',
      url: '/__mason/first-paint',
      contentType: 'application/json',
      body: JSON.stringify({
        buildKey: /\/([^/]+)\.js$/.exec(bundlePath)?.[1] ?? '',
        path: '/',
        containerId: 'root',
        html: '<h1>First paint</h1>',
      }),
    },
  };
}

/** Sends `request` to `host` of the server at 127.0.0.1:`port` with `token` in its query. */
export function sendToPreview(
  port: number,
  host: string,
  request: FuzzRequest,
  token: string | undefined,
): Promise<FuzzAnswer> {
  return previewHostSender(port, [host])(request, token);
}

/** The bundle's path a preview page names (its module script), without the token. */
export function bundlePathOf(page: FuzzAnswer): string {
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(page.text)?.[1];
  if (!src) throw new Error(`The preview page names no bundle (${page.status}).`);
  return src.replace(/&amp;/g, '&').split('?')[0] ?? '';
}
