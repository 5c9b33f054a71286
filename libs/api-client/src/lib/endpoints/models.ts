import { accountCallRoutes, type ModelsResponse } from '@mason/contract';
import { baseApi, type ApiBuilder } from '../api';
import { callRequest } from '../call-request';

/** GET /models: the seven models of SPEC.md 9, which of them this server can run, and what to set when none. */
export const modelsEndpoints = (build: ApiBuilder) => ({
  getModels: build.query<ModelsResponse, void>({
    query: () => callRequest(accountCallRoutes.getModels),
    // The server's providers change only when it restarts with new keys; which models run on the
    // person's own OpenRouter key changes when they connect or disconnect it.
    keepUnusedDataFor: 600,
    providesTags: ['Models'],
  }),
});

/** The models endpoints, injected into the one API slice when this module loads (code splitting). */
export const modelsApi = baseApi.injectEndpoints({ endpoints: modelsEndpoints });

export const { useGetModelsQuery, useLazyGetModelsQuery } = modelsApi;
