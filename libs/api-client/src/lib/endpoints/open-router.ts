import {
  outsideToolsCallRoutes,
  type OkResponse,
  type OpenRouterAccessCodeRequest,
  type OpenRouterAuthorizeUrlResponse,
  type OpenRouterIntegrationResponse,
} from '@mason/contract';
import { type ApiBuilder, baseApi, toOk, whenOk } from '../api';
import { callRequest } from '../call-request';

/**
 * The person's own OpenRouter account (issue 35): connected through OpenRouter's OAuth PKCE flow,
 * their turns then run on its key. Which models run on it is GET /models' `runsOnOwnKey`, so
 * connecting or disconnecting asks the models again.
 */
export const openRouterEndpoints = (build: ApiBuilder) => ({
  /** GET /open-router: `connection` is null when no account is connected. */
  getOpenRouterIntegration: build.query<OpenRouterIntegrationResponse, void>({
    query: () => callRequest(outsideToolsCallRoutes.getOpenRouterIntegration),
    providesTags: ['OpenRouterIntegration'],
  }),
  /** POST /open-router/disconnect: the key is forgotten; turns go back to Mason's credits. */
  disconnectOpenRouter: build.mutation<OkResponse, void>({
    query: () => callRequest(outsideToolsCallRoutes.disconnectOpenRouter),
    transformResponse: toOk,
    invalidatesTags: whenOk(() => ['OpenRouterIntegration', 'Models']),
  }),
  /** GET /open-router/authorize-url: a fresh state each time, so it is never kept in the cache. */
  getOpenRouterAuthorizeUrl: build.query<OpenRouterAuthorizeUrlResponse, void>({
    query: () => callRequest(outsideToolsCallRoutes.getOpenRouterAuthorizeUrl),
    keepUnusedDataFor: 0,
  }),
  /** POST /open-router/access-code: what /open-router/callback received. */
  connectOpenRouter: build.mutation<OpenRouterIntegrationResponse, OpenRouterAccessCodeRequest>({
    query: (body) => callRequest(outsideToolsCallRoutes.connectOpenRouter, { body }),
    invalidatesTags: whenOk(() => ['OpenRouterIntegration', 'Models']),
  }),
});

/** The OpenRouter endpoints, injected into the one API slice when this module loads. */
export const openRouterApi = baseApi.injectEndpoints({ endpoints: openRouterEndpoints });

export const {
  useGetOpenRouterIntegrationQuery,
  useDisconnectOpenRouterMutation,
  useLazyGetOpenRouterAuthorizeUrlQuery,
  useConnectOpenRouterMutation,
} = openRouterApi;
