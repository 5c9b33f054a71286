// A model server for tests (a test tool: the no-key way to try Mason is its Demo (offline) model): it speaks the OpenAI
// chat-completions and Anthropic messages wire formats (streaming and not) on loopback, and
// answers each model request with the next queued ScriptedReply, or as the demo builder when
// the queue is empty. Other processes drive it over HTTP: POST /__scripted/replies,
// POST /__scripted/reset, GET /__scripted/requests, GET /__scripted/chunks.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoReply } from './demo-builder';
import { textChunks, toolArguments, type ScriptedReply } from './scripted-reply';
import {
  completeBody,
  conversationOf,
  errorBody,
  streamFrames,
  type WireFormat,
} from './wire-formats';

/** A streamed text chunk and when it was written to the response (for latency measurements). */
export interface ScriptedChunkWrite {
  readonly text: string;
  /** Wall-clock time in ms with sub-ms precision (performance.timeOrigin + performance.now()). */
  readonly writtenAt: number;
}

/** A model request the server received. */
export interface ScriptedModelRequest {
  readonly format: WireFormat;
  readonly path: string;
  readonly stream: boolean;
  readonly body: unknown;
  /** The key the request carried (Authorization: Bearer, or Anthropic's x-api-key), or null. */
  readonly apiKey: string | null;
}

export interface ScriptedModelServerOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly host?: '127.0.0.1';
  /** The demo builder's delay between streamed chunks (ms); 15 by default. */
  readonly demoDelayMs?: number;
}

export interface ScriptedModelServer {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** Base URL for the Anthropic provider (url + '/anthropic/v1'). */
  readonly anthropicBaseUrl: string;
  /** Base URL for OpenAI's chat API and OpenAI-compatible providers (url + '/openai/v1'). */
  readonly openaiBaseUrl: string;
  /** Base URL for the OpenRouter provider (url + '/openrouter/api/v1'). */
  readonly openrouterBaseUrl: string;
  /** Queues replies: each model request takes the next one. */
  enqueue(...replies: ScriptedReply[]): void;
  /**
   * Queues replies for the conversations whose request contains `key` (e.g. a word in the task's
   * description): tests running in parallel against one server each get their own replies.
   * Over HTTP: POST /__scripted/replies?key=KEY.
   */
  enqueueFor(key: string, ...replies: ScriptedReply[]): void;
  /** The model requests received so far, oldest first. */
  readonly requests: readonly ScriptedModelRequest[];
  /** The text chunks streamed so far and when each was written, oldest first. */
  readonly chunks: readonly ScriptedChunkWrite[];
  /** Replies still queued. */
  readonly pending: number;
  /** Forgets queued replies and received requests. */
  reset(): void;
  close(): Promise<void>;
}

/** The HTTP control API's paths. */
/**
 * The id the scripted model answers to as an OpenAI-compatible endpoint (LLM_MODEL): Mason then
 * names it "scripted-test-model (your endpoint)", a stand-in labelled as such, never a real
 * model's name, and charges it only at a price a test sets (LLM_PRICE_*_PER_MTOK).
 */
export const SCRIPTED_MODEL_ID = 'scripted-test-model';

export const SCRIPTED_CONTROL = {
  replies: '/__scripted/replies',
  reset: '/__scripted/reset',
  requests: '/__scripted/requests',
  chunks: '/__scripted/chunks',
} as const;

const CONTROL_BODY_MAX_BYTES = 10 * 1024 * 1024;
const MODEL_BODY_MAX_BYTES = 50 * 1024 * 1024;

class BodyTooLargeError extends Error {}

function readBody(request: http.IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        reject(new BodyTooLargeError('Request body too large.'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isReply(value: unknown): value is ScriptedReply {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function formatOf(path: string): WireFormat | null {
  if (path.endsWith('/chat/completions')) return 'openai';
  if (path.endsWith('/messages')) return 'anthropic';
  return null;
}

export async function startScriptedModelServer(
  options: ScriptedModelServerOptions = {},
): Promise<ScriptedModelServer> {
  const host = options.host ?? '127.0.0.1';
  const demoDelayMs = options.demoDelayMs ?? 15;
  let queue: ScriptedReply[] = [];
  /** Replies for conversations that contain a key (tests running in parallel each use their own). */
  let keyed = new Map<string, ScriptedReply[]>();
  let requests: ScriptedModelRequest[] = [];
  let chunkWrites: ScriptedChunkWrite[] = [];
  const nextReply = (raw: string): ScriptedReply | undefined => {
    for (const [key, replies] of keyed) {
      if (replies.length > 0 && raw.includes(key)) return replies.shift();
    }
    return queue.shift();
  };
  let counter = 0;
  const nextId = () => `${(counter += 1)}${randomUUID().slice(0, 8)}`;

  async function answerModel(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    format: WireFormat,
    path: string,
  ): Promise<void> {
    const raw = await readBody(request, MODEL_BODY_MAX_BYTES);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      sendJson(response, 400, errorBody(format, 400, 'The request body is not JSON.'));
      return;
    }
    const stream = body['stream'] === true;
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const apiKey = bearer ?? (request.headers['x-api-key'] as string | undefined) ?? null;
    requests.push({ format, path, stream, body, apiKey });
    const queued = nextReply(raw);
    const reply: ScriptedReply = queued ?? {
      ...demoReply(conversationOf(format, body)),
      delayMs: demoDelayMs,
    };

    const closed = { value: false };
    response.on('close', () => {
      closed.value = true;
    });
    const delayMs = reply.delayMs ?? 0;
    if (delayMs > 0) await sleep(delayMs);
    if (closed.value) return;

    if (reply.status !== undefined && reply.status >= 400) {
      const retryable = reply.status === 429 || reply.status >= 500;
      // A short retry-after keeps the SDK's one retry quick in tests (real providers send it too).
      sendJson(
        response,
        reply.status,
        errorBody(format, reply.status, reply.errorMessage),
        retryable ? { 'retry-after-ms': '10' } : {},
      );
      return;
    }

    const outputChars =
      textChunks(reply).join('').length +
      (reply.toolCalls ?? []).reduce((sum, call) => sum + toolArguments(call).length, 0);
    const context = {
      model: typeof body['model'] === 'string' ? body['model'] : 'scripted',
      inputTokens: reply.usage?.inputTokens ?? Math.max(1, Math.ceil(raw.length / 4)),
      outputTokens: reply.usage?.outputTokens ?? Math.max(1, Math.ceil(outputChars / 4)),
      nextId,
    };
    if (!stream) {
      sendJson(response, 200, completeBody(format, reply, context));
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const frames = streamFrames(format, reply, context);
    // In both formats frames 1..n carry the n text chunks (frame 0 opens the message).
    const chunks = textChunks(reply);
    for (let index = 0; index < frames.length; index += 1) {
      if (closed.value) return;
      if (index > 0 && delayMs > 0) await sleep(delayMs);
      if (closed.value) return;
      response.write(frames[index].join(''));
      if (index >= 1 && index <= chunks.length) {
        chunkWrites.push({
          text: chunks[index - 1],
          writtenAt: performance.timeOrigin + performance.now(),
        });
      }
    }
    response.end();
  }

  async function handle(
    request: http.IncomingMessage,
    response: http.ServerResponse,
  ): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method === 'POST' && path === SCRIPTED_CONTROL.replies) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readBody(request, CONTROL_BODY_MAX_BYTES));
      } catch {
        sendJson(response, 400, { message: 'Send a JSON array of replies (or one reply object).' });
        return;
      }
      const replies = Array.isArray(parsed) ? parsed : [parsed];
      if (!replies.every(isReply)) {
        sendJson(response, 400, {
          message: 'Each reply is an object: { text?, toolCalls?, status?, delayMs?, usage? }.',
        });
        return;
      }
      const key = new URL(request.url ?? '/', 'http://localhost').searchParams.get('key');
      if (key) keyed.set(key, [...(keyed.get(key) ?? []), ...replies]);
      else queue.push(...replies);
      sendJson(response, 200, {
        queued: replies.length,
        pending: key ? keyed.get(key)?.length : queue.length,
      });
      return;
    }
    if (request.method === 'POST' && path === SCRIPTED_CONTROL.reset) {
      queue = [];
      keyed = new Map();
      requests = [];
      chunkWrites = [];
      sendJson(response, 200, { ok: true });
      return;
    }
    if (request.method === 'GET' && path === SCRIPTED_CONTROL.requests) {
      sendJson(response, 200, requests);
      return;
    }
    if (request.method === 'GET' && path === SCRIPTED_CONTROL.chunks) {
      sendJson(response, 200, chunkWrites);
      return;
    }
    const format = request.method === 'POST' ? formatOf(path) : null;
    if (format) {
      await answerModel(request, response, format, path);
      return;
    }
    sendJson(response, 404, {
      error: {
        message: `The scripted model server answers POST .../chat/completions and POST .../messages, and ${Object.values(SCRIPTED_CONTROL).join(', ')}; not ${request.method} ${path}.`,
      },
    });
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const status = error instanceof BodyTooLargeError ? 413 : 500;
      sendJson(response, status, {
        error: { message: error instanceof Error ? error.message : 'Scripted server error.' },
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;

  return {
    url,
    anthropicBaseUrl: `${url}/anthropic/v1`,
    openaiBaseUrl: `${url}/openai/v1`,
    openrouterBaseUrl: `${url}/openrouter/api/v1`,
    enqueue(...replies) {
      queue.push(...replies);
    },
    enqueueFor(key, ...replies) {
      keyed.set(key, [...(keyed.get(key) ?? []), ...replies]);
    },
    get requests() {
      return [...requests];
    },
    get chunks() {
      return [...chunkWrites];
    },
    get pending() {
      return queue.length;
    },
    reset() {
      queue = [];
      keyed = new Map();
      requests = [];
      chunkWrites = [];
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
