// Runs only in the PostgreSQL pass (`nx run api:test-pg`, which adds *.pg-spec.ts to jest's
// testMatch): two Mason processes on one PostgreSQL database, one that runs turns (A) and one
// that only serves the API (B, WORKER=false). A client of B streams a turn that A runs: the
// events travel through LISTEN/NOTIFY. Then two alike processes behind one round-robin address,
// as a deployment with two replicas runs them, through the whole build loop.
import type {
  ProjectFilesResponse,
  ProjectPreviewResponse,
  RevertTaskResponse,
  VisualEditsResponse,
} from '@mason/contract';
import { createDatabase, taskTurns } from '@mason/server-db';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import { eq } from 'drizzle-orm';
import { signUp } from '../test-utils/accounts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../test-utils/round-robin-proxy';
import { STARTER_HEADING } from '../test-utils/starter-app';
import {
  allLogs,
  createProject,
  lastOf,
  logsOf,
  openTaskEvents,
  readyProject,
  scriptedAgent,
  sendMessage,
  waitForIdle,
  waitForTask,
  type ReceivedEvent,
  type TaskEventStream,
} from '../test-utils/task-loop';
import {
  reachedAt,
  type SharedDatabaseServers,
  startServersOnOneDatabase,
} from '../test-utils/shared-database';
import type { TestServer } from '../test-utils/test-app';

describe('two Mason processes on one PostgreSQL database', () => {
  let model: ScriptedModelServer;
  let shared: SharedDatabaseServers;
  let worker: TestServer;
  let api: TestServer;
  const streams: TaskEventStream[] = [];

  beforeAll(async () => {
    model = await startScriptedModelServer();
    shared = await startServersOnOneDatabase([
      { agent: scriptedAgent(model) },
      { agent: scriptedAgent(model), worker: false },
    ]);
    [worker, api] = shared.servers;
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await shared?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  it('a client of the API-only process streams the words and log entries of a turn the worker runs', async () => {
    const { token } = await signUp(api);
    model.enqueue(
      {
        text: ['Reading ', 'the ', 'app ', 'first.'],
        toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }],
        delayMs: 150,
      },
      { text: ['Done ', 'reading, ', 'all ', 'good.'], delayMs: 100 },
    );
    const { project, firstTask } = await createProject(api, token, 'A relay app');
    const stream = await openTaskEvents(api.baseUrl, firstTask.id, { token });
    streams.push(stream);
    expect(stream.status).toBe(200);

    const done = await waitForTask(api, token, firstTask.id);
    expect(done.state).toBe('COMPLETED');
    const logs = await allLogs(api, token, firstTask.id);
    await stream.waitFor((event) => event.event === 'log' && event.id === lastOf(logs).id);

    // Every entry, once, in order, through B.
    const streamed = stream.events.flatMap((event) =>
      event.data.type === 'log' ? [event.data.log.id] : [],
    );
    expect(streamed).toEqual(logs.map((log) => log.id));
    // The words of the answers the worker was writing reached B's client, before each answer.
    const answers = logsOf(logs, 'AI_MESSAGE');
    expect(answers.map((log) => log.content)).toEqual([
      'Reading the app first.',
      'Done reading, all good.',
    ]);
    for (const answer of answers) {
      const deltas = stream.events.flatMap((event) =>
        event.data.type === 'delta' && event.data.draftId === answer.payload.draftId
          ? [event.data.text]
          : [],
      );
      expect(deltas.join('')).toBe(answer.content);
      const position = stream.events.findIndex(
        (event) => event.data.type === 'log' && event.data.log.id === answer.id,
      );
      const deltaPositions = stream.events.flatMap((event, index) =>
        event.data.type === 'delta' && event.data.draftId === answer.payload.draftId ? [index] : [],
      );
      expect(Math.max(...deltaPositions)).toBeLessThan(position);
    }
    expect(
      stream.events.some(
        (event) => event.data.type === 'task' && event.data.task.state === 'COMPLETED',
      ),
    ).toBe(true);

    // The worker ran it: B takes no turns.
    const turns = await createDatabase(shared.target.options);
    try {
      const rows = await turns.db
        .select()
        .from(taskTurns)
        .where(eq(taskTurns.taskId, firstTask.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'DONE', attempts: 1 });
      expect(rows[0].workerId).toEqual(expect.any(String));
    } finally {
      await turns.close();
    }
    await waitForIdle(api, token, project.id);
  });

  it('a pause sent to the API-only process stops the turn running in the worker', async () => {
    const { token } = await signUp(api);
    const { project, task } = await readyProject(api, model, token);
    model.enqueue(
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'src/draft.ts', content: 'export const draft = 1;\n' },
          },
        ],
      },
      {
        text: ['A ', 'very ', 'slow ', 'answer ', 'that ', 'is ', 'never ', 'finished.'],
        delayMs: 1500,
      },
    );
    const stream = await openTaskEvents(worker.baseUrl, task.id, { token });
    streams.push(stream);
    await sendMessage(api, token, task.id, { content: 'Start a draft' });
    await stream.waitFor(
      (event) => event.data.type === 'log' && event.data.log.type === 'TOOL_RESULT',
    );

    const paused = await api.request('POST', `/api/tasks/${task.id}/pause`, { token });
    expect(paused.status).toBe(200);
    await waitForIdle(api, token, project.id, 10_000);
    // The worker saw the pause (it stores the turn's work as a version and writes no answer).
    await stream.waitFor((event) => event.data.type === 'log' && event.data.log.type === 'VERSION');
    const logs = await allLogs(api, token, task.id);
    expect(logsOf(logs, 'AI_MESSAGE').map((log) => log.content)).not.toContain(
      'A very slow answer that is never finished.',
    );
    expect((await waitForTask(api, token, task.id)).pauseReason).toBe('MANUAL');
  });
});

describe('two alike Mason processes behind one round-robin address', () => {
  let model: ScriptedModelServer;
  let shared: SharedDatabaseServers;
  let proxy: RoundRobinProxy;
  /** The two processes as one server: every call goes through the proxy. */
  let mason: TestServer;
  const streams: TaskEventStream[] = [];

  beforeAll(async () => {
    model = await startScriptedModelServer();
    // Started at once on the fresh database, as replicas are.
    shared = await startServersOnOneDatabase(
      [1, 2].map(() => ({ agent: scriptedAgent(model) })),
      { atOnce: true },
    );
    proxy = await startRoundRobinProxy(shared.servers.map((server) => server.baseUrl));
    mason = reachedAt(shared.servers[0], proxy.baseUrl);
  });
  afterAll(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await proxy?.close();
    await shared?.close();
    await model?.close();
  });

  const versionLog = (index: number) => (event: ReceivedEvent) =>
    event.data.type === 'log' &&
    event.data.log.type === 'VERSION' &&
    event.data.log.payload.index === index;

  it('signs up, builds, streams a turn, reverts and applies a visual edit', async () => {
    const { token } = await signUp(mason);
    const { project, task } = await readyProject(mason, model, token, 'A bakery');
    const stream = await openTaskEvents(mason.baseUrl, task.id, { token });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const appSource = async () => {
      const files = await mason.request<ProjectFilesResponse>(
        'GET',
        `/api/projects/${project.id}/files?filePath=src/App.tsx`,
        { token },
      );
      return files.body.files[0]?.content ?? '';
    };

    // A turn that changes the app: its words and its version reach the stream, whichever
    // process runs the turn and whichever holds the stream.
    model.enqueue(
      {
        text: ['Renaming ', 'the ', 'page.'],
        toolCalls: [
          {
            name: 'edit_file',
            input: {
              path: 'src/App.tsx',
              old_string: 'Your app starts here',
              new_string: 'Fresh bread daily',
            },
          },
        ],
      },
      { text: ['The ', 'page ', 'is ', 'renamed.'] },
    );
    const sent = await sendMessage(mason, token, task.id, { content: 'Call it Fresh bread daily' });
    expect(sent.status).toBe(201);
    await stream.waitFor(versionLog(1));
    expect((await waitForTask(mason, token, task.id)).state).toBe('COMPLETED');
    const answer = lastOf(logsOf(await allLogs(mason, token, task.id), 'AI_MESSAGE'));
    expect(answer.content).toBe('The page is renamed.');
    await stream.waitFor((event) => event.data.type === 'log' && event.data.log.id === answer.id);
    const words = stream.events.flatMap((event) =>
      event.data.type === 'delta' && event.data.draftId === answer.payload.draftId
        ? [event.data.text]
        : [],
    );
    expect(words.join('')).toBe('The page is renamed.');
    expect(await appSource()).toContain('tracking-tight">Fresh bread daily</h1>');

    // Back to the starter app.
    const reverted = await mason.request<RevertTaskResponse>(
      'POST',
      `/api/tasks/${task.id}/revert`,
      { token, body: { versionId: project.latestVersionId } },
    );
    expect(reverted.status).toBe(200);
    expect(reverted.body.version).toMatchObject({ index: 2, summary: 'Reverted to version 0' });
    await stream.waitFor(versionLog(2));
    expect(await appSource()).toContain('tracking-tight">Your app starts here</h1>');

    // A visual edit of the heading, made against the version the preview shows.
    const preview = await mason.request<ProjectPreviewResponse>(
      'GET',
      `/api/projects/${project.id}/preview`,
      { token },
    );
    expect(preview.body.versionId).toBe(reverted.body.version.versionId);
    const edited = await mason.request<VisualEditsResponse>(
      'POST',
      `/api/projects/${project.id}/visual-edits`,
      {
        token,
        body: {
          baseVersionId: preview.body.versionId,
          edits: [
            {
              selectedLayout: STARTER_HEADING,
              command: 'UPDATE',
              newTextContent: 'Bread and cakes',
            },
          ],
        },
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.version.index).toBe(3);
    await stream.waitFor(versionLog(3));
    expect(await appSource()).toContain('tracking-tight">Bread and cakes</h1>');
    await waitForIdle(mason, token, project.id);

    // Both processes answered: the calls above alternated between them.
    expect(proxy.counts.map((count) => count > 0)).toEqual([true, true]);
  });
});
