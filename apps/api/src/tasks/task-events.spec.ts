import { type TaskLog, TaskStreamEventSchema } from '@mason/contract';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import * as z from 'zod/mini';
import { signUp } from '../test-utils/accounts';
import {
  allLogs,
  createProject,
  lastOf,
  openTaskEvents,
  pause,
  readyProject,
  scriptedAgent,
  sendMessage,
  waitForTask,
  type ReceivedEvent,
  type TaskEventStream,
} from '../test-utils/task-loop';
import { startTestApp, type TestApp } from '../test-utils/test-app';

const logIds = (events: readonly ReceivedEvent[]) =>
  events
    .filter((event) => event.event === 'log')
    .map((event) => (event.data.type === 'log' ? event.data.log.id : ''));

/** Waits until the stream has carried the entry with this id. */
const waitForLogId = (stream: TaskEventStream, id: string) =>
  stream.waitFor((event) => event.event === 'log' && event.id === id);

describe('GET /tasks/:id/events (server-sent events)', () => {
  let model: ScriptedModelServer;
  let server: TestApp;
  const streams: TaskEventStream[] = [];

  beforeAll(async () => {
    model = await startScriptedModelServer();
    server = await startTestApp({ agent: scriptedAgent(model) });
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  async function open(taskId: string, options: Parameters<typeof openTaskEvents>[2]) {
    const stream = await openTaskEvents(server.baseUrl, taskId, options);
    streams.push(stream);
    return stream;
  }

  it('streams the log in order without gaps, the words of an answer before the answer, and state changes', async () => {
    const { token } = await signUp(server);
    const { task } = await readyProject(server, model, token);
    const before = await allLogs(server, token, task.id);

    const stream = await open(task.id, { token });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    // The entries already written come first.
    await waitForLogId(stream, lastOf(before).id);
    expect(logIds(stream.events)).toEqual(before.map((log) => log.id));

    model.enqueue(
      {
        text: ['Let me ', 'check ', 'the app.'],
        toolCalls: [{ name: 'list_files', input: {} }],
        delayMs: 60,
      },
      { text: ['All ', 'good ', 'here.'], delayMs: 60 },
    );
    expect((await sendMessage(server, token, task.id, { content: 'Look around' })).status).toBe(
      201,
    );
    const done = await waitForTask(server, token, task.id);
    expect(done.state).toBe('COMPLETED');
    const logs = await allLogs(server, token, task.id);
    await waitForLogId(stream, lastOf(logs).id);

    for (const event of stream.events)
      expect(() => z.parse(TaskStreamEventSchema, event.data)).not.toThrow();
    // Log events: every entry once, in order, each with its id as the event id.
    expect(logIds(stream.events)).toEqual(logs.map((log) => log.id));
    expect(logs.map((log) => log.id)).toEqual(logs.map((_, index) => String(index + 1)));
    for (const event of stream.events) {
      if (event.data.type === 'log') {
        expect(event.id).toBe(event.data.log.id);
        expect(event.data.log).toEqual(logs.find((log) => log.id === event.id));
      } else {
        expect(event.id).toBeNull();
      }
    }

    // Deltas: the words of each answer, all before the AI_MESSAGE entry that carries their draftId.
    const answers = logs.filter(
      (log): log is Extract<TaskLog, { type: 'AI_MESSAGE' }> => log.type === 'AI_MESSAGE',
    );
    expect(answers.slice(-2).map((log) => log.content)).toEqual([
      'Let me check the app.',
      'All good here.',
    ]);
    for (const answer of answers.slice(-2)) {
      const draftId = answer.payload.draftId;
      expect(draftId).toEqual(expect.any(String));
      const position = stream.events.findIndex(
        (event) => event.data.type === 'log' && event.data.log.id === answer.id,
      );
      const deltas = stream.events
        .map((event, index) => ({ event, index }))
        .filter(({ event }) => event.data.type === 'delta' && event.data.draftId === draftId);
      expect(deltas.length).toBeGreaterThanOrEqual(2);
      expect(deltas.every(({ index }) => index < position)).toBe(true);
      expect(
        deltas.map(({ event }) => (event.data.type === 'delta' ? event.data.text : '')).join(''),
      ).toBe(answer.content);
    }

    // Task events: the state on connect, then the state changes of the turn.
    const states = stream.events.flatMap((event) =>
      event.data.type === 'task' ? [`${event.data.task.state}/${event.data.task.pauseReason}`] : [],
    );
    expect(states[0]).toBe('COMPLETED/null');
    expect(states[1]).toBe('IN_PROGRESS/null');
    expect(states.at(-1)).toBe('COMPLETED/null');
  });

  it('replays exactly the entries after Last-Event-ID (or afterLogId) when a client reconnects', async () => {
    const { token } = await signUp(server);
    const { task } = await readyProject(server, model, token);
    model.enqueue({ text: 'Second answer.' });
    await sendMessage(server, token, task.id, { content: 'Again' });
    await waitForTask(server, token, task.id);
    const logs = await allLogs(server, token, task.id);
    const last = lastOf(logs).id;
    expect(logs.length).toBeGreaterThan(6);

    const resumed = await open(task.id, { token, lastEventId: '3' });
    await waitForLogId(resumed, last);
    expect(logIds(resumed.events)).toEqual(logs.slice(3).map((log) => log.id));

    const byQuery = await open(task.id, { token, afterLogId: '5' });
    await waitForLogId(byQuery, last);
    expect(logIds(byQuery.events)).toEqual(logs.slice(5).map((log) => log.id));

    const headerWins = await open(task.id, { token, lastEventId: '4', afterLogId: '1' });
    await waitForLogId(headerWins, last);
    expect(logIds(headerWins.events)).toEqual(logs.slice(4).map((log) => log.id));

    // Up to date: nothing is replayed, and new entries follow without a gap.
    const current = await open(task.id, { token, lastEventId: last });
    await pause(200);
    expect(logIds(current.events)).toEqual([]);
    model.enqueue({ text: 'Third answer.' });
    await sendMessage(server, token, task.id, { content: 'Once more' });
    await waitForTask(server, token, task.id);
    const after = await allLogs(server, token, task.id);
    await waitForLogId(current, lastOf(after).id);
    expect(logIds(current.events)).toEqual(after.slice(logs.length).map((log) => log.id));
    expect(logIds(current.events)[0]).toBe(String(Number(last) + 1));
    // Nothing is sent twice to a stream that stays open.
    await pause(200);
    for (const stream of [resumed, byQuery, headerWins, current]) {
      const ids = logIds(stream.events);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('tells a stream that connects after the turn ended the task’s state at once', async () => {
    const { token } = await signUp(server);
    model.enqueue({ text: 'Done before you looked.' });
    const { firstTask } = await createProject(server, token);
    const done = await waitForTask(server, token, firstTask.id);
    expect(done.state).toBe('COMPLETED');

    const stream = await openTaskEvents(server.baseUrl, firstTask.id, { token });
    const state = await stream.waitFor((event) => event.event === 'task');
    expect(state.data).toEqual({ type: 'task', task: done });
    stream.close();
  });

  it('answers 401, 404 and 400 as JSON before any stream starts', async () => {
    const { token } = await signUp(server);
    const { task } = await readyProject(server, model, token);

    const anonymous = await open(task.id, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.error).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Please log in.',
    });

    const stranger = (await signUp(server)).token;
    const foreign = await open(task.id, { token: stranger });
    expect(foreign.status).toBe(404);
    expect(foreign.error?.message).toBe('This task does not exist, or it is not yours.');
    expect((await open('not-a-task', { token })).status).toBe(404);

    const badHeader = await open(task.id, { token, lastEventId: 'abc' });
    expect(badHeader.status).toBe(400);
    expect(badHeader.error?.message).toBe('Last-Event-ID is not a log id.');
    const badQuery = await open(task.id, { token, afterLogId: '' });
    expect(badQuery.status).toBe(400);
  });

  it('ends open streams when the server shuts down, so closing it does not hang', async () => {
    const other = await startTestApp({ agent: scriptedAgent(model) });
    let closed = false;
    try {
      const { token } = await signUp(other);
      model.enqueue({ text: 'Ready.' });
      const { firstTask } = await createProject(other, token);
      await waitForTask(other, token, firstTask.id);
      const stream = await openTaskEvents(other.baseUrl, firstTask.id, { token });
      await stream.waitFor((event) => event.event === 'log');

      // close() resolves only once every stream has ended: a stream left open would hang it.
      await other.close();
      closed = true;
      await stream.ended;
    } finally {
      if (!closed) await other.close();
    }
  });
});
