import { API_TIMEOUT_MS } from '@mason/contract';
import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { announcementFor } from './announcements';
import { toApiError, type ApiError } from './api-error';
import { apiClientConfigOf, type ResolvedApiClientConfig } from './config';

/** Per-endpoint options (`extraOptions` of an endpoint definition). */
export interface ApiExtraOptions {
  /** Milliseconds before the call fails with a TIMEOUT ApiError. Default API_TIMEOUT_MS (10 000). */
  readonly timeout?: number;
}

export type ApiBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  ApiExtraOptions,
  FetchBaseQueryMeta
>;

/** Query strings: undefined and null are left out, arrays repeat the key (`states=A&states=B`). */
export function serializeParams(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  return search.toString();
}

type RawBaseQuery = ReturnType<typeof fetchBaseQuery>;
const rawQueries = new WeakMap<ResolvedApiClientConfig, RawBaseQuery>();

/** One fetchBaseQuery per registered config (its base URL, fetch and token getter). */
function rawQueryFor(config: ResolvedApiClientConfig): RawBaseQuery {
  let raw = rawQueries.get(config);
  if (!raw) {
    raw = fetchBaseQuery({
      baseUrl: config.baseUrl,
      ...(config.fetchFn ? { fetchFn: config.fetchFn } : {}),
      paramsSerializer: serializeParams,
      prepareHeaders: (headers, { getState }) => {
        const token = config.getToken(getState());
        if (token) headers.set('Authorization', `Bearer ${token}`);
        return headers;
      },
    });
    rawQueries.set(config, raw);
  }
  return raw;
}

/**
 * The base query of the one API slice: fetchBaseQuery with the store's registered config, JSON
 * bodies, the bearer header when a token exists and a per-call time-out; every failure becomes
 * an ApiError through the catalogue (SPEC.md 8), and the errors that call for it are announced
 * (session ended or expired, usage limit reached).
 */
export const apiBaseQuery: ApiBaseQuery = async (args, api: BaseQueryApi, extraOptions) => {
  const config = apiClientConfigOf(api.extra);
  const request: FetchArgs = typeof args === 'string' ? { url: args } : args;
  const timeout = extraOptions?.timeout ?? request.timeout ?? API_TIMEOUT_MS;
  const result = await rawQueryFor(config)({ ...request, timeout }, api, {});
  if (result.error === undefined)
    return { data: result.data, ...(result.meta ? { meta: result.meta } : {}) };

  const error = toApiError(result.error, {
    pathname: config.getPathname(api.getState()),
    endpoint: api.endpoint,
  });
  if (!api.signal.aborted) {
    const announcement = announcementFor(error, api.endpoint);
    if (announcement) api.dispatch(announcement);
  }
  return { error, ...(result.meta ? { meta: result.meta } : {}) };
};
