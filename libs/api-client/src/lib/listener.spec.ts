import { ErrorMessages } from '@mason/contract';
import { setupApiServer } from '../test-utils/msw';
import { TEST_TOKEN } from '../testing/fixtures';
import { errorHandler, networkErrorHandler } from '../testing/handlers';
import { makeApiTestStore } from '../testing/test-store';
import { apiSessionEnded, apiSessionExpired, apiUsageLimitReached } from './announcements';
import { isApiError } from './api-error';
import { api } from './mason-api';

const server = setupApiServer();
const resetDate = '2025-02-01T00:00:00.000Z';
const errorToast = (message: string) => ({ message, variant: 'error', preventDuplicate: true });

describe('the api error listener', () => {
  it('toasts the catalogue message of a failed screen call', async () => {
    server.use(errorHandler('getProjects', 500, { message: 'db exploded' }));
    const { store, toasts } = makeApiTestStore({
      token: TEST_TOKEN,
      pathname: '/dashboard/projects',
    });

    await store.dispatch(api.endpoints.getProjects.initiate());

    expect(toasts).toEqual([errorToast('Unknown server error')]);
  });

  it('toasts a network failure with a clear message', async () => {
    server.use(networkErrorHandler('getTasks'));
    const { store, toasts } = makeApiTestStore({ token: TEST_TOKEN });

    await store.dispatch(api.endpoints.getTasks.initiate({ projectId: 'p1' }));

    expect(toasts).toEqual([errorToast(ErrorMessages.network)]);
  });

  it('leaves form errors to the form: login 403 is not toasted, the caller gets the message', async () => {
    server.use(errorHandler('login', 403));
    const { store, toasts } = makeApiTestStore({ pathname: '/login' });

    const failure = await store
      .dispatch(
        api.endpoints.login.initiate({ email: 'ada@example.com', password: 'wrong-password-1' }),
      )
      .unwrap()
      .catch((error: unknown) => error);

    expect(toasts).toEqual([]);
    expect(isApiError(failure) && failure.message).toBe('Invalid email or password');
  });

  it("leaves an import's refusal to the import form, and still toasts a new project's", async () => {
    const reason = 'There is no public git repository at that address.';
    server.use(errorHandler('createProject', 422, { message: reason }));
    const { store, toasts } = makeApiTestStore({
      token: TEST_TOKEN,
      pathname: '/dashboard/projects/existing',
    });

    const failure = await store
      .dispatch(
        api.endpoints.createProject.initiate({
          type: 'EXTERNAL',
          repositoryUrl: 'https://github.com/ada/missing',
        }),
      )
      .unwrap()
      .catch((error: unknown) => error);
    expect(toasts).toEqual([]);
    expect(isApiError(failure) && failure.message).toBe(reason);

    await store.dispatch(api.endpoints.createProject.initiate({ description: 'A shop' }));
    expect(toasts).toEqual([errorToast(reason)]);
  });

  it('gives a form the server’s field errors with the catalogue message (signup 400)', async () => {
    server.use(
      errorHandler('signup', 400, {
        message: 'Email already in use.',
        fieldErrors: { email: 'Email already in use.' },
      }),
    );
    const { store, toasts } = makeApiTestStore({ pathname: '/signup' });

    const failure = await store
      .dispatch(
        api.endpoints.signup.initiate({
          firstName: 'Ada',
          lastName: 'L',
          email: 'ada@example.com',
          password: 'secret-12',
        }),
      )
      .unwrap()
      .catch((error: unknown) => error);

    expect(toasts).toEqual([]);
    expect(failure).toMatchObject({
      message: 'Email already in use.',
      fieldErrors: { email: 'Email already in use.' },
    });
  });

  it('toasts a Google login 403: new users are not accepted', async () => {
    server.use(errorHandler('loginWithGoogle', 403));
    const { store, toasts } = makeApiTestStore({ pathname: '/login' });

    await store.dispatch(api.endpoints.loginWithGoogle.initiate({ token: 'google-id-token' }));

    expect(toasts).toEqual([
      errorToast('We are not accepting new users at the moment. Please try again later.'),
    ]);
  });

  it('does not toast other Google login failures (the screen says "Failed to login with Google")', async () => {
    server.use(errorHandler('loginWithGoogle', 500));
    const { store, toasts } = makeApiTestStore({ pathname: '/auth/callback/google' });

    await store.dispatch(api.endpoints.loginWithGoogle.initiate({ token: 'google-id-token' }));

    expect(toasts).toEqual([]);
  });

  it('toasts "Error sending message" when a message fails', async () => {
    server.use(errorHandler('sendTaskMessage', 500));
    const { store, toasts } = makeApiTestStore({ token: TEST_TOKEN, pathname: '/projects/p1' });

    await store.dispatch(
      api.endpoints.sendTaskMessage.initiate({ taskId: 't1', content: 'Add a footer' }),
    );

    expect(toasts).toEqual([errorToast('Error sending message')]);
  });

  it('opens the usage modal and shows "User cannot perform requested action" on the usage limit', async () => {
    server.use(
      errorHandler('sendTaskMessage', 403, {
        message: 'Usage limit reached',
        limitResetDate: resetDate,
      }),
    );
    const { store, toasts, actions } = makeApiTestStore({
      token: TEST_TOKEN,
      pathname: '/projects/p1',
    });

    await store.dispatch(
      api.endpoints.sendTaskMessage.initiate({ taskId: 't1', content: 'Add a footer' }),
    );

    expect(actions).toContainEqual(
      apiUsageLimitReached({
        message: 'Usage limit reached',
        limitResetDate: resetDate,
        endpoint: 'sendTaskMessage',
      }),
    );
    expect(toasts).toEqual([errorToast('User cannot perform requested action')]);
  });

  it('on a /projects path, a 401 toasts "Cannot find project..." and announces the expired session', async () => {
    server.use(errorHandler('getProject', 401));
    const { store, toasts, actions } = makeApiTestStore({
      token: TEST_TOKEN,
      pathname: '/projects/p1',
    });

    await store.dispatch(api.endpoints.getProject.initiate('p1'));

    expect(toasts).toEqual([errorToast('Cannot find project. Please login and try again.')]);
    expect(actions).toContainEqual(
      apiSessionExpired({
        message: 'Cannot find project. Please login and try again.',
        endpoint: 'getProject',
      }),
    );
  });

  it('elsewhere, a 401 announces the ended session without a toast', async () => {
    server.use(errorHandler('getCurrentUser', 401));
    const { store, toasts, actions } = makeApiTestStore({
      token: TEST_TOKEN,
      pathname: '/settings',
    });

    await store.dispatch(api.endpoints.getCurrentUser.initiate());

    expect(toasts).toEqual([]);
    expect(actions).toContainEqual(
      apiSessionEnded({ reason: 'unauthorized', endpoint: 'getCurrentUser' }),
    );
  });

  it('logs a failed subscription fetch as a warning, without a toast', async () => {
    server.use(errorHandler('getActiveSubscription', 500));
    const { store, toasts, warnings } = makeApiTestStore({ token: TEST_TOKEN });

    await store.dispatch(api.endpoints.getActiveSubscription.initiate());

    expect(toasts).toEqual([]);
    expect(warnings.map(({ message }) => message)).toEqual([
      'getActiveSubscription failed: Unknown server error',
    ]);
  });

  it('toasts once per failure, not for the calls that succeed', async () => {
    server.use(errorHandler('deleteProject', 403, { message: 'Not yours' }));
    const { store, toasts } = makeApiTestStore({
      token: TEST_TOKEN,
      pathname: '/dashboard/projects',
    });

    await store.dispatch(api.endpoints.getProjects.initiate());
    await store.dispatch(api.endpoints.deleteProject.initiate('p1'));

    expect(toasts).toEqual([errorToast('User cannot perform requested action')]);
  });
});
