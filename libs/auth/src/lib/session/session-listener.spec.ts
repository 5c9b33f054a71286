import { waitFor } from '@testing-library/react';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api, createApiClient, isApiError, type ApiToastOptions } from '@mason/api-client';
import { errorHandler, testBaseUrl } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { createSessionListener } from './session-listener';
import { sessionSlice, type SessionState } from './session-slice';

const server = setupApiServer();

const SIGNED_IN: SessionState = {
  status: 'authenticated',
  token: 'stored-token',
  email: 'ada@example.com',
  error: null,
};

/** A store wired as the app wires it: the api client (with its error listener) and auth's session listener. */
function makeStore(pathname: string, session: SessionState = SIGNED_IN) {
  const toasts: { message: string; options: ApiToastOptions }[] = [];
  const reducer = combineReducers({
    [api.reducerPath]: api.reducer,
    session: sessionSlice.reducer,
  });
  type State = ReturnType<typeof reducer>;
  const client = createApiClient<State>({
    baseUrl: testBaseUrl(),
    getToken: (state) => state.session.token,
    getPathname: () => pathname,
    notify: (message, options) => toasts.push({ message, options }),
  });
  const store = configureStore({
    reducer,
    preloadedState: { session } as Partial<State>,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: client.extraArgument } }).concat(
        ...client.middleware,
        createSessionListener().middleware,
      ),
  });
  return { store, toasts };
}

beforeEach(() => {
  localStorage.setItem('mason.session.token', 'stored-token');
  localStorage.setItem('mason.session.email', 'ada@example.com');
});

describe('createSessionListener (SPEC.md 4.4)', () => {
  it('ends the session on a 401: forgets the stored token and drops the cached data of the old session', async () => {
    const { store } = makeStore('/settings');
    await store.dispatch(api.endpoints.getProjects.initiate());
    expect(Object.keys(store.getState().api.queries)).not.toHaveLength(0);

    server.use(errorHandler('getCurrentUser', 401));
    await store.dispatch(api.endpoints.getCurrentUser.initiate());

    await waitFor(() =>
      expect(store.getState().session).toMatchObject({
        status: 'anonymous',
        token: null,
        email: null,
      }),
    );
    expect(localStorage.getItem('mason.session.token')).toBeNull();
    expect(localStorage.getItem('mason.session.email')).toBeNull();
    expect(store.getState().api.queries).toEqual({});
  });

  it('lets the call that ended the session fail with its own error', async () => {
    const { store } = makeStore('/settings');
    server.use(errorHandler('updateCurrentUser', 401));
    const failure = await store
      .dispatch(api.endpoints.updateCurrentUser.initiate({ firstName: 'Ada' }))
      .unwrap()
      .catch((error: unknown) => error);
    expect(isApiError(failure) && failure.kind).toBe('unauthorized');
  });

  it('on a /projects path, still shows "Cannot find project. Please login and try again."', async () => {
    const { store, toasts } = makeStore('/projects/project-1');
    server.use(errorHandler('getProject', 401));
    await store.dispatch(api.endpoints.getProject.initiate('project-1'));

    await waitFor(() =>
      expect(toasts.map((toast) => toast.message)).toEqual([
        'Cannot find project. Please login and try again.',
      ]),
    );
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('mason.session.token')).toBeNull();
  });

  it('leaves a visitor without a session as it is: one toast, and the page keeps the call’s error', async () => {
    const visitor: SessionState = { status: 'anonymous', token: null, email: null, error: null };
    const { store, toasts } = makeStore('/projects/project-1', visitor);
    server.use(errorHandler('getProject', 401));
    await store.dispatch(api.endpoints.getProject.initiate('project-1'));

    await waitFor(() =>
      expect(toasts.map((toast) => toast.message)).toEqual([
        'Cannot find project. Please login and try again.',
      ]),
    );
    expect(api.endpoints.getProject.select('project-1')(store.getState())).toMatchObject({
      status: 'rejected',
      error: { status: 401 },
    });
  });
});
