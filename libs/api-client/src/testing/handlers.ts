import { ApiCalls, ApiErrorBodySchema, type ApiErrorBody, type CallSpec } from '@mason/contract';
import { delay, http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import type { ApiEndpointName, ApiResult } from '../lib/mason-api';
import { apiUrl } from './api-url';

/** What a fake receives: the request, its path params, and its body and query parsed by the contract. */
export interface FakeRequest {
  readonly request: Request;
  readonly params: Readonly<Record<string, string>>;
  /** The JSON body parsed by the call's contract schema, or the FormData of an upload. */
  readonly body: unknown;
  /** The query string parsed by the call's contract schema. */
  readonly query: unknown;
}

/** Answers a call: the endpoint's result (parsed by its contract schema), or any Response. */
export type FakeResponder<Name extends ApiEndpointName> = (
  request: FakeRequest,
) => ApiResult<Name> | Response | Promise<ApiResult<Name> | Response>;

export interface FakeHandlerOptions {
  /** Default testBaseUrl(). */
  readonly baseUrl?: string;
  /** HTTP status of a successful answer (default: the call's, from the table; 200 when it names none). */
  readonly status?: number;
  /** Answer only the first matching request. */
  readonly once?: boolean;
}

/** One problem a contract schema found in a request or an answer. */
interface ContractIssue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
}

/** An endpoint's entry of the contract's table of calls (its method, path and schemas). */
const callOf = (endpoint: ApiEndpointName) => ApiCalls[endpoint];
const methodOf = (endpoint: ApiEndpointName) =>
  callOf(endpoint).method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** An error body as the server sends it, parsed by ApiErrorBodySchema. */
export function apiErrorBody(status: number, overrides: Partial<ApiErrorBody> = {}): ApiErrorBody {
  const error = reasons[status] ?? 'Error';
  return ApiErrorBodySchema.parse({ statusCode: status, error, message: error, ...overrides });
}

function invalidRequest(issues: ReadonlyArray<ContractIssue>): Response {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    fieldErrors[field] ??= issue.message;
  }
  const message = issues
    .map((issue) => `${issue.path.map(String).join('.') || 'body'}: ${issue.message}`)
    .join('; ');
  return HttpResponse.json(apiErrorBody(400, { message, fieldErrors }), { status: 400 });
}

/** A query string as an object; a repeated key becomes a list. */
function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

async function jsonOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return Symbol('not JSON');
  }
}

/**
 * A handler for one endpoint that behaves like the server at the wire: the body and query are
 * checked against the contract (400 with fieldErrors when they do not fit), and the answer must
 * fit the endpoint's response schema (a test fails loudly when a fake drifts from the contract).
 */
export function mockEndpoint<Name extends ApiEndpointName>(
  endpoint: Name,
  respond: ApiResult<Name> | FakeResponder<Name>,
  options: FakeHandlerOptions = {},
): HttpHandler {
  const call: CallSpec = callOf(endpoint);
  const responder: FakeResponder<Name> =
    typeof respond === 'function'
      ? (respond as FakeResponder<Name>)
      : () => respond as ApiResult<Name>;
  return http[methodOf(endpoint)](
    apiUrl(call.path, options.baseUrl),
    async ({ request: original, params }) => {
      // The responder gets a request whose body is still unread.
      const request = original.clone();
      let query: unknown;
      if (call.query) {
        const parsed = call.query.safeParse(queryOf(new URL(request.url)));
        if (!parsed.success) return invalidRequest(parsed.error.issues);
        query = parsed.data;
      }
      let body: unknown;
      if (call.body) {
        const parsed = call.body.safeParse(await jsonOf(original));
        if (!parsed.success) return invalidRequest(parsed.error.issues);
        body = parsed.data;
      } else if (call.multipart) {
        body = await original.formData();
      }
      const answer = await responder({
        request,
        params: params as Record<string, string>,
        body,
        query,
      });
      if (answer instanceof Response) return answer;
      // A call that answers 204 has no body: the client makes its own result of it.
      if (!call.response) return new HttpResponse(null, { status: options.status ?? 204 });
      const parsed = call.response.safeParse(answer);
      if (!parsed.success) {
        const problems = parsed.error.issues.map(
          (issue) => `${issue.path.map(String).join('.')}: ${issue.message}`,
        );
        throw new Error(
          `The fake answer of ${endpoint} does not fit its contract schema: ${problems.join('; ')}`,
        );
      }
      return HttpResponse.json(parsed.data as JsonBodyType, {
        status: options.status ?? call.status ?? 200,
      });
    },
    { once: options.once ?? false },
  );
}

/** The endpoint fails with this status and an ApiErrorBody (message defaults to the status text). */
export function errorHandler(
  endpoint: ApiEndpointName,
  status: number,
  body: Partial<ApiErrorBody> = {},
  options: Omit<FakeHandlerOptions, 'status'> = {},
): HttpHandler {
  return http[methodOf(endpoint)](
    apiUrl(callOf(endpoint).path, options.baseUrl),
    () => HttpResponse.json(apiErrorBody(status, body), { status }),
    { once: options.once ?? false },
  );
}

/** The endpoint's request fails as if the network were down (ApiError status 'NETWORK'). */
export function networkErrorHandler(
  endpoint: ApiEndpointName,
  options: Omit<FakeHandlerOptions, 'status'> = {},
): HttpHandler {
  return http[methodOf(endpoint)](
    apiUrl(callOf(endpoint).path, options.baseUrl),
    () => HttpResponse.error(),
    {
      once: options.once ?? false,
    },
  );
}

/** The endpoint never answers (loading states; time-outs with fake timers). */
export function pendingHandler(
  endpoint: ApiEndpointName,
  options: Omit<FakeHandlerOptions, 'status'> = {},
): HttpHandler {
  return http[methodOf(endpoint)](
    apiUrl(callOf(endpoint).path, options.baseUrl),
    async () => {
      await delay('infinite');
      return HttpResponse.error();
    },
    { once: options.once ?? false },
  );
}
