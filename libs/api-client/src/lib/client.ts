import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import {
  resolveApiClientConfig,
  API_CLIENT_EXTRA_KEY,
  type ApiClientConfig,
  type ApiClientExtra,
} from './config';
import { createApiListener, type ApiListenerOptions } from './listener';
import { baseApi } from './api';

export interface ApiClientOptions<State = unknown>
  extends ApiClientConfig<State>, ApiListenerOptions {}

/** What a store needs from api-client: its extra argument (the config) and its middleware. */
export interface ApiClient {
  /** Pass as `getDefaultMiddleware({ thunk: { extraArgument } })` (spread it into your own extra if you have one). */
  readonly extraArgument: ApiClientExtra;
  /** Concat after the default middleware: the api slice's middleware, then the error listener. */
  readonly middleware: [MasonApiMiddleware, ListenerMiddlewareInstance['middleware']];
  /** The error listener (toasts), e.g. to `clearListeners()` in a test. */
  readonly listener: ListenerMiddlewareInstance;
}

type MasonApiMiddleware = typeof baseApi.middleware;

/**
 * Registers a store's getters and notifier. Make one per store:
 *
 *   const client = createApiClient<RootState>({ getToken: (s) => s.session.token, getPathname: () => router.state.location.pathname });
 *   configureStore({
 *     reducer: { [api.reducerPath]: api.reducer, ... },
 *     middleware: (gDM) => gDM({ thunk: { extraArgument: client.extraArgument } }).concat(client.middleware),
 *   });
 */
export function createApiClient<State = unknown>(options: ApiClientOptions<State> = {}): ApiClient {
  const listener = createApiListener(options);
  return {
    extraArgument: { [API_CLIENT_EXTRA_KEY]: resolveApiClientConfig(options) },
    middleware: [baseApi.middleware, listener.middleware],
    listener,
  };
}
