import {
  combineReducers,
  isAction,
  configureStore,
  type Middleware,
  type Reducer,
  type ReducersMapObject,
  type StateFromReducersMapObject,
  type Store,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { ApiClientExtra } from '../lib/config';
import { createApiClient, type ApiClient } from '../lib/client';
import type { ApiError } from '../lib/api-error';
import type { ApiNotifier, ApiToastOptions } from '../lib/listener';
import { api } from '../lib/mason-api';
import { testBaseUrl } from './api-url';

export interface ApiTestStoreOptions<Reducers extends ReducersMapObject> {
  /** The bearer token the getter returns (default none: logged out). Change it with setToken. */
  readonly token?: string | null;
  /** The current route the getter returns (default '/'). Change it with setPathname. */
  readonly pathname?: string;
  /** Default testBaseUrl(): `${location.origin}/api`. */
  readonly baseUrl?: string;
  /** More slices (a feature's own), beside the api slice. */
  readonly reducers?: Reducers;
  readonly preloadedState?: Partial<StateFromReducersMapObject<Reducers>>;
  /** Read the token from the store instead (e.g. a session slice); wins over `token`. */
  readonly getToken?: (state: StateFromReducersMapObject<Reducers>) => string | null | undefined;
  /** Also show toasts here (e.g. notistack's enqueueSnackbar in a rendered test); they are recorded anyway. */
  readonly notify?: ApiNotifier;
}

/** The state of a test store: the given slices and the api slice. */
export type ApiTestState<Reducers extends ReducersMapObject> =
  StateFromReducersMapObject<Reducers> & {
    readonly api: ReturnType<typeof api.reducer>;
  };

/** A test store: dispatches plain actions and thunks (endpoint `initiate()` included). */
export type ApiTestReduxStore<State> = Omit<Store<State, UnknownAction>, 'dispatch'> & {
  dispatch: ThunkDispatch<State, ApiClientExtra, UnknownAction>;
};

export interface RecordedToast extends ApiToastOptions {
  readonly message: string;
}

export interface RecordedWarning {
  readonly message: string;
  readonly error: ApiError;
}

/**
 * A fresh store with the api slice, its middleware and the error listener, and test getters:
 * one per test, nothing shared. It records every action, toast and warning for assertions.
 */
export function makeApiTestStore<Reducers extends ReducersMapObject = Record<never, never>>(
  options: ApiTestStoreOptions<Reducers> = {},
) {
  let token = options.token ?? null;
  let pathname = options.pathname ?? '/';
  const toasts: RecordedToast[] = [];
  const warnings: RecordedWarning[] = [];
  const actions: UnknownAction[] = [];

  type State = StateFromReducersMapObject<Reducers>;
  const client: ApiClient = createApiClient<State>({
    baseUrl: options.baseUrl ?? testBaseUrl(),
    getToken: (state) => (options.getToken ? options.getToken(state) : token),
    getPathname: () => pathname,
    notify: (message, toastOptions) => {
      toasts.push({ message, ...toastOptions });
      options.notify?.(message, toastOptions);
    },
    warn: (message, error) => {
      warnings.push({ message, error });
    },
  });

  const recorder: Middleware = () => (next) => (action) => {
    if (isAction(action)) actions.push(action);
    return next(action);
  };

  // The slices are only known by their type parameter here; the store is typed by ApiTestState.
  type KnownState = { api: ReturnType<typeof api.reducer> } & Record<string, unknown>;
  const reducer = combineReducers({
    ...options.reducers,
    [api.reducerPath]: api.reducer,
  }) as unknown as Reducer<KnownState, UnknownAction, Partial<KnownState>>;
  const store = configureStore({
    reducer,
    ...(options.preloadedState
      ? { preloadedState: options.preloadedState as Partial<KnownState> }
      : {}),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: client.extraArgument } })
        .prepend(recorder)
        .concat(client.middleware),
  }) as unknown as ApiTestReduxStore<ApiTestState<Reducers>>;

  return {
    store,
    client,
    /** Toasts the error listener raised, in order. */
    toasts,
    /** Warnings logged for silent calls. */
    warnings,
    /** Every action dispatched (announcements included), in order. */
    actions,
    setToken: (next: string | null) => {
      token = next;
    },
    setPathname: (next: string) => {
      pathname = next;
    },
  };
}

export type ApiTestStore = ReturnType<typeof makeApiTestStore>;
