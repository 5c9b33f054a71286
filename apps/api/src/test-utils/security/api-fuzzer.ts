import { API_PREFIX, type CallSpec, findApiCall, type IdKind } from '@mason/contract';
import fc from 'fast-check';
import { idFieldArbitraries, requestArbitrary } from './fuzz-requests';
import type { FuzzTarget, JsonSchema, OpenApiDocument, OpenApiOperation } from './fuzz-document';

export type { FuzzTarget, JsonSchema, OpenApiDocument, OpenApiOperation };

/** Who sends a batch: a fresh token per request when the call ends its session (logout). */
export interface FuzzIdentity {
  name: string;
  token(target: FuzzTarget): Promise<string | undefined>;
}

export interface FuzzRequest {
  method: string;
  /** Path and query, as sent (path tricks and broken escapes included). */
  url: string;
  contentType: string | null;
  body: string | null;
}

export interface FuzzFailure {
  route: string;
  identity: string;
  request: string;
  status: number;
  reason: string;
  answer: string;
}

export interface FuzzReport {
  routes: number;
  requests: number;
  /** Answers of 500 or above (each is also a failure). */
  serverErrors: number;
  failures: FuzzFailure[];
}

export interface FuzzOptions {
  baseUrl: string;
  document: OpenApiDocument;
  identities: FuzzIdentity[];
  /** Requests per route and identity. */
  runs: number;
  seed: number;
  /** Ids that name real things (the signed-in identity's project, task, version…): some requests use them. */
  knownIds: readonly string[];
  /**
   * The signed-in identity's id of each kind: the id fields of a call (its entry's `ids`) get
   * one of the right kind, an id that is no id (`abc`), or an unknown uuid, so a route is reached
   * with a malformed id where it would otherwise stop early.
   */
  idsByKind?: Partial<Record<IdKind, string>>;
  /** True when the route needs a session (the contract's table says so). */
  needsSession(target: FuzzTarget): boolean;
  /** A digest of everything the database holds (a refused request changes nothing). */
  digest(): Promise<string>;
  /** Waits for the work the server does after an answer (e-mails, collections). */
  settle(): Promise<void>;
  /** Routes to leave out, by `METHOD /path`. */
  skip?: readonly string[];
  /** How a request reaches the server: fetch to baseUrl, unless a host needs its own header. */
  send?(request: FuzzRequest, token: string | undefined): Promise<FuzzAnswer>;
  /** Why an answer is wrong, or null: the API's rules (judgeApiAnswer) unless given. */
  judge?(answer: FuzzAnswer, context: FuzzJudgeContext): string | null;
}

/** What the server answered (status 0 and the reason in text when the request failed). */
export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** What a judge knows of the request besides its answer. */
export interface FuzzJudgeContext {
  target: FuzzTarget;
  request: FuzzRequest;
  /** The token the request carried, if any. */
  token: string | undefined;
  /** No token was sent to a call that needs one. */
  anonymousOnSessionCall: boolean;
}

/** The routes of an OpenAPI document, sorted (its own description and documentation left out). */
export function fuzzTargets(document: OpenApiDocument): FuzzTarget[] {
  return Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    )
    .sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

export const routeName = (target: Pick<FuzzTarget, 'method' | 'path'>) =>
  `${target.method} ${target.path}`;

/** The contract's entry of an OpenAPI route (`/api/projects/{id}` → `/projects/:id`). */
export function callOf(target: Pick<FuzzTarget, 'method' | 'path'>): CallSpec | undefined {
  const path = target.path.slice(API_PREFIX.length).replace(/\{(\w+)\}/g, ':$1');
  return findApiCall(target.method, path);
}

// ---- What the fuzzer checks ----

const ERROR_KEYS = new Set([
  'statusCode',
  'error',
  'message',
  'fieldErrors',
  'limitResetDate',
  'retryAfterSeconds',
]);
const INTERNALS =
  /\bat .+\.(ts|js):\d+|\/node_modules\/|ZodError|FST_[A-Z_]+|\bstack\b|TypeError|SyntaxError|ECONN[A-Z]+|\bpg_\w+|relation "/i;
const BAD_URL_MESSAGE = /^The address is not valid/;

/** Why an answer is wrong, or null when it is fine. */
export function judgeAnswer(
  status: number,
  contentType: string,
  text: string,
  anonymousOnSessionCall: boolean,
  /** The request's own path: an answer may quote it ("There is no route …"). */
  echoed = '',
): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return anonymousOnSessionCall ? `answered ${status} without a session` : null;
  if (!contentType.includes('application/json'))
    return `answered ${status} as ${contentType || 'no type'}, not Mason's error shape`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return 'answered an error that is not an object';
  const extra = Object.keys(body).filter((key) => !ERROR_KEYS.has(key));
  if (extra.length)
    return `answered an error with other fields (${extra.join(', ')}): not Mason's error shape`;
  if (body['statusCode'] !== status)
    return `answered ${status} with statusCode ${String(body['statusCode'])}`;
  if (typeof body['error'] !== 'string' || typeof body['message'] !== 'string' || !body['message'])
    return 'answered an error without error and message';
  const quoted = echoed ? text.split(echoed).join('') : text;
  if (INTERNALS.test(quoted)) return 'answered an error that shows internals';
  if (anonymousOnSessionCall) {
    if (body['fieldErrors'] !== undefined)
      return 'told a caller without a session about the fields of its body';
    const beforeRouting =
      [404, 414, 431].includes(status) ||
      (status === 400 && BAD_URL_MESSAGE.test(String(body['message'])));
    if (status !== 401 && !beforeRouting)
      return `answered ${status} to a caller without a session (not 401)`;
  }
  return null;
}

// ---- The run ----

/** Whether a URL, as a client resolves it ('..' and all), still names the route's path. */
function reaches(target: FuzzTarget, url: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://mason.test').pathname;
  } catch {
    return false;
  }
  const pattern = target.path
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`).test(pathname);
}

/** The path a client sends for `url` (dot segments resolved), as an answer would quote it. */
const pathOf = (url: string) => {
  try {
    return new URL(url, 'http://mason.test').pathname;
  } catch {
    return url;
  }
};

const underApi = (url: string) => {
  try {
    return new URL(url, 'http://mason.test').pathname.startsWith('/api/');
  } catch {
    return true;
  }
};

/**
 * The API's rules for an answer (judgeAnswer), for a request that reaches the route; a URL the
 * client resolved outside the API (`/api/x/../../y`) is the web app's to answer, but not with a 5xx.
 */
export function judgeApiAnswer(
  { status, contentType, text }: FuzzAnswer,
  { target, request, anonymousOnSessionCall }: FuzzJudgeContext,
): string | null {
  if (status === 0) return text;
  if (!underApi(request.url) && status < 500) return null;
  return judgeAnswer(
    status,
    contentType,
    text,
    anonymousOnSessionCall && reaches(target, request.url),
    pathOf(request.url),
  );
}

/** Sends a request with fetch to `baseUrl`, the token as a bearer. */
function sendToApi(baseUrl: string) {
  return async (request: FuzzRequest, token: string | undefined): Promise<FuzzAnswer> => {
    const headers: Record<string, string> = {};
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (request.contentType) headers['content-type'] = request.contentType;
    try {
      const response = await fetch(`${baseUrl}${request.url}`, {
        method: request.method,
        headers,
        body: request.body ?? undefined,
      });
      const contentType = response.headers.get('content-type') ?? '';
      // A stream that opened (a task's events) stays open: its answer is that it opened.
      if (contentType.includes('text/event-stream')) {
        await response.body?.cancel();
        return { status: response.status, contentType, text: '' };
      }
      return { status: response.status, contentType, text: await response.text() };
    } catch (error) {
      return {
        status: 0,
        contentType: '',
        text: `the request failed: ${(error as Error).message}`,
      };
    }
  };
}

/**
 * Sends `runs` generated bad requests to every route of the document as each identity, over
 * real HTTP, and answers what went wrong: a 5xx, an answer that is not Mason's error shape, a
 * validation detail before authentication, a refused request that changed the database.
 */
export async function fuzzApi(options: FuzzOptions): Promise<FuzzReport> {
  // What takes the person's things away comes last (a project deleted or given away would answer
  // every later route 404): deleting, transferring, and deleting the project very last.
  const rank = (target: FuzzTarget) => {
    if (target.method === 'DELETE' && target.path === `${API_PREFIX}/projects/{id}`) return 2;
    return target.method === 'DELETE' || target.path.endsWith('/transfer') ? 1 : 0;
  };
  const targets = fuzzTargets(options.document)
    .filter((target) => !options.skip?.includes(routeName(target)))
    .sort((a, b) => rank(a) - rank(b));
  const report: FuzzReport = { routes: targets.length, requests: 0, serverErrors: 0, failures: [] };
  let routeIndex = 0;
  for (const target of targets) {
    routeIndex += 1;
    const needsSession = options.needsSession(target);
    for (const [identityIndex, identity] of options.identities.entries()) {
      const call = callOf(target);
      const idFields = options.idsByKind ? idFieldArbitraries(call, options.idsByKind) : {};
      const requests = fc.sample(requestArbitrary(target, options.knownIds, call, idFields), {
        seed: options.seed + routeIndex * 1009 + identityIndex * 17,
        numRuns: options.runs,
      });
      // A refused request changes nothing: the database is compared around each write the
      // identity may make, and around the whole batch when every answer must be a refusal.
      let lastToken = await identity.token(target);
      const anonymous = lastToken === undefined;
      const batchOnly = target.method === 'GET' || (anonymous && needsSession);
      await options.settle();
      let before = await options.digest();
      let batchRefusedOnly = true;
      for (const generated of requests) {
        const token = await identity.token(target);
        // A session made for this request (logging in writes): the comparison starts after it.
        if (token !== lastToken) before = await options.digest();
        lastToken = token;
        const request: FuzzRequest = { method: target.method, ...generated };
        const described = `${target.method} ${generated.url.slice(0, 300)}${generated.body === null ? '' : ` ${generated.body.slice(0, 200)}`}`;
        const answer = await (options.send ?? sendToApi(options.baseUrl))(request, token);
        const { status, text } = answer;
        report.requests += 1;
        if (status >= 500) report.serverErrors += 1;
        const fail = (reason: string) =>
          report.failures.push({
            route: routeName(target),
            identity: identity.name,
            request: described,
            status,
            reason,
            answer: text.slice(0, 300),
          });
        const reason = (options.judge ?? judgeApiAnswer)(answer, {
          target,
          request,
          token,
          anonymousOnSessionCall: anonymous && needsSession,
        });
        if (reason) fail(reason);
        const refused = status >= 400 || status === 0;
        if (!refused) batchRefusedOnly = false;
        if (!batchOnly) {
          await options.settle();
          const after = await options.digest();
          if (refused && after !== before) fail('a refused request changed the database');
          before = after;
        }
      }
      if (batchOnly) {
        await options.settle();
        const after = await options.digest();
        if (batchRefusedOnly && after !== before) {
          report.failures.push({
            route: routeName(target),
            identity: identity.name,
            request: `${options.runs} requests`,
            status: 0,
            reason: 'refused requests changed the database',
            answer: '',
          });
        }
      }
    }
  }
  return report;
}
