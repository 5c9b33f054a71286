import {
  errorHandler,
  makeApiTestStore,
  mockEndpoint,
  networkErrorHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { sessionSlice } from './session-slice';
import { logout, restoreSession, startSession } from './session-thunks';

const server = setupApiServer();

function makeStore() {
  return makeApiTestStore({
    reducers: { session: sessionSlice.reducer },
    getToken: (state) => state.session.token,
  });
}

beforeEach(() => localStorage.clear());

describe('restoreSession (SPEC.md 4.1-4.2)', () => {
  it('is anonymous when nothing is stored, without calling the server', async () => {
    const sent = jest.fn(() => ({
      id: 'u',
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'B',
      emailVerified: true,
      hasPassword: true,
      signupSource: null,
      createdAt: '2025-01-01T00:00:00.000Z',
    }));
    server.use(mockEndpoint('getCurrentUser', sent));
    const { store } = makeStore();
    await store.dispatch(restoreSession());
    expect(store.getState().session.status).toBe('anonymous');
    expect(sent).not.toHaveBeenCalled();
  });

  it('restores a stored session by fetching the user and the subscription', async () => {
    localStorage.setItem('mason.session.token', 'stored-token');
    localStorage.setItem('mason.session.email', 'ada@example.com');
    const seen: (string | null)[] = [];
    server.use(
      mockEndpoint('getActiveSubscription', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return { subscription: null };
      }),
    );
    const { store } = makeStore();
    const user = await store.dispatch(restoreSession()).unwrap();
    expect(user?.email).toBe('ada@example.com');
    expect(store.getState().session).toMatchObject({
      status: 'authenticated',
      token: 'stored-token',
      email: 'ada@example.com',
    });
    expect(seen).toEqual(['Bearer stored-token']);
  });

  it('forgets a stored token the server refuses (401)', async () => {
    localStorage.setItem('mason.session.token', 'revoked');
    localStorage.setItem('mason.session.email', 'ada@example.com');
    server.use(errorHandler('getCurrentUser', 401));
    const harness = makeApiTestStore({
      reducers: { session: sessionSlice.reducer },
      getToken: (state) => state.session.token,
    });
    await harness.store.dispatch(restoreSession());
    expect(harness.store.getState().session.status).toBe('anonymous');
    expect(localStorage.getItem('mason.session.token')).toBeNull();
  });

  it('keeps the stored session and offers a retry when the server is unreachable', async () => {
    localStorage.setItem('mason.session.token', 'stored-token');
    localStorage.setItem('mason.session.email', 'ada@example.com');
    server.use(networkErrorHandler('getCurrentUser'));
    const { store } = makeStore();
    await store.dispatch(restoreSession());
    expect(store.getState().session.status).toBe('unreachable');
    expect(localStorage.getItem('mason.session.token')).toBe('stored-token');
  });

  it('counts the account as free when the subscription cannot be fetched, with a warning', async () => {
    localStorage.setItem('mason.session.token', 'stored-token');
    localStorage.setItem('mason.session.email', 'ada@example.com');
    server.use(errorHandler('getActiveSubscription', 500));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store } = makeStore();
    await store.dispatch(restoreSession());
    expect(store.getState().session.status).toBe('authenticated');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('subscription'), expect.anything());
    warn.mockRestore();
  });
});

describe('startSession and logout (SPEC.md 4.3-4.4)', () => {
  it('stores the session, then logout revokes the token on the server and forgets it', async () => {
    let revoked: string | null = null;
    server.use(
      mockEndpoint('logout', ({ request }) => {
        revoked = request.headers.get('authorization');
        return { ok: true };
      }),
    );
    const { store } = makeStore();
    await store.dispatch(startSession({ token: 'fresh', email: 'ada@example.com' })).unwrap();
    expect(localStorage.getItem('mason.session.token')).toBe('fresh');
    await store.dispatch(logout());
    expect(revoked).toBe('Bearer fresh');
    expect(store.getState().session).toMatchObject({
      status: 'anonymous',
      token: null,
      email: null,
    });
    expect(localStorage.getItem('mason.session.token')).toBeNull();
    expect(store.getState().api.queries).toEqual({});
  });

  it('logs out locally even when the server cannot be reached', async () => {
    server.use(networkErrorHandler('logout'));
    const { store } = makeStore();
    await store.dispatch(startSession({ token: 'fresh', email: 'ada@example.com' })).unwrap();
    await store.dispatch(logout());
    expect(store.getState().session.status).toBe('anonymous');
    expect(localStorage.getItem('mason.session.token')).toBeNull();
  });

  it('learns the e-mail from the account when Google sign-in gave none', async () => {
    const { store } = makeStore();
    await store.dispatch(startSession({ token: 'google-token' })).unwrap();
    expect(store.getState().session.email).toBe('ada@example.com');
    expect(localStorage.getItem('mason.session.email')).toBe('ada@example.com');
  });
});
