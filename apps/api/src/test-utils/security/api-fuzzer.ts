import { API_PREFIX, type CallSpec, findApiCall } from '@mason/contract';
import fc from 'fast-check';

/** The parts of an OpenAPI 3 document the fuzzer reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

/** One route of the API description: `GET /api/projects/{id}`. */
export interface FuzzTarget {
  method: string;
  /** The OpenAPI path, with `{param}` segments. */
  path: string;
  operation: OpenApiOperation;
}

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

// ---- What the fuzzer sends ----

/** Strings that have broken servers: empty, blank, NUL, escapes, path tricks, scripts, huge. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%',
  '%E0%A4%A',
  '\u202egnp.exe',
  '\u200b',
  '😀'.repeat(50),
  'Ω≈ç√∫˜µ≤≥÷',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '{"$gt": ""}',
  '__proto__',
  'constructor',
  'node_modules/x.js',
  '.git/config',
  'x'.repeat(300),
];

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(70_000), 'é'.repeat(40_000)) },
);

const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      [],
      {},
      Array.from({ length: 1000 }, () => 'x'),
      { __proto__: { admin: true } },
    ),
  },
);

/** A value that fits `schema`, roughly (the fuzzer mutates it; a valid one reaches deeper code). */
function fromSchema(
  schema: JsonSchema | undefined,
  ids: readonly string[],
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return junkValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length)
    return fc.oneof(...choices.map((choice) => fromSchema(choice, ids, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uuid')
        return ids.length ? fc.oneof(fc.uuid(), fc.constantFrom(...ids)) : fc.uuid();
      if (schema.format === 'date-time')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
      return fc.oneof(
        fc.string({ minLength, maxLength }),
        ids.length ? fc.constantFrom(...ids) : fc.string({ minLength, maxLength }),
      );
    }
    case 'integer':
    case 'number':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1_000_000),
        max: Math.min(schema.maximum ?? 1000, 1_000_000),
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, ids, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [
            name,
            fromSchema(property, ids, depth + 1),
          ]),
        ),
        { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
      );
    }
    default:
      return junkValue;
  }
}

/** A body built from the schema with some fields broken, missing, or added. */
function mutatedObject(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  return fc
    .tuple(
      fromSchema(schema, ids),
      fc.array(
        fc.tuple(fc.constantFrom(...(names.length ? names : ['field'])), fc.nat(3), junkValue),
        {
          maxLength: 3,
        },
      ),
      fc.dictionary(fc.string({ maxLength: 12 }), junkValue, { maxKeys: 2 }),
    )
    .map(([valid, changes, extra]) => {
      const body = { ...(valid as Record<string, unknown>) };
      for (const [name, how, junk] of changes) {
        if (how === 0) delete body[name];
        else body[name] = junk;
      }
      return Object.assign(body, extra);
    });
}

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'nul',
  '[]',
  '"text"',
  '{"a":"\\u0000"}',
  '{"__proto__":{"admin":true}}',
  `[${'1,'.repeat(20_000)}1]`,
  `{"deep":${'['.repeat(2000)}${']'.repeat(2000)}}`,
  '\u0000\u0001\u0002',
];

const MULTIPART_BODIES = [
  '--x\r\nContent-Disposition: form-data; name="files"; filename="a\u0000.txt"\r\n\r\nhi\r\n--x--\r\n',
  '--x\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\nContent-Type: a\u0000b\r\n\r\nhi',
  '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--x--\r\n',
  'not multipart',
  '',
];

interface GeneratedRequest {
  url: string;
  contentType: string | null;
  body: string | null;
}

function requestArbitrary(
  target: FuzzTarget,
  ids: readonly string[],
): fc.Arbitrary<GeneratedRequest> {
  const parameters = target.operation.parameters ?? [];
  const pathParams = parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = parameters.filter((parameter) => parameter.in === 'query');

  const pathValue = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .oneof(fc.uuid(), ids.length ? fc.constantFrom(...ids) : fc.uuid())
        .map(encodeURIComponent),
    },
    { weight: 3, arbitrary: nastyString.map(encodeURIComponent) },
    // Path tricks, sent as they are.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '..',
        '../..',
        'a/b',
        '%2e%2e',
        '%2F',
        '%E0%A4%A',
        '%00',
        '.',
        'x'.repeat(300),
      ),
    },
  );
  const path = fc
    .tuple(...pathParams.map(() => pathValue))
    .map((values) =>
      pathParams.reduce(
        (url, parameter, index) => url.replace(`{${parameter.name}}`, values[index] ?? ''),
        target.path,
      ),
    );

  const queryValue = (schema: JsonSchema | undefined) =>
    fc.oneof(
      fromSchema(schema, ids).map((value) => [String(value)]),
      nastyString.map((value) => [value]),
      fc.array(nastyString, { minLength: 2, maxLength: 3 }),
    );
  const query = fc
    .tuple(
      fc.tuple(
        ...queryParams.map((parameter) =>
          fc.option(queryValue(parameter.schema), { nil: undefined }),
        ),
      ),
      fc.dictionary(fc.constantFrom('x', 'id', '__proto__', 'constructor', 'limit'), nastyString, {
        maxKeys: 2,
      }),
    )
    .map(([values, extra]) => {
      const parts: string[] = [];
      queryParams.forEach((parameter, index) => {
        for (const value of values[index] ?? [])
          parts.push(`${encodeURIComponent(parameter.name)}=${encodeURIComponent(value)}`);
      });
      for (const [name, value] of Object.entries(extra))
        parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
      return parts.length ? `?${parts.join('&')}` : '';
    });

  const schema = target.operation.requestBody?.content?.['application/json']?.schema;
  const json = (value: unknown) => ({
    contentType: 'application/json',
    body: JSON.stringify(value),
  });
  const body: fc.Arbitrary<{ contentType: string | null; body: string | null }> = fc.oneof(
    {
      weight: schema ? 6 : 1,
      arbitrary: (schema ? mutatedObject(schema, ids) : junkValue).map(json),
    },
    { weight: 2, arbitrary: junkValue.map(json) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...RAW_BODIES)
        .map((raw) => ({ contentType: 'application/json', body: raw })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'multipart/form-data',
            'multipart/form-data; boundary=x',
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
          ),
          fc.constantFrom(...MULTIPART_BODIES),
        )
        .map(([contentType, raw]) => ({ contentType, body: raw })),
    },
    { weight: 1, arbitrary: fc.constant({ contentType: null, body: null }) },
  );

  return fc
    .tuple(
      path,
      query,
      target.method === 'GET' ? fc.constant({ contentType: null, body: null }) : body,
    )
    .map(([p, q, b]) => ({ url: `${p}${q}`, ...b }));
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
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        text: await response.text(),
      };
    } catch (error) {
      return { status: 0, contentType: '', text: `the request failed: ${(error as Error).message}` };
    }
  };
}

/**
 * Sends `runs` generated bad requests to every route of the document as each identity, over
 * real HTTP, and answers what went wrong: a 5xx, an answer that is not Mason's error shape, a
 * validation detail before authentication, a refused request that changed the database.
 */
export async function fuzzApi(options: FuzzOptions): Promise<FuzzReport> {
  const targets = fuzzTargets(options.document).filter(
    (target) => !options.skip?.includes(routeName(target)),
  );
  const report: FuzzReport = { routes: targets.length, requests: 0, serverErrors: 0, failures: [] };
  let routeIndex = 0;
  for (const target of targets) {
    routeIndex += 1;
    const needsSession = options.needsSession(target);
    for (const [identityIndex, identity] of options.identities.entries()) {
      const requests = fc.sample(requestArbitrary(target, options.knownIds), {
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
