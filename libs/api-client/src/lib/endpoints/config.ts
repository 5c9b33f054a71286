import { accountCallRoutes, type ClientConfig } from '@mason/contract';
import { baseApi, type ApiBuilder } from '../api';
import { callRequest } from '../call-request';

/** GET /config: what the browser needs before login (Google client id, sign-ups open, banner, analytics). */
export const configEndpoints = (build: ApiBuilder) => ({
  getClientConfig: build.query<ClientConfig, void>({
    query: () => callRequest(accountCallRoutes.getClientConfig),
    providesTags: ['ClientConfig'],
    keepUnusedDataFor: 3600,
  }),
});

/** The config endpoints, injected into the one API slice when this module loads (code splitting). */
export const configApi = baseApi.injectEndpoints({ endpoints: configEndpoints });

export const { useGetClientConfigQuery, useLazyGetClientConfigQuery } = configApi;
