import {
  type ApiErrorBody,
  type EnvVariablesResponse,
  type Task,
  TaskConflictMessages,
  type TaskLogOf,
  type TaskResponse,
  TaskResponseSchema,
  type TaskState,
  type PauseReason,
} from '@mason/contract';
import * as z from 'zod/mini';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import { signUp } from '../test-utils/accounts';
import {
  allLogs,
  createProject,
  getTask,
  logsOf,
  readyProject,
  scriptedAgent,
  sendMessage,
  waitForIdle,
  waitForLog,
  waitForTask,
} from '../test-utils/task-loop';
import { startTestApp, type TestApp } from '../test-utils/test-app';

/** A slow answer: the turn stays at work for a few seconds unless paused. */
const SLOW = { text: ['Still ', 'working ', 'on ', 'it.'], delayMs: 1500 };

describe('the task state machine', () => {
  let model: ScriptedModelServer;
  let server: TestApp;

  beforeAll(async () => {
    model = await startScriptedModelServer();
    server = await startTestApp({ agent: scriptedAgent(model) });
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  const command = (token: string, taskId: string, name: string, body?: unknown) =>
    server.request<TaskResponse & ApiErrorBody>('POST', `/api/tasks/${taskId}/${name}`, {
      token,
      body,
    });

  /** Asserts the task's state, and that the newest STATUS entry of its log says the same. */
  async function expectState(
    token: string,
    taskId: string,
    state: TaskState,
    pauseReason: PauseReason | null,
  ) {
    const task = await getTask(server, token, taskId);
    expect({ state: task.state, pauseReason: task.pauseReason }).toEqual({ state, pauseReason });
    const statuses = logsOf(await allLogs(server, token, taskId), 'STATUS');
    // A turn that changed no file adds noChanges: true (a label on COMPLETED, not a state).
    const { state: logged, pauseReason: loggedReason } = statuses.at(-1)?.payload ?? {};
    expect({ state: logged, pauseReason: loggedReason }).toEqual({ state, pauseReason });
    return task;
  }

  /** Asserts a 409 with the message, and that the task and its log did not change. */
  async function expectConflict(
    token: string,
    taskId: string,
    attempt: () => Promise<{ status: number; body: ApiErrorBody }>,
    message: string,
  ) {
    const before = await getTask(server, token, taskId);
    const logsBefore = (await allLogs(server, token, taskId)).filter(
      (log) => log.type !== 'AI_MESSAGE',
    ).length;
    const response = await attempt();
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ statusCode: 409, error: 'Conflict', message });
    const after = await getTask(server, token, taskId);
    expect({ state: after.state, pauseReason: after.pauseReason }).toEqual({
      state: before.state,
      pauseReason: before.pauseReason,
    });
    if (before.state !== 'IN_PROGRESS' || before.pauseReason !== null) {
      expect(
        (await allLogs(server, token, taskId)).filter((log) => log.type !== 'AI_MESSAGE').length,
      ).toBe(logsBefore);
    }
  }

  it('refuses what a working task cannot do, pauses it once, and resumes only a paused task', async () => {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, model, token);
    const version0 = project.latestVersionId;

    model.enqueue(SLOW);
    expect((await sendMessage(server, token, task.id, { content: 'Add a chart' })).status).toBe(
      201,
    );
    await expectState(token, task.id, 'IN_PROGRESS', null);

    await expectConflict(
      token,
      task.id,
      () => sendMessage(server, token, task.id, { content: 'And a table' }),
      TaskConflictMessages.send,
    );
    await expectConflict(
      token,
      task.id,
      () => command(token, task.id, 'archive'),
      TaskConflictMessages.archive,
    );
    await expectConflict(
      token,
      task.id,
      () => command(token, task.id, 'revert', { versionId: version0 }),
      TaskConflictMessages.revert,
    );
    await expectConflict(
      token,
      task.id,
      () => command(token, task.id, 'resume'),
      TaskConflictMessages.resume,
    );
    await expectConflict(
      token,
      task.id,
      () => command(token, task.id, 'unarchive'),
      TaskConflictMessages.unarchive,
    );
    expect(
      logsOf(await allLogs(server, token, task.id), 'USER_MESSAGE').map((log) => log.content),
    ).toEqual(['A counter app', 'Add a chart']);

    const paused = await command(token, task.id, 'pause');
    expect(paused.status).toBe(200);
    expect(paused.body.task).toMatchObject({ state: 'IN_PROGRESS', pauseReason: 'MANUAL' });
    await expectState(token, task.id, 'IN_PROGRESS', 'MANUAL');
    await expectConflict(
      token,
      task.id,
      () => command(token, task.id, 'pause'),
      TaskConflictMessages.pause,
    );

    await waitForIdle(server, token, project.id);
    model.enqueue({ text: 'Chart done.' });
    const resumed = await command(token, task.id, 'resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.task).toMatchObject({ state: 'IN_PROGRESS', pauseReason: null });
    expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');
    await expectState(token, task.id, 'COMPLETED', null);

    await expectConflict(
      token,
      task.id,
      () => command(token, task.id, 'resume'),
      TaskConflictMessages.resume,
    );
    await expectConflict(
      token,
      task.id,
      () => command(token, task.id, 'pause'),
      TaskConflictMessages.pause,
    );

    const statuses = logsOf(await allLogs(server, token, task.id), 'STATUS').map((log) => [
      log.payload.state,
      log.payload.pauseReason,
      log.content,
    ]);
    expect(statuses).toEqual([
      ['IN_PROGRESS', null, 'Working'],
      ['COMPLETED', null, 'No changes made'],
      ['IN_PROGRESS', null, 'Working'],
      ['IN_PROGRESS', 'MANUAL', 'Paused'],
      ['IN_PROGRESS', null, 'Working'],
      ['COMPLETED', null, 'No changes made'],
    ]);
  });

  it('takes a message while paused: the task works again', async () => {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, model, token);
    model.enqueue(SLOW);
    await sendMessage(server, token, task.id, { content: 'Add a chart' });
    expect((await command(token, task.id, 'pause')).status).toBe(200);
    await waitForIdle(server, token, project.id);

    model.enqueue({ text: 'A table instead, then.' });
    const sent = await sendMessage(server, token, task.id, { content: 'Make it a table instead' });
    expect(sent.status).toBe(201);
    expect(sent.body.task).toMatchObject({ state: 'IN_PROGRESS', pauseReason: null });
    expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');
  });

  it('archives a finished task, refuses messages and commands while archived, and unarchives it', async () => {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, model, token);

    const archived = await command(token, task.id, 'archive');
    expect(archived.status).toBe(200);
    await expectState(token, task.id, 'ARCHIVED', null);

    await expectConflict(
      token,
      task.id,
      () => sendMessage(server, token, task.id, { content: 'Hello?' }),
      TaskConflictMessages.sendArchived,
    );
    await expectConflict(
      token,
      task.id,
      () => command(token, task.id, 'archive'),
      TaskConflictMessages.archive,
    );
    await expectConflict(
      token,
      task.id,
      () => command(token, task.id, 'pause'),
      TaskConflictMessages.pause,
    );
    await expectConflict(
      token,
      task.id,
      () => command(token, task.id, 'resume'),
      TaskConflictMessages.resume,
    );
    await expectConflict(
      token,
      task.id,
      () => command(token, task.id, 'revert', { versionId: project.latestVersionId }),
      TaskConflictMessages.revert,
    );

    const back = await command(token, task.id, 'unarchive');
    expect(back.status).toBe(200);
    await expectState(token, task.id, 'COMPLETED', null);
    await expectConflict(
      token,
      task.id,
      () => command(token, task.id, 'unarchive'),
      TaskConflictMessages.unarchive,
    );

    model.enqueue({ text: 'Back at it.' });
    expect((await sendMessage(server, token, task.id, { content: 'Hello again' })).status).toBe(
      201,
    );
    expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');
    expect(model.requests).toHaveLength(2);
  });

  it('a paused task can be archived (TaskConflictMessages.archive: "a finished or paused task")', async () => {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, model, token);
    model.enqueue(SLOW);
    await sendMessage(server, token, task.id, { content: 'Add a chart' });
    expect((await command(token, task.id, 'pause')).status).toBe(200);
    await waitForIdle(server, token, project.id);

    const archived = await command(token, task.id, 'archive');
    expect(archived.status).toBe(200);
    await expectState(token, task.id, 'ARCHIVED', null);
  });

  describe('requests of the assistant (NEEDS_ATTENTION)', () => {
    async function taskWaitingForEnv(token: string) {
      model.enqueue({
        text: 'The weather needs a key.',
        toolCalls: [
          {
            name: 'request_env_variable',
            input: {
              keys: [{ key: 'WEATHER_KEY', description: 'Your OpenWeather API key' }],
              reason: 'The forecast comes from OpenWeather.',
            },
          },
        ],
      });
      const { project, firstTask } = await createProject(server, token, 'A weather app');
      const task = await waitForTask(server, token, firstTask.id);
      const request = (await waitForLog(
        server,
        token,
        task.id,
        (log) => log.type === 'NEEDS_ATTENTION',
      )) as TaskLogOf<'NEEDS_ATTENTION'>;
      return { project, task, request };
    }

    it('answers a request once: a second answer is a 409', async () => {
      const { token } = await signUp(server);
      const { task, request } = await taskWaitingForEnv(token);
      await expectState(token, task.id, 'IN_PROGRESS', 'ENV_VARIABLE');

      const rejected = await command(token, task.id, 'action', {
        logId: request.id,
        params: { action: 'REJECT' },
      });
      expect(rejected.status).toBe(200);
      expect(z.parse(TaskResponseSchema, rejected.body).task).toMatchObject({
        state: 'COMPLETED',
        pauseReason: null,
      });
      await expectState(token, task.id, 'COMPLETED', null);

      for (const params of [
        { action: 'REJECT' },
        { action: 'PROVIDE_VALUES', values: { WEATHER_KEY: 'k' } },
      ]) {
        await expectConflict(
          token,
          task.id,
          () => command(token, task.id, 'action', { logId: request.id, params }),
          TaskConflictMessages.action,
        );
      }
      const [entry] = logsOf(await allLogs(server, token, task.id), 'NEEDS_ATTENTION');
      expect(entry.payload.resolved).toBe(true);
    });

    it('refuses an action the request does not offer, and PROVIDE_VALUES without every value, changing nothing', async () => {
      const { token } = await signUp(server);
      const { project, task, request } = await taskWaitingForEnv(token);
      const before = (await allLogs(server, token, task.id)).length;

      const notOffered = await command(token, task.id, 'action', {
        logId: request.id,
        params: { action: 'CONTINUE' },
      });
      expect(notOffered.status).toBe(400);
      expect(notOffered.body.message).toBe(
        'This request can be answered with: PROVIDE_VALUES, REJECT.',
      );

      for (const values of [undefined, {}, { OTHER: 'x' }, { WEATHER_KEY: '   ' }]) {
        const missing = await command(token, task.id, 'action', {
          logId: request.id,
          params: { action: 'PROVIDE_VALUES', values },
        });
        expect(missing.status).toBe(400);
        expect(missing.body).toMatchObject({
          message: 'Fill in every value.',
          fieldErrors: { WEATHER_KEY: 'Enter a value.' },
        });
      }

      const env = await server.request<EnvVariablesResponse>(
        'GET',
        `/api/projects/${project.id}/env`,
        { token },
      );
      expect(env.body.variables).toEqual([]);
      expect((await allLogs(server, token, task.id)).length).toBe(before);
      await expectState(token, task.id, 'IN_PROGRESS', 'ENV_VARIABLE');
      const [entry] = logsOf(await allLogs(server, token, task.id), 'NEEDS_ATTENTION');
      expect(entry.payload.resolved).toBe(false);
    });

    it('archiving a task that waits for the person settles its request', async () => {
      const { token } = await signUp(server);
      const { task, request } = await taskWaitingForEnv(token);
      const archived = await command(token, task.id, 'archive');
      expect(archived.status).toBe(200);
      await expectState(token, task.id, 'ARCHIVED', null);
      const [entry] = logsOf(await allLogs(server, token, task.id), 'NEEDS_ATTENTION');
      expect(entry.payload.resolved).toBe(true);
      await expectConflict(
        token,
        task.id,
        () =>
          command(token, task.id, 'action', {
            logId: request.id,
            params: { action: 'PROVIDE_VALUES', values: { WEATHER_KEY: 'k' } },
          }),
        TaskConflictMessages.action,
      );
      expect(model.requests).toHaveLength(1);
    });

    it('a resume settles the open request and tries again', async () => {
      const { token } = await signUp(server);
      const { task, request } = await taskWaitingForEnv(token);
      model.enqueue({ text: 'I will do without the key.' });
      const resumed = await command(token, task.id, 'resume');
      expect(resumed.status).toBe(200);
      const done: Task = await waitForTask(server, token, task.id);
      expect(done.state).toBe('COMPLETED');
      await expectConflict(
        token,
        task.id,
        () =>
          command(token, task.id, 'action', { logId: request.id, params: { action: 'REJECT' } }),
        TaskConflictMessages.action,
      );
    });
  });
});
