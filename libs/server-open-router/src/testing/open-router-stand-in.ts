// Test helper (never a production code path): a loopback stand-in for OpenRouter that speaks its
// wire format, for the person's own account:
// - GET /auth?callback_url&code_challenge&code_challenge_method: OpenRouter's authorize page, as
//   if the person were signed in: a small HTML page whose "Authorize" link goes to callback_url
//   with `code` added (a browser test clicks it), or at once a 302 there (`autoRedirect`);
// - POST /api/v1/auth/keys { code, code_verifier, code_challenge_method }: the PKCE check, then
//   `{ key, user_id }` (403 for an unknown code or a verifier that does not match, 400 for
//   another challenge method than the authorize page's, as OpenRouter answers);
// - POST /api/v1/chat/completions: OpenAI's chat completions format (`stream: true` as SSE, or
//   one JSON answer), on a Bearer key it issued: a scripted assistant text per key (or forwarded
//   to `upstream`, e.g. the scripted model server), 401 for a key it does not know or that was
//   revoked, 402 for a key whose account is out of credits, in OpenRouter's error shape.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** What a key is good for now: it works, OpenRouter no longer knows it, or its account is out of credits. */
export type StandInKeyState = 'active' | 'revoked' | 'no-credits';

/** A key the stand-in gave (through the key exchange, or `issueKey`). */
export interface StandInKey {
  readonly key: string;
  /** OpenRouter's id of the account the key is of. */
  readonly userId: string;
  readonly state: StandInKeyState;
  /** What the assistant answers on this key (chunks streamed one by one); default: the stand-in's. */
  readonly reply?: string | readonly string[];
}

/** A chat completion asked for with a key the stand-in knows (whatever it answered). */
export interface StandInCompletion {
  readonly key: string;
  /** The model id asked for (OpenRouter's, e.g. `anthropic/claude-sonnet-4.5`). */
  readonly model: string;
  readonly stream: boolean;
  /** The status answered: 200, 401 (revoked) or 402 (no credits). */
  readonly status: number;
  readonly body: Readonly<Record<string, unknown>>;
}

export interface OpenRouterStandInOptions {
  /** GET /auth answers a 302 to the callback at once instead of its page (default false). */
  readonly autoRedirect?: boolean;
  /** What the assistant answers on a key with no reply of its own. */
  readonly reply?: string | readonly string[];
  /**
   * An OpenAI chat-completions base URL (the scripted model server's `openrouterBaseUrl`): the
   * completions of active keys are forwarded there and its answers sent back as they are, so a
   * turn can get tool calls; without it the stand-in answers the key's reply text.
   */
  readonly upstream?: string;
}

export interface OpenRouterStandIn {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** OPENROUTER_AUTH_URL for Mason (url + '/auth'). */
  readonly authUrl: string;
  /** OPENROUTER_BASE_URL for Mason (url + '/api/v1'). */
  readonly apiUrl: string;
  /** GET /auth redirects at once (true) or shows its Authorize page (false); changeable. */
  autoRedirect: boolean;
  /** Every key given, oldest first, as it is now. */
  readonly keys: readonly StandInKey[];
  /** The chat completions asked for with a known key, oldest first. */
  readonly completions: readonly StandInCompletion[];
  /** Every request received, as `METHOD /path` (for asserting what Mason asked). */
  readonly requests: readonly string[];
  /** Gives a key without the OAuth flow (a person connected before the test). */
  issueKey(change?: { state?: StandInKeyState; reply?: string | readonly string[] }): string;
  /** Changes a key mid-test: revoke it, take its account's credits away, give them back, its reply. */
  setKey(
    key: string,
    change: { state?: StandInKeyState; reply?: string | readonly string[] },
  ): void;
  /** While false, every connection is dropped unanswered (OpenRouter cannot be reached). */
  setReachable(reachable: boolean): void;
  close(): Promise<void>;
}

/** OpenRouter's words for its refusals (its error bodies' `message`). */
export const OPEN_ROUTER_STAND_IN_MESSAGES = {
  noCredentials: 'No auth credentials found',
  unknownKey: 'User not found.',
  noCredits: 'Insufficient credits. Add more using https://openrouter.ai/settings/credits',
  badCode: 'Invalid code or code_verifier',
  badMethod: 'Invalid code_challenge_method',
} as const;

const DEFAULT_REPLY = 'Hello from your OpenRouter account.';
const BODY_MAX_BYTES = 50 * 1024 * 1024;

interface PendingCode {
  readonly challenge: string | null;
  readonly method: 'S256' | 'plain' | null;
}

type Json = Record<string, unknown>;

const json = (response: http.ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
};

/** OpenRouter's error shape: `{ error: { code, message } }`. */
const refuse = (response: http.ServerResponse, status: number, message: string) =>
  json(response, status, { error: { code: status, message } });

const readBody = (request: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_MAX_BYTES) {
        reject(new Error('The request body is too large.'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const parseJson = (text: string): Json | null => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Json)
      : null;
  } catch {
    return null;
  }
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const challengeOf = (verifier: string, method: 'S256' | 'plain') =>
  method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;

const chunksOf = (reply: string | readonly string[]) =>
  (typeof reply === 'string' ? [reply] : [...reply]).filter((chunk) => chunk.length > 0);

/** The answer of a chat completion in OpenAI's format, streamed (SSE) or whole. */
function answerText(
  response: http.ServerResponse,
  body: Json,
  model: string,
  chunks: string[],
  promptChars: number,
) {
  const id = `gen-${randomBytes(12).toString('hex')}`;
  const created = Math.floor(Date.now() / 1000);
  const text = chunks.join('');
  const usage = {
    prompt_tokens: Math.max(1, Math.ceil(promptChars / 4)),
    completion_tokens: Math.max(1, Math.ceil(text.length / 4)),
    total_tokens: Math.max(1, Math.ceil(promptChars / 4)) + Math.max(1, Math.ceil(text.length / 4)),
  };
  const base = { id, provider: 'Stand-in', model, created };
  if (body['stream'] !== true) {
    json(response, 200, {
      ...base,
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          native_finish_reason: 'stop',
          message: { role: 'assistant', content: text, refusal: null },
        },
      ],
      usage,
    });
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const frame = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
  const chunk = (delta: Json, finishReason: string | null = null) =>
    frame({
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
  // OpenRouter keeps a stream open with SSE comments while the model starts.
  response.write(': OPENROUTER PROCESSING\n\n');
  chunk({ role: 'assistant', content: '' });
  for (const part of chunks) chunk({ role: 'assistant', content: part });
  chunk({ role: 'assistant', content: '' }, 'stop');
  frame({ ...base, object: 'chat.completion.chunk', choices: [], usage });
  response.end('data: [DONE]\n\n');
}

/** Sends the completion to the upstream model server and its answer back as it is. */
async function forward(response: http.ServerResponse, upstream: string, raw: string) {
  const answer = await fetch(`${upstream.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: raw,
  });
  response.writeHead(answer.status, {
    'content-type': answer.headers.get('content-type') ?? 'application/json',
    'cache-control': 'no-cache',
  });
  if (!answer.body) {
    response.end();
    return;
  }
  Readable.fromWeb(answer.body as WebReadableStream).pipe(response);
}

export async function startOpenRouterStandIn(
  options: OpenRouterStandInOptions = {},
): Promise<OpenRouterStandIn> {
  const codes = new Map<string, PendingCode>();
  const keys = new Map<string, StandInKey>();
  const completions: StandInCompletion[] = [];
  const requests: string[] = [];
  let reachable = true;
  const control = { autoRedirect: options.autoRedirect ?? false };

  const issue = (change: { state?: StandInKeyState; reply?: string | readonly string[] } = {}) => {
    const key = `sk-or-v1-${randomBytes(32).toString('hex')}`;
    keys.set(key, {
      key,
      userId: `user_${randomBytes(12).toString('hex')}`,
      state: change.state ?? 'active',
      ...(change.reply !== undefined && { reply: change.reply }),
    });
    return key;
  };

  const authorizePage = (url: URL, response: http.ServerResponse) => {
    let callback: URL | null;
    try {
      callback = new URL(url.searchParams.get('callback_url') ?? '');
    } catch {
      callback = null;
    }
    const challenge = url.searchParams.get('code_challenge');
    const method = url.searchParams.get('code_challenge_method') ?? (challenge ? 'plain' : null);
    if (
      !callback ||
      (callback.protocol !== 'http:' && callback.protocol !== 'https:') ||
      (method !== null && method !== 'S256' && method !== 'plain')
    ) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Invalid authorization request: check callback_url and code_challenge_method.');
      return;
    }
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { challenge, method: challenge ? (method as 'S256' | 'plain') : null });
    callback.searchParams.set('code', code);
    const back = callback.toString();
    if (control.autoRedirect) {
      response.writeHead(302, { location: back });
      response.end();
      return;
    }
    const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Authorize app - OpenRouter (stand-in)</title></head>
<body>
<main>
<h1>Authorize app</h1>
<p>${escapeHtml(callback.origin)} asks for a key of your OpenRouter account.</p>
<a id="authorize" href="${escapeHtml(back)}">Authorize</a>
</main>
</body>
</html>
`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
  };

  const exchange = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const body = parseJson(await readBody(request)) ?? {};
    const code = typeof body['code'] === 'string' ? body['code'] : '';
    const verifier = typeof body['code_verifier'] === 'string' ? body['code_verifier'] : '';
    const method = body['code_challenge_method'];
    const pending = codes.get(code);
    if (!pending) return refuse(response, 403, OPEN_ROUTER_STAND_IN_MESSAGES.badCode);
    if (pending.method && method !== undefined && method !== pending.method)
      return refuse(response, 400, OPEN_ROUTER_STAND_IN_MESSAGES.badMethod);
    if (pending.challenge && challengeOf(verifier, pending.method ?? 'plain') !== pending.challenge)
      return refuse(response, 403, OPEN_ROUTER_STAND_IN_MESSAGES.badCode);
    codes.delete(code);
    const key = issue();
    return json(response, 200, { key, user_id: keys.get(key)?.userId ?? null });
  };

  const complete = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const raw = await readBody(request);
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return refuse(response, 401, OPEN_ROUTER_STAND_IN_MESSAGES.noCredentials);
    const known = keys.get(token);
    if (!known) return refuse(response, 401, OPEN_ROUTER_STAND_IN_MESSAGES.unknownKey);
    const body = parseJson(raw);
    if (!body) return refuse(response, 400, 'The request body is not JSON.');
    const model = typeof body['model'] === 'string' ? body['model'] : '';
    const status = known.state === 'revoked' ? 401 : known.state === 'no-credits' ? 402 : 200;
    completions.push({ key: token, model, stream: body['stream'] === true, status, body });
    if (status === 401) return refuse(response, 401, OPEN_ROUTER_STAND_IN_MESSAGES.unknownKey);
    if (status === 402) return refuse(response, 402, OPEN_ROUTER_STAND_IN_MESSAGES.noCredits);
    if (options.upstream) return forward(response, options.upstream, raw);
    const reply = known.reply ?? options.reply ?? DEFAULT_REPLY;
    answerText(response, body, model, chunksOf(reply), raw.length);
  };

  const server = http.createServer((request, response) => {
    if (!reachable) {
      request.socket.destroy();
      return;
    }
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      requests.push(`${request.method} ${url.pathname}`);
      if (url.pathname === '/auth' && request.method === 'GET') return authorizePage(url, response);
      if (url.pathname === '/api/v1/auth/keys')
        return request.method === 'POST'
          ? exchange(request, response)
          : refuse(response, 405, 'Method Not Allowed');
      if (url.pathname === '/api/v1/chat/completions' && request.method === 'POST')
        return complete(request, response);
      return refuse(response, 404, 'Not Found');
    })().catch(() => {
      if (response.headersSent) response.destroy();
      else refuse(response, 500, 'The stand-in failed.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    authUrl: `${url}/auth`,
    apiUrl: `${url}/api/v1`,
    get autoRedirect() {
      return control.autoRedirect;
    },
    set autoRedirect(value: boolean) {
      control.autoRedirect = value;
    },
    get keys() {
      return [...keys.values()];
    },
    get completions() {
      return [...completions];
    },
    get requests() {
      return [...requests];
    },
    issueKey: issue,
    setKey(key, change) {
      const known = keys.get(key);
      if (!known) throw new Error(`The stand-in gave no key ${key.slice(0, 12)}…`);
      keys.set(key, { ...known, ...change });
    },
    setReachable(value) {
      reachable = value;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
