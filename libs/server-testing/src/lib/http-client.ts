/** What a test sees of an answer. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the body is not JSON, or undefined when empty. */
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  /** A raw body (sent as is with content-type application/json). */
  rawBody?: string;
  token?: string;
  /** The caller's IP address (X-Forwarded-For; a server under test may trust it). */
  ip?: string;
  headers?: Record<string, string>;
}

/** Sends one request to the server under test. `path` is absolute ('/api/config'). */
export type RequestFn = <T = unknown>(
  method: string,
  path: string,
  options?: RequestOptions,
) => Promise<ApiResponse<T>>;

/** Calls a listening server over real HTTP, as a browser or the api-client would. */
export function httpClient(baseUrl: string): RequestFn {
  return async function request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    let body: string | undefined;
    if (options.rawBody !== undefined || options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = options.rawBody ?? JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text || undefined;
    if (text && (response.headers.get('content-type') ?? '').includes('application/json'))
      parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T };
  };
}

type CallOptions = Omit<RequestOptions, 'body' | 'token'>;

/** One caller's requests: each sends the caller's bearer token. */
export interface AuthenticatedClient {
  readonly token: string;
  get<T = unknown>(path: string, options?: CallOptions): Promise<ApiResponse<T>>;
  delete<T = unknown>(path: string, options?: CallOptions): Promise<ApiResponse<T>>;
  post<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<ApiResponse<T>>;
  put<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<ApiResponse<T>>;
  patch<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<ApiResponse<T>>;
}

/**
 * The requests of the caller holding `token`, so specs say `alice.get('/api/projects')` instead
 * of redefining get/post helpers that thread the token through.
 */
export function asCaller(request: RequestFn, token: string): AuthenticatedClient {
  const withBody =
    (method: string) =>
    <T>(path: string, body?: unknown, options: CallOptions = {}) =>
      request<T>(method, path, { ...options, body, token });
  return {
    token,
    get: (path, options = {}) => request('GET', path, { ...options, token }),
    delete: (path, options = {}) => request('DELETE', path, { ...options, token }),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
  };
}
