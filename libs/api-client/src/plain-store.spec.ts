/**
 * @jest-environment node
 */
// Another internal app (a CLI, a worker, a Node script) uses api-client without React or a DOM:
// a plain Redux store, the registered getters, endpoints dispatched by hand.
import { configureStore, isAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { setupServer } from 'msw/node';
import { api, apiSessionEnded, createApiClient, isApiError, isApiSessionEnd } from './index';
import { aUser, createApiHandlers, errorHandler } from './testing';

const baseUrl = 'http://mason.internal/api';
const server = setupServer(...createApiHandlers({ baseUrl }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const stores: Array<{ dispatch: (action: UnknownAction) => unknown }> = [];
// Unused cache entries are kept for 60 s on a timer: a Node app resets the api state when it is done.
afterEach(() => stores.splice(0).forEach((store) => store.dispatch(api.util.resetApiState())));

function makeStore(token: string | null) {
  const toasts: string[] = [];
  const seen: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    if (isAction(action)) seen.push(action);
    return next(action);
  };
  const client = createApiClient({
    baseUrl,
    getToken: () => token,
    getPathname: () => '/',
    notify: (message) => toasts.push(message),
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: client.extraArgument } })
        .concat(client.middleware)
        .concat(record),
  });
  stores.push(store);
  return { store, toasts, seen };
}

describe('a plain store without React', () => {
  it('dispatches api.endpoints.getCurrentUser.initiate() and reads the cache', async () => {
    const { store } = makeStore('cli-token');

    const request = store.dispatch(api.endpoints.getCurrentUser.initiate());
    const user = await request.unwrap();
    request.unsubscribe();

    expect(user).toEqual(aUser());
    expect(api.endpoints.getCurrentUser.select()(store.getState()).data).toEqual(aUser());
  });

  it('rejects with an ApiError and announces the end of the session on a 401', async () => {
    server.use(errorHandler('getCurrentUser', 401, {}, { baseUrl }));
    const { store, toasts, seen } = makeStore('expired-token');

    const failure = await store
      .dispatch(api.endpoints.getCurrentUser.initiate())
      .unwrap()
      .catch((error: unknown) => error);

    expect(isApiError(failure) && failure.kind).toBe('unauthorized');
    expect(toasts).toEqual([]);
    expect(seen.filter(isApiSessionEnd)).toEqual([
      apiSessionEnded({ reason: 'unauthorized', endpoint: 'getCurrentUser' }),
    ]);
  });

  it('runs mutations', async () => {
    const { store } = makeStore(null);

    const answer = await store
      .dispatch(api.endpoints.login.initiate({ email: 'ada@example.com', password: 'secret-12' }))
      .unwrap();

    expect(answer).toEqual({ token: 'test-token' });
  });
});
