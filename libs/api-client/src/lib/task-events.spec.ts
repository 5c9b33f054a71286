import { waitFor } from '@testing-library/dom';
import { ApiRoutes, type TaskLog } from '@mason/contract';
import { http, HttpResponse } from 'msw';
import { api } from './mason-api';
import { liveTaskLogsArgs, loadOlderTaskLogs } from './endpoints/tasks';
import { resolveApiClientConfig } from './config';
import { watchTaskEvents, type TaskEventsConnection } from './task-events';
import { mergeNewestPage, upsertLogs } from './task-log-feed';
import {
  aTask,
  aTaskLog,
  apiUrl,
  createTaskEventStream,
  makeApiTestStore,
  mockEndpoint,
  testBaseUrl,
} from '../testing';
import { setupApiServer } from '../test-utils/msw';

const server = setupApiServer();

const messages = (from: number, to: number): TaskLog[] =>
  Array.from({ length: to - from + 1 }, (_, offset) =>
    aTaskLog('AI_MESSAGE', { id: String(from + offset), content: `Message ${from + offset}` }),
  );

const ids = (logs: readonly TaskLog[] | undefined) => (logs ?? []).map(({ id }) => id);

/** A store watching task-1's live feed, and how to read it. */
async function watchFeed() {
  const harness = makeApiTestStore({ token: 'secret-token' });
  const subscription = harness.store.dispatch(
    api.endpoints.getTaskLogs.initiate(liveTaskLogsArgs('task-1')),
  );
  await subscription;
  const feed = () =>
    api.endpoints.getTaskLogs.select(liveTaskLogsArgs('task-1'))(harness.store.getState()).data;
  return {
    ...harness,
    feed,
    stop: () => {
      subscription.unsubscribe();
      harness.store.dispatch(api.util.resetApiState());
    },
  };
}

describe('the live feed of a task (getTaskLogs with live: true)', () => {
  it('opens the event stream after the newest entry, with the bearer token', async () => {
    const stream = createTaskEventStream();
    server.use(stream.handler);
    const { feed, stop } = await watchFeed();
    await stream.connected();

    expect(ids(feed()?.logs)).toEqual(['1', '2', '3']);
    const [request] = stream.requests;
    expect(request?.headers.get('Last-Event-ID')).toBe('3');
    expect(request?.headers.get('Authorization')).toBe('Bearer secret-token');
    expect(new URL(request?.url ?? '').searchParams.get('afterLogId')).toBe('3');
    await waitForValue(() => feed()?.connection, 'live');
    stop();
  });

  it('shows the words of a message as they come, then the stored message in their place', async () => {
    const stream = createTaskEventStream();
    server.use(stream.handler);
    const { feed, stop } = await watchFeed();
    await stream.connected();

    stream.delta('draft-1', 'I added ');
    stream.delta('draft-1', 'a footer.');
    await waitForValue(() => feed()?.drafts?.[0]?.text, 'I added a footer.');

    stream.log(
      aTaskLog('AI_MESSAGE', {
        id: '4',
        content: 'I added a footer.',
        payload: { model: 'GPT_5', draftId: 'draft-1' },
      }),
    );
    await waitForValue(() => ids(feed()?.logs).join(), '1,2,3,4');
    expect(feed()?.drafts).toEqual([]);
    stop();
  });

  it('keeps the task it streams up to date in the task caches', async () => {
    const stream = createTaskEventStream();
    server.use(stream.handler);
    const { store, stop } = await watchFeed();
    await store.dispatch(api.endpoints.getTask.initiate('task-1'));
    await store.dispatch(api.endpoints.getTasks.initiate({ projectId: 'project-1' }));
    await stream.connected();

    stream.task(aTask({ state: 'IN_PROGRESS', pauseReason: 'ENV_VARIABLE' }));

    const task = () => api.endpoints.getTask.select('task-1')(store.getState()).data;
    await waitForValue(() => task()?.pauseReason, 'ENV_VARIABLE');
    expect(
      api.endpoints.getTasks.select({ projectId: 'project-1' })(store.getState()).data?.tasks[0]
        ?.pauseReason,
    ).toBe('ENV_VARIABLE');
    stop();
  });

  it('reads the task again when a STATUS entry arrives, also when its task event was lost', async () => {
    const stream = createTaskEventStream();
    let served = aTask({ state: 'IN_PROGRESS' });
    server.use(
      stream.handler,
      mockEndpoint('getTask', () => served),
    );
    const { store, stop } = await watchFeed();
    const subscription = store.dispatch(api.endpoints.getTask.initiate('task-1'));
    await subscription;
    await stream.connected();
    const task = () => api.endpoints.getTask.select('task-1')(store.getState()).data;
    expect(task()?.state).toBe('IN_PROGRESS');

    // The turn ended on the server; only its STATUS entry reaches this client.
    served = aTask({ state: 'COMPLETED', updatedAt: '2025-01-16T10:00:00.000Z' });
    stream.log(
      aTaskLog('STATUS', {
        id: '9',
        content: 'Done',
        payload: { state: 'COMPLETED', pauseReason: null },
      }),
    );
    await waitForValue(() => task()?.state, 'COMPLETED');
    subscription.unsubscribe();
    stop();
  });

  it('does not read the task again for a STATUS entry whose task event came first', async () => {
    const stream = createTaskEventStream();
    let served = aTask({ state: 'COMPLETED' });
    let reads = 0;
    server.use(
      stream.handler,
      mockEndpoint('getTask', () => {
        reads += 1;
        return served;
      }),
    );
    const { store, stop } = await watchFeed();
    const subscription = store.dispatch(api.endpoints.getTask.initiate('task-1'));
    await subscription;
    await stream.connected();
    const task = () => api.endpoints.getTask.select('task-1')(store.getState()).data;
    expect(reads).toBe(1);

    // A turn starts: the stream tells of the task, then of its STATUS entry (one transaction).
    const started = '2025-01-16T10:00:00.000Z';
    stream.task(aTask({ state: 'IN_PROGRESS', updatedAt: started }));
    stream.log(
      aTaskLog('STATUS', {
        id: '8',
        content: 'Working',
        createdAt: started,
        payload: { state: 'IN_PROGRESS', pauseReason: null },
      }),
    );
    await waitForValue(() => task()?.state, 'IN_PROGRESS');
    // The turn ends, and only its STATUS entry reaches this client: that one is read again.
    served = aTask({ state: 'COMPLETED', updatedAt: '2025-01-16T10:00:05.000Z' });
    stream.log(
      aTaskLog('STATUS', {
        id: '9',
        content: 'Done',
        createdAt: '2025-01-16T10:00:05.000Z',
        payload: { state: 'COMPLETED', pauseReason: null },
      }),
    );
    await waitForValue(() => task()?.state, 'COMPLETED');
    expect(reads).toBe(2);
    subscription.unsubscribe();
    stop();
  });

  it('does not let a task fetch that answers after a streamed change undo it', async () => {
    const stream = createTaskEventStream();
    server.use(stream.handler);
    const { store, stop } = await watchFeed();
    await stream.connected();
    stream.task(aTask({ state: 'COMPLETED', updatedAt: '2025-01-16T10:00:00.000Z' }));
    await waitForValue(
      () =>
        api.endpoints.getTaskLogs.select(liveTaskLogsArgs('task-1'))(store.getState()).data
          ?.latestTask?.state,
      'COMPLETED',
    );
    // These answers were read before the turn ended.
    const stale = aTask({ state: 'IN_PROGRESS', updatedAt: '2025-01-16T09:59:59.000Z' });
    server.use(mockEndpoint('getTask', stale), mockEndpoint('getTasks', { tasks: [stale] }));
    await store.dispatch(api.endpoints.getTask.initiate('task-1'));
    await store.dispatch(api.endpoints.getTasks.initiate({ projectId: 'project-1' }));

    const state = store.getState();
    expect(api.endpoints.getTask.select('task-1')(state).data?.state).toBe('COMPLETED');
    expect(
      api.endpoints.getTasks.select({ projectId: 'project-1' })(state).data?.tasks[0]?.state,
    ).toBe('COMPLETED');
    stop();
  });

  it('does not stream when the task is not there for this person (404)', async () => {
    let opened = 0;
    server.use(
      http.get(apiUrl(ApiRoutes.taskEvents), () => {
        opened += 1;
        return HttpResponse.json(
          { statusCode: 404, error: 'Not Found', message: 'Not found' },
          { status: 404 },
        );
      }),
    );
    const { feed, stop } = await watchFeed();
    await waitForValue(() => feed()?.connection, 'closed');
    expect(opened).toBe(1);
    stop();
  });

  it('merges a refetch (after a send) into what it holds, older pages included', async () => {
    let newest = messages(51, 100);
    server.use(
      mockEndpoint('getTaskLogs', ({ query }) => {
        const { beforeLogId } = query as { beforeLogId?: string };
        if (beforeLogId)
          return { logs: messages(1, 50), hasMoreBefore: false, hasMoreAfter: false };
        return { logs: newest, hasMoreBefore: true, hasMoreAfter: false };
      }),
    );
    const { store, feed, stop } = await watchFeed();
    expect(feed()?.hasMoreBefore).toBe(true);

    await expect(store.dispatch(loadOlderTaskLogs('task-1'))).resolves.toBe(true);
    expect(ids(feed()?.logs)).toHaveLength(100);
    expect(feed()?.hasMoreBefore).toBe(false);
    await expect(store.dispatch(loadOlderTaskLogs('task-1'))).resolves.toBe(false);

    newest = messages(53, 102);
    await store.dispatch(
      api.endpoints.sendTaskMessage.initiate({ taskId: 'task-1', content: 'More' }),
    );
    await waitForValue(() => feed()?.logs.length, 102);
    expect(ids(feed()?.logs).slice(0, 2)).toEqual(['1', '2']);
    expect(ids(feed()?.logs).slice(-2)).toEqual(['101', '102']);
    stop();
  });
});

describe('watchTaskEvents', () => {
  const fast = { pollIntervalMs: 20, retryMinMs: 30, retryMaxMs: 60, idleTimeoutMs: 5000 };
  const config = resolveApiClientConfig({ baseUrl: testBaseUrl(), getToken: () => 'token' });

  it('polls the logs after the newest entry while the stream cannot open, then goes live again', async () => {
    let failures = 2;
    const stream = createTaskEventStream();
    server.use(
      http.get(apiUrl(ApiRoutes.taskEvents), () => {
        if (failures <= 0) return undefined; // falls through to the stream below
        failures -= 1;
        return HttpResponse.json(
          { statusCode: 503, error: 'Unavailable', message: 'Down' },
          { status: 503 },
        );
      }),
      stream.handler,
      mockEndpoint('getTaskLogs', ({ query }) => {
        const { afterLogId } = query as { afterLogId?: string };
        return {
          logs: afterLogId === '3' ? messages(4, 4) : [],
          hasMoreBefore: true,
          hasMoreAfter: false,
        };
      }),
    );
    const polled: string[] = [];
    const states: TaskEventsConnection[] = [];
    let last = '3';
    const stop = watchTaskEvents({
      taskId: 'task-1',
      config,
      getState: () => ({}),
      lastLogId: () => last,
      onEvent: () => undefined,
      onLogs: (page) => {
        polled.push(...ids(page.logs));
        last = page.logs.at(-1)?.id ?? last;
      },
      onConnectionChange: (state) => states.push(state),
      timing: fast,
    });

    await waitForValue(() => states.at(-1), 'live');
    expect(polled).toContain('4');
    expect(states).toEqual(['connecting', 'polling', 'live']);
    expect(stream.requests.at(-1)?.headers.get('Last-Event-ID')).toBe('4');
    stop();
    expect(states.at(-1)).toBe('closed');
  });

  it('reconnects after the stream ends, resuming after the last entry it saw', async () => {
    const stream = createTaskEventStream();
    server.use(stream.handler);
    let last: string | null = null;
    const stop = watchTaskEvents({
      taskId: 'task-1',
      config,
      getState: () => ({}),
      lastLogId: () => last,
      onEvent: (event) => {
        if (event.type === 'log') last = event.log.id;
      },
      onLogs: () => undefined,
      timing: fast,
    });
    await stream.connected();
    expect(stream.requests[0]?.headers.has('Last-Event-ID')).toBe(false);

    stream.log(aTaskLog('USER_MESSAGE', { id: '7' }));
    await waitForValue(() => last, '7');
    stream.end();

    await waitForValue(() => stream.requests.length, 2);
    expect(stream.requests[1]?.headers.get('Last-Event-ID')).toBe('7');
    stop();
  });
});

describe('merging entries', () => {
  const feedOf = (logs: TaskLog[]) => ({ logs, hasMoreBefore: true, hasMoreAfter: false });

  it('replaces an entry the server updated and keeps the order of ids', () => {
    const feed = feedOf(messages(8, 10));
    upsertLogs(feed, [aTaskLog('STATUS', { id: '9' }), ...messages(7, 7), ...messages(11, 11)]);
    expect(ids(feed.logs)).toEqual(['7', '8', '9', '10', '11']);
    expect(feed.logs[2]?.type).toBe('STATUS');
  });

  it('drops what it held when the newest page leaves a hole after it', () => {
    const feed = feedOf(messages(1, 10));
    mergeNewestPage(feed, { logs: messages(80, 90), hasMoreBefore: true, hasMoreAfter: false });
    expect(ids(feed.logs)).toEqual(ids(messages(80, 90)));
    expect(feed.hasMoreBefore).toBe(true);
  });
});

/** Waits until `read()` gives `expected` (the stream delivers asynchronously). */
async function waitForValue<T>(read: () => T, expected: T): Promise<void> {
  await waitFor(() => expect(read()).toBe(expected));
}
