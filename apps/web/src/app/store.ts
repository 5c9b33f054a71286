import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi, createApiClient, type ApiListenerOptions } from '@mason/api-client';
import { createSessionListener, sessionSlice } from '@mason/auth';
import { usageLimitSlice } from '@mason/billing';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [usageLimitSlice.reducerPath]: usageLimitSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface MakeStoreOptions extends ApiListenerOptions {
  /** The current route's pathname (the error catalogue of SPEC.md 8 depends on the page). */
  getPathname: () => string;
  preloadedState?: Partial<RootState>;
  baseUrl?: string;
}

/**
 * One store per app (and per test). The api client reads the token from the session and the
 * route from the shell. A session that ends (logout, or a 401 that api-client announces) is
 * cleared by auth's listener; the guard then takes the person to /login.
 */
export function makeStore({
  getPathname,
  preloadedState,
  baseUrl,
  notify,
  warn,
}: MakeStoreOptions) {
  const client = createApiClient<RootState>({
    baseUrl,
    getToken: (state) => state.session.token,
    getPathname,
    notify,
    warn,
  });
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: client.extraArgument } }).concat(
        ...client.middleware,
        createSessionListener().middleware,
      ),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
