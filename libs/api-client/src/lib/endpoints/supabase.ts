import {
  supabaseCallRoutes,
  type OkResponse,
  type SupabaseAccessCodeRequest,
  type SupabaseAuthorizeUrlResponse,
  type SupabaseIntegrationResponse,
  type SupabaseProjectsResponse,
} from '@mason/contract';
import { type ApiBuilder, baseApi, toOk, whenOk } from '../api';
import { callRequest } from '../call-request';

/** A person's Supabase account (issue 34): connected through OAuth, its projects to attach. */
export const supabaseEndpoints = (build: ApiBuilder) => ({
  /** GET /supabase: `connection` is null when no account is connected. */
  getSupabaseIntegration: build.query<SupabaseIntegrationResponse, void>({
    query: () => callRequest(supabaseCallRoutes.getSupabaseIntegration),
    providesTags: ['SupabaseIntegration'],
  }),
  disconnectSupabase: build.mutation<OkResponse, void>({
    query: () => callRequest(supabaseCallRoutes.disconnectSupabase),
    transformResponse: toOk,
    invalidatesTags: whenOk(() => ['SupabaseIntegration']),
  }),
  /** GET /supabase/authorize-url: a fresh state each time, so it is never kept in the cache. */
  getSupabaseAuthorizeUrl: build.query<SupabaseAuthorizeUrlResponse, void>({
    query: () => callRequest(supabaseCallRoutes.getSupabaseAuthorizeUrl),
    keepUnusedDataFor: 0,
  }),
  /** POST /supabase/access-code: what /integrations/supabase/redirect received. */
  connectSupabase: build.mutation<SupabaseIntegrationResponse, SupabaseAccessCodeRequest>({
    query: (body) => callRequest(supabaseCallRoutes.connectSupabase, { body }),
    invalidatesTags: whenOk(() => ['SupabaseIntegration']),
  }),
  /** GET /supabase/projects: the connected account's projects. */
  getSupabaseProjects: build.query<SupabaseProjectsResponse, void>({
    query: () => callRequest(supabaseCallRoutes.getSupabaseProjects),
    providesTags: ['SupabaseIntegration'],
  }),
});

/** The Supabase endpoints, injected into the one API slice when this module loads. */
export const supabaseApi = baseApi.injectEndpoints({ endpoints: supabaseEndpoints });

export const {
  useGetSupabaseIntegrationQuery,
  useDisconnectSupabaseMutation,
  useLazyGetSupabaseAuthorizeUrlQuery,
  useConnectSupabaseMutation,
  useGetSupabaseProjectsQuery,
} = supabaseApi;
