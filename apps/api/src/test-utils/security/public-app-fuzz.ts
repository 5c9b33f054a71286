import type { FuzzAnswer, OpenApiDocument } from './api-fuzzer';

const param = (name: string) => ({ in: 'path', name, required: true, schema: { type: 'string' } });
const QUERY = [{ in: 'query', name: 'q', schema: { type: 'string' } }];

/**
 * A published app's host (libs/server-deploy public-apps.ts) as an OpenAPI document the fuzzer
 * reads: its pages, its hashed files, and Mason's own paths, which an app host must never reach.
 */
export const PUBLIC_APP_DOCUMENT: OpenApiDocument = {
  paths: {
    '/': { get: { parameters: QUERY } },
    '/{page}': {
      get: { parameters: [...QUERY, param('page')] },
      post: { parameters: [param('page')] },
      delete: { parameters: [param('page')] },
    },
    '/assets/{file}': { get: { parameters: [param('file')] } },
    '/api/{call}': { get: { parameters: [param('call')] }, post: { parameters: [param('call')] } },
  },
};

const INTERNALS =
  /\bat .+\.(ts|js):\d+|\/node_modules\/|ZodError|FST_[A-Z_]+|ECONN[A-Z]+|\bpg_\w+|relation "/i;

/**
 * An app host's rules: never a 5xx, no internals, and never a successful answer of Mason's API
 * (a refusal before routing, such as a malformed URL, is Mason's error shape on any host).
 */
export function judgePublicAppAnswer({ status, text, contentType }: FuzzAnswer): string | null {
  if (status === 0) return text;
  if (status >= 500) return `answered ${status}`;
  if (INTERNALS.test(text)) return 'answered with internals';
  if (status < 400 && contentType.includes('application/json'))
    return `answered Mason's JSON (${status})`;
  return null;
}
