import type { PostToParent } from './parent-window';

/** The data API's paths on the app's own origin (Mason's, and a Supabase project's look alike). */
const REST_PREFIX = '/rest/v1/';
const AUTH_PREFIX = '/auth/v1/';
/** The most of an error body read (PostgREST's and GoTrue's are small JSON objects). */
const MAX_BODY_CHARS = 4_000;

const VERBS: Record<string, string> = {
  GET: 'reading',
  HEAD: 'counting',
  POST: 'inserting into',
  PATCH: 'updating',
  PUT: 'upserting into',
  DELETE: 'deleting from',
};

interface ErrorBody {
  code?: unknown;
  error_code?: unknown;
  message?: unknown;
  msg?: unknown;
  details?: unknown;
  hint?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** What a refused data API request did, in words: "inserting into notes", "calling rpc add_tag". */
function whatOf(method: string, path: string): string | null {
  if (path.startsWith(REST_PREFIX)) {
    const [name, more] = path.slice(REST_PREFIX.length).split('/');
    if (!name) return null;
    if (name === 'rpc' && more) return `calling ${decodeURIComponent(more)}()`;
    return `${VERBS[method] ?? method.toLowerCase()} ${decodeURIComponent(name)}`;
  }
  if (path.startsWith(AUTH_PREFIX)) return `sign-in (${path.slice(AUTH_PREFIX.length)})`;
  return null;
}

/** The console line of a refused request, from PostgREST's or GoTrue's error body. */
export function dataApiErrorLine(
  method: string,
  path: string,
  status: number,
  body: ErrorBody | null,
): string | null {
  const what = whatOf(method, path);
  if (!what) return null;
  const code = text(body?.code) ?? text(body?.error_code);
  const message = text(body?.message) ?? text(body?.msg);
  const details = text(body?.details);
  const hint = text(body?.hint);
  return [
    `Data API refused ${what}: ${status}${code ? ` ${code}` : ''}`,
    message && `: ${message}`,
    details && ` (${details})`,
    hint && ` Hint: ${hint}`,
  ]
    .filter(Boolean)
    .join('');
}

/**
 * Watches the app's requests to its data API on its own origin (supabase-js answers a refusal as
 * `{ error }` and logs nothing): each answer of 400 or more is posted to Mason's console with its
 * table (or function) and PostgreSQL's or PostgREST's words, errors of /rest/v1 as errors and of
 * /auth/v1 (a wrong password) as warnings. The app gets its response untouched.
 */
export function captureDataApiErrors(post: PostToParent): void {
  const original = window.fetch;
  if (typeof original !== 'function') return;
  window.fetch = async function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
    const response = await original.call(this ?? window, input, init);
    try {
      if (response.status >= 400) void report(input, init, response);
    } catch {
      // The app's request must never fail because of the bridge.
    }
    return response;
  };

  async function report(
    input: RequestInfo | URL,
    init: RequestInit | undefined,
    response: Response,
  ) {
    const request = typeof Request !== 'undefined' && input instanceof Request ? input : null;
    const url = new URL(request?.url ?? String(input), location.href);
    if (url.origin !== location.origin) return;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    let body: ErrorBody | null = null;
    try {
      const raw = (await response.clone().text()).slice(0, MAX_BODY_CHARS);
      const parsed: unknown = JSON.parse(raw);
      body = parsed && typeof parsed === 'object' ? (parsed as ErrorBody) : null;
    } catch {
      body = null;
    }
    const line = dataApiErrorLine(method, url.pathname, response.status, body);
    if (!line) return;
    post({
      type: 'console',
      level: url.pathname.startsWith(AUTH_PREFIX) ? 'warn' : 'error',
      text: line,
    });
  }
}
