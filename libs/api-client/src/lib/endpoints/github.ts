import {
  codeHostingCallRoutes,
  type GithubAccessCodeRequest,
  type GithubAuthorizeUrlQuery,
  type GithubAuthorizeUrlResponse,
  type GithubIntegrationResponse,
  type GithubRepositoriesQuery,
  type GithubRepositoriesResponse,
  type OkResponse,
} from '@mason/contract';
import { type ApiBuilder, baseApi, toOk, whenOk } from '../api';
import { callRequest } from '../call-request';
import { LIST } from '../tags';

/** SPEC.md 7 code-hosting integration. */
export const githubEndpoints = (build: ApiBuilder) => ({
  /** GET /github: `integration` is null when no account is connected (see isGithubConnected). */
  getGithubIntegration: build.query<GithubIntegrationResponse, void>({
    query: () => callRequest(codeHostingCallRoutes.getGithubIntegration),
    providesTags: ['GithubIntegration'],
  }),
  disconnectGithub: build.mutation<OkResponse, void>({
    query: () => callRequest(codeHostingCallRoutes.disconnectGithub),
    transformResponse: toOk,
    invalidatesTags: whenOk(() => ['GithubIntegration', { type: 'GithubRepository', id: LIST }]),
  }),
  /** GET /github/authorize-url: a fresh state each time, so it is never kept in the cache. */
  getGithubAuthorizeUrl: build.query<GithubAuthorizeUrlResponse, GithubAuthorizeUrlQuery | void>({
    query: (query) =>
      callRequest(codeHostingCallRoutes.getGithubAuthorizeUrl, { query: query ?? {} }),
    keepUnusedDataFor: 0,
  }),
  /** POST /github/access-code: what the /github/callback routes received. */
  connectGithub: build.mutation<GithubIntegrationResponse, GithubAccessCodeRequest>({
    query: (body) => callRequest(codeHostingCallRoutes.connectGithub, { body }),
    invalidatesTags: whenOk(() => ['GithubIntegration', { type: 'GithubRepository', id: LIST }]),
  }),
  /** GET /github/repositories?page=&query=: a page of 30, newest change first. */
  getGithubRepositories: build.query<GithubRepositoriesResponse, GithubRepositoriesQuery | void>({
    query: (query) =>
      callRequest(codeHostingCallRoutes.getGithubRepositories, { query: query ?? {} }),
    providesTags: (result) => [
      { type: 'GithubRepository', id: LIST },
      ...(result?.repositories ?? []).map(({ id }) => ({ type: 'GithubRepository' as const, id })),
    ],
  }),
});

/** The github endpoints, injected into the one API slice when this module loads (code splitting). */
export const githubApi = baseApi.injectEndpoints({ endpoints: githubEndpoints });

export const {
  useGetGithubIntegrationQuery,
  useLazyGetGithubIntegrationQuery,
  useDisconnectGithubMutation,
  useGetGithubAuthorizeUrlQuery,
  useLazyGetGithubAuthorizeUrlQuery,
  useConnectGithubMutation,
  useGetGithubRepositoriesQuery,
  useLazyGetGithubRepositoriesQuery,
} = githubApi;
