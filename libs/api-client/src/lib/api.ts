import { REFETCH_ON_FOCUS, type OkResponse } from '@mason/contract';
import type { EndpointBuilder } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery, type ApiBaseQuery } from './base-query';
import { API_TAG_TYPES, type ApiTagType } from './tags';

export const API_REDUCER_PATH = 'api';

/** The one API slice, before any endpoint is injected (see mason-api.ts for the full one). */
export const baseApi = createApi({
  reducerPath: API_REDUCER_PATH,
  baseQuery: apiBaseQuery,
  tagTypes: API_TAG_TYPES,
  refetchOnFocus: REFETCH_ON_FOCUS,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});

/** The builder every domain's endpoints are written with. */
export type ApiBuilder = EndpointBuilder<ApiBaseQuery, ApiTagType, typeof API_REDUCER_PATH>;

/** Tags to invalidate only when the mutation succeeded (a failed mutation changed nothing). */
export const whenOk =
  <Arg, Result>(
    tags: (
      arg: Arg,
      result: Result,
    ) => ReadonlyArray<{ type: ApiTagType; id: string } | ApiTagType>,
  ) =>
  (result: Result | undefined, error: unknown, arg: Arg) =>
    error || result === undefined ? [] : [...tags(arg, result)];

/** Calls that only succeed answer OkResponse, or 204 (no body): both become { ok: true }. */
export const toOk = (response: OkResponse | null | undefined): OkResponse =>
  response ?? { ok: true };
