import http from 'node:http';
import { PREVIEW_TOKEN_PARAM } from '@mason/server-preview';
import type {
  FuzzAnswer,
  FuzzJudgeContext,
  FuzzRequest,
  FuzzTarget,
  JsonSchema,
  OpenApiDocument,
  OpenApiOperation,
} from './api-fuzzer';

const QUERY: OpenApiOperation['parameters'] = [
  { in: 'query', name: 'build', schema: { type: 'string' } },
];
const param = (name: string) => ({ in: 'path', name, required: true, schema: { type: 'string' } });
const get = (...names: string[]) => ({ get: { parameters: [...QUERY, ...names.map(param)] } });
/** A POST of a JSON object with these properties (the bridge's reports to the host). */
const postJson = (properties: Record<string, JsonSchema>, required: string[]) => ({
  post: {
    parameters: QUERY,
    requestBody: {
      content: { 'application/json': { schema: { type: 'object', properties, required } } },
    },
  },
});

/**
 * The preview host's routes (libs/server-preview/src/lib/host/preview-routes.ts) as an OpenAPI
 * document the fuzzer reads: the host is not part of the API's table of calls. The token is not a
 * parameter here: the sender adds the identity's (previewHostSender).
 */
export const PREVIEW_HOST_DOCUMENT: OpenApiDocument = {
  paths: {
    '/': get(),
    '/{page}': {
      ...get('page'),
      post: { parameters: [param('page')] },
      delete: { parameters: [param('page')] },
    },
    '/__mason/bridge.js': get(),
    '/__mason/runtime/{file}': get('file'),
    '/__mason/build/{versionId}/{file}': get('versionId', 'file'),
    '/__mason/hot/{fromKey}/{file}': get('fromKey', 'file'),
    '/__mason/live': get(),
    '/__mason/errors': postJson(
      {
        kind: { enum: ['error', 'unhandledrejection'] },
        message: { type: 'string', maxLength: 20_000 },
        stack: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        page: { type: 'string', maxLength: 2048 },
        phase: { enum: ['load', 'after-load'] },
      },
      ['kind', 'message', 'page'],
    ),
    '/__mason/first-paint': postJson(
      {
        buildKey: { type: 'string', maxLength: 128 },
        path: { type: 'string', maxLength: 2048 },
        containerId: { type: 'string', maxLength: 64 },
        html: { type: 'string', maxLength: 262_144 },
      },
      ['buildKey', 'path', 'containerId', 'html'],
    ),
  },
};

/** The routes anyone may load without a token: the bridge and the shared runtime. */
const PUBLIC_PATHS = ['/__mason/bridge.js', '/__mason/runtime/{file}'];

/** True when a route of PREVIEW_HOST_DOCUMENT opens only with a token of the host's project. */
export const needsPreviewToken = (target: Pick<FuzzTarget, 'path'>) =>
  !PUBLIC_PATHS.includes(target.path);

/**
 * Sends fuzzed requests to the preview hosts `hosts` (in turn) of the server at 127.0.0.1:`port`,
 * with the identity's token in the query as a preview link carries it. A live stream that opens
 * answers at its first bytes (it stays open otherwise).
 */
export function previewHostSender(port: number, hosts: readonly string[]) {
  let sent = 0;
  return (request: FuzzRequest, token: string | undefined): Promise<FuzzAnswer> => {
    const host = hosts[sent++ % hosts.length] ?? '';
    const separator = request.url.includes('?') ? '&' : '?';
    const path = token
      ? `${request.url}${separator}${PREVIEW_TOKEN_PARAM}=${encodeURIComponent(token)}`
      : request.url;
    const headers: Record<string, string> = { host };
    if (request.contentType) headers['content-type'] = request.contentType;
    return new Promise<FuzzAnswer>((resolve) => {
      const failed = (error: Error) =>
        resolve({ status: 0, contentType: '', text: `the request failed: ${error.message}` });
      try {
        const outgoing = http.request(
          { host: '127.0.0.1', port, method: request.method, path, headers },
          (response) => {
            const answer = {
              status: response.statusCode ?? 0,
              contentType: String(response.headers['content-type'] ?? ''),
            };
            if (answer.contentType.includes('text/event-stream')) {
              response.once('data', (chunk: Buffer) => {
                resolve({ ...answer, text: chunk.toString('utf8') });
                outgoing.destroy();
              });
              return;
            }
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ ...answer, text: Buffer.concat(chunks).toString('utf8') }),
            );
            response.on('error', failed);
          },
        );
        outgoing.on('error', failed);
        outgoing.end(request.body ?? undefined);
      } catch (error) {
        failed(error as Error);
      }
    });
  };
}

const INTERNALS =
  /\bat .+\.(ts|js):\d+|\/node_modules\/|ZodError|FST_[A-Z_]+|ECONN[A-Z]+|\bpg_\w+|relation "/i;

/**
 * The preview host's rules for an answer: never a 5xx, a refusal that shows no internals, and
 * nothing but the bridge and the runtime opens without `validToken` (the host project's).
 */
export function judgePreviewAnswer(validToken: string) {
  return ({ status, text }: FuzzAnswer, { target, token }: FuzzJudgeContext): string | null => {
    if (status === 0) return text;
    if (status >= 500) return `answered ${status}`;
    if (status >= 400)
      return INTERNALS.test(text) ? 'answered an error that shows internals' : null;
    if (token !== validToken && needsPreviewToken(target))
      return `answered ${status} without the project's token`;
    return null;
  };
}
