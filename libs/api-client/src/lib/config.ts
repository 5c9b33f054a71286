import { API_PREFIX } from '@mason/contract';

/**
 * What the app registers when it makes its store. The getters are called on every request, with
 * the store's state, so they always see the current token and route. Nothing is read from window
 * globals: each store (and each test store) has its own.
 */
export interface ApiClientConfig<State = unknown> {
  /** Where the API is. Default: same-origin '/api'. Absolute in Node and in jest ('http://host/api'). */
  readonly baseUrl?: string;
  /** The bearer token, or null/undefined when logged out (then no Authorization header is sent). */
  readonly getToken?: (state: State) => string | null | undefined;
  /** The current route's pathname ('/settings', '/projects/p1'): the catalogue's page-dependent rows use it. */
  readonly getPathname?: (state: State) => string;
  /** The fetch to call. Default: the global fetch at call time (so MSW can intercept it). */
  readonly fetchFn?: (input: RequestInfo, init?: RequestInit) => Promise<Response>;
}

/** The config with its defaults filled in, as the base query reads it. */
export interface ResolvedApiClientConfig {
  readonly baseUrl: string;
  readonly getToken: (state: unknown) => string | null | undefined;
  readonly getPathname: (state: unknown) => string;
  readonly fetchFn: ((input: RequestInfo, init?: RequestInit) => Promise<Response>) | undefined;
}

/** The key under which the config travels in the thunk extra argument. */
export const API_CLIENT_EXTRA_KEY = 'apiClient';

/** The thunk `extraArgument` a store passes to `getDefaultMiddleware({ thunk: { extraArgument } })`. */
export interface ApiClientExtra {
  readonly [API_CLIENT_EXTRA_KEY]: ResolvedApiClientConfig;
}

export const DEFAULT_BASE_URL = API_PREFIX;

export function resolveApiClientConfig<State>(
  config: ApiClientConfig<State> = {},
): ResolvedApiClientConfig {
  // The getters are only ever called with the state of the store this config was made for.
  const getToken = config.getToken as ((state: unknown) => string | null | undefined) | undefined;
  const getPathname = config.getPathname as ((state: unknown) => string) | undefined;
  return {
    baseUrl: (config.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
    getToken: getToken ?? (() => null),
    getPathname: getPathname ?? (() => ''),
    fetchFn: config.fetchFn,
  };
}

const defaultConfig = resolveApiClientConfig();

/** The config of the store running a request; defaults when the store registered none. */
export function apiClientConfigOf(extra: unknown): ResolvedApiClientConfig {
  if (typeof extra === 'object' && extra !== null && API_CLIENT_EXTRA_KEY in extra) {
    const config = (extra as Partial<ApiClientExtra>)[API_CLIENT_EXTRA_KEY];
    if (config) return config;
  }
  return defaultConfig;
}
