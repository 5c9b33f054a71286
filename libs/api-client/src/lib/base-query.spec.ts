import {
  API_TIMEOUT_MS,
  DATABASE_ATTACH_TIMEOUT_MS,
  ErrorMessages,
  FILE_LISTING_TIMEOUT_MS,
  FORK_TIMEOUT_MS,
} from '@mason/contract';
import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { setupApiServer } from '../test-utils/msw';
import { aUser, TEST_TOKEN } from '../testing/fixtures';
import { apiUrl } from '../testing/api-url';
import {
  errorHandler,
  mockEndpoint,
  networkErrorHandler,
  pendingHandler,
} from '../testing/handlers';
import { makeApiTestStore } from '../testing/test-store';
import { resolveApiClientConfig } from './config';
import { api } from './mason-api';
import { UPLOAD_TIMEOUT_MS } from '@mason/contract';

const server = setupApiServer();

/** jsdom's File is not the Blob Node's FormData takes: tests build files with Node's. */
const aFile = (content: string, name: string, type: string) =>
  new NodeFile([content], name, { type }) as unknown as File;

/** Records the requests one endpoint receives. */
function recordRequests(
  endpoint: Parameters<typeof mockEndpoint>[0],
  answer: Parameters<typeof mockEndpoint>[1],
) {
  const requests: Request[] = [];
  server.use(
    mockEndpoint(endpoint, (fake) => {
      requests.push(fake.request.clone());
      return typeof answer === 'function' ? answer(fake) : answer;
    }),
  );
  return requests;
}

describe('the bearer header', () => {
  it('is sent only while the registered getter returns a token', async () => {
    const requests = recordRequests('getCurrentUser', aUser());
    const { store, setToken } = makeApiTestStore();

    await store
      .dispatch(api.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true }))
      .unwrap();
    setToken(TEST_TOKEN);
    await store
      .dispatch(api.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true }))
      .unwrap();
    setToken(null);
    await store
      .dispatch(api.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true }))
      .unwrap();

    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([
      null,
      `Bearer ${TEST_TOKEN}`,
      null,
    ]);
  });

  it('reads the token from the store state when the app registers such a getter', async () => {
    const requests = recordRequests('getProjects', { projects: [] });
    const session = (state: { token: string | null } = { token: 'from-state' }) => state;
    const { store } = makeApiTestStore({
      reducers: { session },
      getToken: (state) => state.session.token,
    });

    await store.dispatch(api.endpoints.getProjects.initiate()).unwrap();

    expect(requests[0]?.headers.get('authorization')).toBe('Bearer from-state');
  });

  it('belongs to each store: two stores never see each other’s token', async () => {
    const requests = recordRequests('getCurrentUser', aUser());
    const first = makeApiTestStore({ token: 'first' });
    const second = makeApiTestStore();

    await first.store.dispatch(api.endpoints.getCurrentUser.initiate()).unwrap();
    await second.store.dispatch(api.endpoints.getCurrentUser.initiate()).unwrap();

    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer first',
      null,
    ]);
  });
});

describe('the base URL', () => {
  it('defaults to same-origin /api', () => {
    expect(resolveApiClientConfig({}).baseUrl).toBe('/api');
    expect(resolveApiClientConfig({ baseUrl: 'https://api.example.com/v2/' }).baseUrl).toBe(
      'https://api.example.com/v2',
    );
  });

  it('is what the app registers', async () => {
    const baseUrl = 'https://mason.example.com/api';
    server.use(mockEndpoint('getCurrentUser', aUser({ firstName: 'Remote' }), { baseUrl }));
    const { store } = makeApiTestStore({ baseUrl });

    const user = await store.dispatch(api.endpoints.getCurrentUser.initiate()).unwrap();

    expect(user.firstName).toBe('Remote');
  });
});

describe('requests', () => {
  it('send bodies as JSON', async () => {
    const requests = recordRequests('login', { token: 'new-token' });
    const { store } = makeApiTestStore();

    const answer = await store
      .dispatch(api.endpoints.login.initiate({ email: 'ada@example.com', password: 'secret-1' }))
      .unwrap();

    expect(answer).toEqual({ token: 'new-token' });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    await expect(requests[0]?.json()).resolves.toEqual({
      email: 'ada@example.com',
      password: 'secret-1',
    });
  });

  it('repeat a list in the query string and leave out what is not given', async () => {
    const requests = recordRequests('getTasks', { tasks: [] });
    const { store } = makeApiTestStore();

    await store
      .dispatch(
        api.endpoints.getTasks.initiate({ projectId: 'p1', states: ['PENDING', 'IN_PROGRESS'] }),
      )
      .unwrap();
    await store.dispatch(api.endpoints.getTasks.initiate()).unwrap();

    expect(requests.map((request) => new URL(request.url).search)).toEqual([
      '?projectId=p1&states=PENDING&states=IN_PROGRESS',
      '',
    ]);
  });

  it('send the log cursors and the deployment flag in the query string', async () => {
    const logs = recordRequests('getTaskLogs', {
      logs: [],
      hasMoreBefore: false,
      hasMoreAfter: false,
    });
    const deployments = recordRequests('getDeployment', {
      deployment: null,
      live: null,
      slug: null,
      url: null,
      latestVersionIndex: 0,
      history: [],
    });
    const { store } = makeApiTestStore();

    await store
      .dispatch(api.endpoints.getTaskLogs.initiate({ taskId: 't 1', beforeLogId: 'l9', limit: 20 }))
      .unwrap();
    await store
      .dispatch(api.endpoints.getDeployment.initiate({ projectId: 'p1', newApi: true }))
      .unwrap();

    expect(new URL(logs[0]?.url ?? '').pathname).toBe('/api/tasks/t%201/logs');
    expect(new URL(logs[0]?.url ?? '').search).toBe('?beforeLogId=l9&limit=20');
    expect(new URL(deployments[0]?.url ?? '').search).toBe('?newApi=true');
  });

  it('upload files as multipart form data', async () => {
    const { store } = makeApiTestStore();
    const files = [
      aFile('# Brief', 'brief.md', 'text/markdown'),
      aFile('a,b', 'data.csv', 'text/csv'),
    ];

    const answer = await store
      .dispatch(api.endpoints.uploadStaticFiles.initiate({ projectId: 'p1', files }))
      .unwrap();

    expect(answer.files.map(({ id, fileName, size }) => ({ id, fileName, size }))).toEqual([
      { id: 'static-1', fileName: 'brief.md', size: 7 },
      { id: 'static-2', fileName: 'data.csv', size: 3 },
    ]);
  });

  it('take 204 No Content as success', async () => {
    server.use(http.post(apiUrl('/auth/logout'), () => new HttpResponse(null, { status: 204 })));
    const { store } = makeApiTestStore({ token: TEST_TOKEN });

    await expect(store.dispatch(api.endpoints.logout.initiate()).unwrap()).resolves.toEqual({
      ok: true,
    });
  });

  it('fail with the contract’s field errors when the body does not fit', async () => {
    const { store } = makeApiTestStore({ pathname: '/dashboard/projects/new' });

    const result = await store.dispatch(
      api.endpoints.createProject.initiate({ description: '   ' }),
    );

    expect(result.error).toMatchObject({
      status: 400,
      kind: 'invalid-request',
      message: 'Invalid Request',
    });
    expect(result.error && 'fieldErrors' in result.error ? result.error.fieldErrors : null).toEqual(
      {
        description: 'Describe what to build.',
      },
    );
  });
});

describe('failures without an answer', () => {
  it('become a NETWORK ApiError with a clear message', async () => {
    server.use(networkErrorHandler('getProjects'));
    const { store } = makeApiTestStore();

    const result = await store.dispatch(api.endpoints.getProjects.initiate());

    expect(result.error).toEqual({
      status: 'NETWORK',
      kind: 'network',
      message: ErrorMessages.network,
    });
  });

  it('become a PARSE ApiError when a success is not JSON', async () => {
    server.use(
      http.get(
        apiUrl('/users/current'),
        () => new HttpResponse('<html>', { headers: { 'content-type': 'text/html' } }),
      ),
    );
    const { store } = makeApiTestStore();

    const result = await store.dispatch(api.endpoints.getCurrentUser.initiate());

    expect(result.error).toEqual({
      status: 'PARSE',
      kind: 'parse',
      message: ErrorMessages.badResponse,
    });
  });
});

describe('time-outs', () => {
  beforeEach(() =>
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }),
  );
  afterEach(() => jest.useRealTimers());

  /** Starts the call against a server that never answers; true once the call has settled. */
  function start(run: (store: ReturnType<typeof makeApiTestStore>['store']) => Promise<unknown>) {
    const { store } = makeApiTestStore();
    let error: unknown;
    let settled = false;
    void run(store).then((result) => {
      error = (result as { error?: unknown }).error;
      settled = true;
    });
    return { settled: () => settled, error: () => error };
  }

  type Store = ReturnType<typeof makeApiTestStore>['store'];
  it.each<[Parameters<typeof pendingHandler>[0], number, (store: Store) => Promise<unknown>]>([
    [
      'getCurrentUser',
      API_TIMEOUT_MS,
      (store) => store.dispatch(api.endpoints.getCurrentUser.initiate()),
    ],
    [
      'getProjectFiles',
      FILE_LISTING_TIMEOUT_MS,
      (store) => store.dispatch(api.endpoints.getProjectFiles.initiate({ projectId: 'p1' })),
    ],
    [
      'attachDatabase',
      DATABASE_ATTACH_TIMEOUT_MS,
      (store) =>
        store.dispatch(
          api.endpoints.attachDatabase.initiate({
            projectId: 'p1',
            provider: 'SUPABASE',
            projectUrl: 'https://abcdefghijklmnopqrst.supabase.co',
            anonKey: 'sb_publishable_key',
            databasePassword: 'pw',
          }),
        ),
    ],
    [
      'forkProject',
      FORK_TIMEOUT_MS,
      (store) => store.dispatch(api.endpoints.forkProject.initiate({ projectId: 'p1' })),
    ],
    [
      'uploadProjectAsset',
      UPLOAD_TIMEOUT_MS,
      (store) =>
        store.dispatch(
          api.endpoints.uploadProjectAsset.initiate({
            projectId: 'p1',
            file: aFile('x', 'x.png', 'image/png'),
          }),
        ),
    ],
  ])('%s gives up after %i ms', async (endpoint, timeout, run) => {
    server.use(pendingHandler(endpoint));
    const call = start(run);

    await jest.advanceTimersByTimeAsync(timeout - 1);
    expect(call.settled()).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await jest.advanceTimersByTimeAsync(0);

    expect(call.settled()).toBe(true);
    expect(call.error()).toEqual({
      status: 'TIMEOUT',
      kind: 'timeout',
      message: ErrorMessages.timeout,
    });
  });
});

describe('announcements', () => {
  it('dispatches the session end on a 401 before the call is rejected', async () => {
    server.use(errorHandler('getCurrentUser', 401));
    const { store, actions } = makeApiTestStore({
      token: TEST_TOKEN,
      pathname: '/dashboard/projects',
    });

    await store.dispatch(api.endpoints.getCurrentUser.initiate());

    const types = actions.map(({ type }) => type);
    expect(types).toContain('apiClient/sessionEnded');
    expect(types.indexOf('apiClient/sessionEnded')).toBeLessThan(
      types.indexOf('api/executeQuery/rejected'),
    );
  });
});
