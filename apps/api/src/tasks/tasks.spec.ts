import {
  type ApiErrorBody,
  ModelsResponseSchema,
  OkResponseSchema,
  SendTaskMessageResponseSchema,
  TaskConflictMessages,
  TaskLogsResponseSchema,
  TaskResponseSchema,
  TaskSchema,
  TasksResponseSchema,
  TaskVersionsResponseSchema,
  type ModelsResponse,
  type Task,
  type TaskLogsResponse,
  type TaskResponse,
  type TasksResponse,
  type TaskVersionsResponse,
} from '@mason/contract';
import { tasks } from '@mason/server-db';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { signUp } from '../test-utils/accounts';
import {
  allLogs,
  logsOf,
  readyProject,
  requestText,
  scriptedAgent,
  sendMessage,
  waitForIdle,
  waitForTask,
} from '../test-utils/task-loop';
import { startTestApp, type TestApp } from '../test-utils/test-app';
import { PIXEL_PNG } from '../test-utils/images';

describe('tasks', () => {
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

  /** A second task on the project, run to the end with one short answer. */
  async function finishedTask(
    token: string,
    projectId: string,
    description: string,
  ): Promise<Task> {
    model.enqueue({ text: `On it: ${description}` });
    const created = await server
      .as(token)
      .post<Task & ApiErrorBody>('/api/tasks', { projectId, description });
    if (created.status !== 201)
      throw new Error(`create task: ${created.status} ${created.body.message}`);
    return waitForTask(server, token, created.body.id);
  }

  describe('POST /tasks and GET /tasks', () => {
    it('creates a task whose first turn starts at once, with its description as the first message', async () => {
      const { token } = await signUp(server);
      const { project } = await readyProject(server, model, token);
      model.enqueue({ text: ['Adding ', 'dark mode.'] });

      const created = await server.as(token).post<Task & ApiErrorBody>('/api/tasks', {
        projectId: project.id,
        description: '  Add a dark mode  ',
        model: 'CLAUDE_3_7_SONNET',
        additionalInstructions: 'Keep the colours calm.',
        images: [{ mediaType: 'image/png', content: PIXEL_PNG }],
      });
      expect(created.status).toBe(201);
      expect(z.parse(TaskSchema, created.body)).toMatchObject({
        projectId: project.id,
        description: 'Add a dark mode',
        state: 'PENDING',
        pauseReason: null,
        model: 'CLAUDE_3_7_SONNET',
        additionalInstructions: 'Keep the colours calm.',
        branch: null,
        repositoryId: null,
        latestVersionId: null,
      });

      const task = await waitForTask(server, token, created.body.id);
      expect(task.state).toBe('COMPLETED');
      const logs = await allLogs(server, token, task.id);
      expect(logs[0]).toMatchObject({ type: 'USER_MESSAGE', content: 'Add a dark mode' });
      expect(logsOf(logs, 'USER_MESSAGE')[0].payload.images).toHaveLength(1);
      expect(logsOf(logs, 'AI_MESSAGE').map((log) => log.content)).toEqual(['Adding dark mode.']);
      expect(logsOf(logs, 'STATUS').map((log) => log.payload.state)).toEqual([
        'IN_PROGRESS',
        'COMPLETED',
      ]);

      const request = model.requests.at(-1);
      expect((request?.body as { model: string }).model).toBe('claude-3-7-sonnet-latest');
      expect(requestText(request)).toContain('Keep the colours calm.');
      expect(requestText(request)).toContain(PIXEL_PNG);
    });

    it('lists the person’s tasks newest first, by project and by states (one or repeated)', async () => {
      const { token } = await signUp(server);
      const first = await readyProject(server, model, token, 'First app');
      const second = await readyProject(server, model, token, 'Second app');
      const extra = await finishedTask(token, first.project.id, 'Add a footer');
      await server.as(token).post<ApiErrorBody>(`/api/tasks/${extra.id}/archive`);

      const all = await server.as(token).get<TasksResponse & ApiErrorBody>('/api/tasks');
      expect(all.status).toBe(200);
      expect(z.parse(TasksResponseSchema, all.body).tasks.map((t) => t.id)).toEqual([
        extra.id,
        second.task.id,
        first.task.id,
      ]);

      const byProject = await server
        .as(token)
        .get<TasksResponse & ApiErrorBody>(`/api/tasks?projectId=${first.project.id}`);
      expect(byProject.body.tasks.map((t) => t.id)).toEqual([extra.id, first.task.id]);

      const archived = await server
        .as(token)
        .get<TasksResponse & ApiErrorBody>('/api/tasks?states=ARCHIVED');
      expect(archived.body.tasks.map((t) => t.id)).toEqual([extra.id]);
      const open = await server
        .as(token)
        .get<TasksResponse & ApiErrorBody>(
          '/api/tasks?states=COMPLETED&states=FAILED&states=IN_PROGRESS',
        );
      expect(open.body.tasks.map((t) => t.id)).toEqual([second.task.id, first.task.id]);
      const both = await server
        .as(token)
        .get<TasksResponse & ApiErrorBody>(
          `/api/tasks?projectId=${second.project.id}&states=ARCHIVED`,
        );
      expect(both.body.tasks).toEqual([]);
    });

    it('GET /tasks/:id answers one task', async () => {
      const { token } = await signUp(server);
      const { task } = await readyProject(server, model, token);
      const one = await server.as(token).get<Task & ApiErrorBody>(`/api/tasks/${task.id}`);
      expect(one.status).toBe(200);
      expect(z.parse(TaskSchema, one.body)).toEqual(task);
    });

    it('GET /models lists the seven models and says which run here', async () => {
      const response = await server.request<ModelsResponse>('GET', '/api/models');
      expect(response.status).toBe(200);
      const { models, setupHint } = z.parse(ModelsResponseSchema, response.body);
      expect(setupHint).toBeNull();
      expect(models).toHaveLength(7);
      expect(models.filter((m) => m.available).map((m) => m.model)).toEqual([
        'CLAUDE_SONNET_4_5',
        'CLAUDE_4_SONNET',
        'CLAUDE_3_7_SONNET',
      ]);
      expect(models.find((m) => m.model === 'GPT_5')).toEqual({
        model: 'GPT_5',
        label: 'GPT-5',
        provider: null,
        available: false,
      });
    });

    it('a task on a model this server cannot run ends FAILED with a message that says what to set', async () => {
      const { token } = await signUp(server);
      const { project } = await readyProject(server, model, token);
      model.reset();
      const created = await server.as(token).post<Task & ApiErrorBody>('/api/tasks', {
        projectId: project.id,
        description: 'Try GPT',
        model: 'GPT_5',
      });
      const task = await waitForTask(server, token, created.body.id);
      expect(task.state).toBe('FAILED');
      const [error] = logsOf(await allLogs(server, token, task.id), 'ERROR');
      expect(error.payload.code).toBe('NO_MODEL');
      expect(error.content).toMatch(
        /GPT-5 is not set up here: set OPENAI_API_KEY or OPENROUTER_API_KEY/,
      );
      expect(model.requests).toHaveLength(0);
    });
  });

  describe('messages and the log', () => {
    it('POST /tasks/:id/logs sends a message: the task works again and the model gets the whole conversation', async () => {
      const { token } = await signUp(server);
      const { task } = await readyProject(server, model, token, 'A weather app');
      model.reset();
      model.enqueue({ text: 'Celsius it is.' });

      const sent = await sendMessage(server, token, task.id, {
        content: '  Show the temperature in Celsius  ',
        model: 'CLAUDE_4_SONNET',
        currentPage: '/forecast',
        selectedComponents: [
          {
            componentName: 'Forecast',
            filePath: 'src/Forecast.tsx',
            filePart: '<div>{temp}°F</div>',
            page: '/forecast',
            line: 3,
            column: 5,
          },
        ],
      });
      expect(sent.status).toBe(201);
      const body = z.parse(SendTaskMessageResponseSchema, sent.body);
      expect(body.log).toMatchObject({
        type: 'USER_MESSAGE',
        content: 'Show the temperature in Celsius',
        payload: {
          currentPage: '/forecast',
          model: 'CLAUDE_4_SONNET',
          images: [],
          staticFiles: [],
        },
      });
      expect(body.log.payload.selectedComponents[0]).toMatchObject({
        componentName: 'Forecast',
        filePath: 'src/Forecast.tsx',
      });
      expect(body.task).toMatchObject({
        state: 'IN_PROGRESS',
        pauseReason: null,
        model: 'CLAUDE_4_SONNET',
      });

      expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');
      const text = requestText(model.requests[0]);
      expect((model.requests[0].body as { model: string }).model).toBe('claude-sonnet-4-0');
      // The earlier turn and the new message, in order.
      expect(text.indexOf('A weather app')).toBeGreaterThan(-1);
      expect(text.indexOf('Ready when you are.')).toBeGreaterThan(text.indexOf('A weather app'));
      expect(text.indexOf('Show the temperature in Celsius')).toBeGreaterThan(
        text.indexOf('Ready when you are.'),
      );
      expect(text).toContain('src/Forecast.tsx');
    });

    it('GET /tasks/:id/logs pages: the newest page, before a log id, after a log id', async () => {
      const { token } = await signUp(server);
      const { task } = await readyProject(server, model, token);
      for (const word of ['one', 'two', 'three']) {
        model.enqueue({ text: `Noted ${word}.` });
        expect((await sendMessage(server, token, task.id, { content: word })).status).toBe(201);
        await waitForTask(server, token, task.id);
      }
      const logs = await allLogs(server, token, task.id);
      const ids = logs.map((log) => log.id);
      expect(ids).toEqual(logs.map((_, index) => String(index + 1)));
      const total = ids.length;
      expect(total).toBeGreaterThan(10);

      const newest = await server
        .as(token)
        .get<TaskLogsResponse & ApiErrorBody>(`/api/tasks/${task.id}/logs?limit=5`);
      expect(newest.status).toBe(200);
      expect(z.parse(TaskLogsResponseSchema, newest.body)).toMatchObject({
        hasMoreBefore: true,
        hasMoreAfter: false,
      });
      expect(newest.body.logs.map((log) => log.id)).toEqual(ids.slice(-5));

      const before = await server
        .as(token)
        .get<TaskLogsResponse & ApiErrorBody>(
          `/api/tasks/${task.id}/logs?beforeLogId=${ids[total - 5]}&limit=3`,
        );
      expect(before.body.logs.map((log) => log.id)).toEqual(ids.slice(total - 8, total - 5));
      expect(before.body).toMatchObject({ hasMoreBefore: true, hasMoreAfter: true });
      const oldest = await server
        .as(token)
        .get<TaskLogsResponse & ApiErrorBody>(`/api/tasks/${task.id}/logs?beforeLogId=3&limit=50`);
      expect(oldest.body).toMatchObject({ hasMoreBefore: false, hasMoreAfter: true });
      expect(oldest.body.logs.map((log) => log.id)).toEqual(['1', '2']);

      const after = await server
        .as(token)
        .get<TaskLogsResponse & ApiErrorBody>(`/api/tasks/${task.id}/logs?afterLogId=2&limit=4`);
      expect(after.body.logs.map((log) => log.id)).toEqual(['3', '4', '5', '6']);
      expect(after.body).toMatchObject({ hasMoreBefore: true, hasMoreAfter: true });
      const tail = await server
        .as(token)
        .get<TaskLogsResponse & ApiErrorBody>(
          `/api/tasks/${task.id}/logs?afterLogId=${ids[total - 1]}`,
        );
      expect(tail.body).toEqual({ logs: [], hasMoreBefore: true, hasMoreAfter: false });

      const byDefault = await server
        .as(token)
        .get<TaskLogsResponse & ApiErrorBody>(`/api/tasks/${task.id}/logs`);
      expect(byDefault.body.logs.map((log) => log.id)).toEqual(ids.slice(-50));
      for (const log of logs) expect(log.taskId).toBe(task.id);
    });

    it('GET /tasks/:id/versions lists the versions the task made, with a preview URL each', async () => {
      const { token } = await signUp(server);
      const { project, task } = await readyProject(server, model, token);
      const none = await server
        .as(token)
        .get<TaskVersionsResponse & ApiErrorBody>(`/api/tasks/${task.id}/versions`);
      expect(none.status).toBe(200);
      expect(z.parse(TaskVersionsResponseSchema, none.body)).toEqual({ versions: [] });

      model.enqueue(
        {
          toolCalls: [
            {
              name: 'write_file',
              input: { path: 'src/notes.ts', content: 'export const notes: string[] = [];\n' },
            },
          ],
        },
        { text: 'Added a notes module.' },
      );
      await sendMessage(server, token, task.id, { content: 'Add a notes module' });
      const done = await waitForTask(server, token, task.id);
      const versions = z.parse(
        TaskVersionsResponseSchema,
        (
          await server
            .as(token)
            .get<TaskVersionsResponse & ApiErrorBody>(`/api/tasks/${task.id}/versions`)
        ).body,
      ).versions;
      expect(versions).toEqual([
        expect.objectContaining({
          projectId: project.id,
          taskId: task.id,
          index: 1,
          summary: 'Added a notes module.',
          versionId: done.latestVersionId,
        }),
      ]);
      // The version's own preview origin, with an access token for its owner.
      const previewAddress = `http://p-${project.id}-v1.${server.config.previewDomain}/`;
      expect(versions[0].previewUrl).toMatch(
        new RegExp(
          `^${previewAddress.replace(/[.?]/g, '\\$&')}\\?mason_preview=\\d+\\.[0-9a-f-]{36}\\.[\\w-]+$`,
        ),
      );
      const versionLog = logsOf(await allLogs(server, token, task.id), 'VERSION')[0];
      expect(versions[0].logId).toBe(versionLog.id);
      // The log keeps the address only: a token in it would outlive its expiry.
      expect(versionLog.payload).toEqual({
        versionId: versions[0].versionId,
        index: 1,
        previewUrl: previewAddress,
      });
    });
  });

  describe('pause, resume, archive, unarchive and rate', () => {
    it('pause stops a running turn (MANUAL), resume continues it', async () => {
      const { token } = await signUp(server);
      const { project, task } = await readyProject(server, model, token);
      model.enqueue({ text: ['Working ', 'on ', 'it ', 'slowly.'], delayMs: 2000 });
      await sendMessage(server, token, task.id, { content: 'Add a chart' });

      const paused = await server
        .as(token)
        .post<TaskResponse & ApiErrorBody>(`/api/tasks/${task.id}/pause`);
      expect(paused.status).toBe(200);
      expect(z.parse(TaskResponseSchema, paused.body).task).toMatchObject({
        state: 'IN_PROGRESS',
        pauseReason: 'MANUAL',
      });
      await waitForIdle(server, token, project.id);

      model.enqueue({ text: 'Chart added.' });
      const resumed = await server
        .as(token)
        .post<TaskResponse & ApiErrorBody>(`/api/tasks/${task.id}/resume`);
      expect(resumed.status).toBe(200);
      expect(z.parse(TaskResponseSchema, resumed.body).task).toMatchObject({
        state: 'IN_PROGRESS',
        pauseReason: null,
      });
      expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');
      expect(requestText(model.requests.at(-1))).toContain(
        'The person paused you and has now resumed.',
      );
    });

    it('archive puts a finished task away and unarchive brings it back as COMPLETED', async () => {
      const { token } = await signUp(server);
      const { task } = await readyProject(server, model, token);
      const archived = await server
        .as(token)
        .post<TaskResponse & ApiErrorBody>(`/api/tasks/${task.id}/archive`);
      expect(archived.status).toBe(200);
      expect(z.parse(TaskResponseSchema, archived.body).task).toMatchObject({
        state: 'ARCHIVED',
        pauseReason: null,
      });
      const back = await server
        .as(token)
        .post<TaskResponse & ApiErrorBody>(`/api/tasks/${task.id}/unarchive`);
      expect(back.status).toBe(200);
      expect(back.body.task).toMatchObject({ state: 'COMPLETED', pauseReason: null });
      const statuses = logsOf(await allLogs(server, token, task.id), 'STATUS').map(
        (log) => log.payload.state,
      );
      expect(statuses.slice(-2)).toEqual(['ARCHIVED', 'COMPLETED']);
    });

    it('rate stores a rating of the task, of one answer or of one version', async () => {
      const { token } = await signUp(server);
      const { project, task } = await readyProject(server, model, token);
      const answer = logsOf(await allLogs(server, token, task.id), 'AI_MESSAGE')[0];

      const whole = await server
        .as(token)
        .post<ApiErrorBody>(`/api/tasks/${task.id}/rate`, { rating: 'POSITIVE' });
      expect(whole.status).toBe(200);
      expect(z.parse(OkResponseSchema, whole.body)).toEqual({ ok: true });
      const [stored] = await server.database.db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(stored).toMatchObject({ rating: 'POSITIVE', ratingComment: null });

      expect(
        (
          await server.as(token).post<ApiErrorBody>(`/api/tasks/${task.id}/rate`, {
            rating: 'NEGATIVE',
            logId: answer.id,
            comment: '  Too short  ',
          })
        ).status,
      ).toBe(200);
      const [again] = await server.database.db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(again).toMatchObject({ rating: 'NEGATIVE', ratingComment: 'Too short' });
      expect(
        (
          await server.as(token).post<ApiErrorBody>(`/api/tasks/${task.id}/rate`, {
            rating: 'POSITIVE',
            versionId: project.latestVersionId,
          })
        ).status,
      ).toBe(200);

      const unknownLog = await server.as(token).post<ApiErrorBody>(`/api/tasks/${task.id}/rate`, {
        rating: 'POSITIVE',
        logId: '999',
      });
      expect(unknownLog.status).toBe(404);
      expect(unknownLog.body.message).toBe('That answer does not exist in this task.');
      const unknownVersion = await server
        .as(token)
        .post<ApiErrorBody>(`/api/tasks/${task.id}/rate`, {
          rating: 'POSITIVE',
          versionId: '00000000-0000-4000-8000-000000000000',
        });
      expect(unknownVersion.status).toBe(404);
      expect(unknownVersion.body.message).toBe('That version does not exist in this project.');
    });
  });

  describe('bad input', () => {
    let token: string;
    let projectId: string;
    let task: Task;
    beforeAll(async () => {
      token = (await signUp(server)).token;
      const ready = await readyProject(server, model, token, 'A stable app');
      projectId = ready.project.id;
      task = ready.task;
    });

    /** The task and its log as they are, to show a refused request changed nothing. */
    const snapshot = async () => ({
      task: (await server.as(token).get<Task & ApiErrorBody>(`/api/tasks/${task.id}`)).body,
      logs: (await allLogs(server, token, task.id)).length,
      tasks: (await server.as(token).get<TasksResponse & ApiErrorBody>('/api/tasks')).body.tasks
        .length,
    });

    const expectClear400 = (response: { status: number; body: ApiErrorBody }, field?: string) => {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.any(String),
      });
      expect(response.body.message.length).toBeGreaterThan(8);
      expect(JSON.stringify(response.body)).not.toMatch(/ZodError|stack|node_modules|FST_/);
      if (field) expect(Object.keys(response.body.fieldErrors ?? {})).toContain(field);
    };

    const images = (count: number) =>
      Array.from({ length: count }, () => ({ mediaType: 'image/png', content: PIXEL_PNG }));

    it.each<[string, Record<string, unknown>, string]>([
      ['an empty description', { description: '' }, 'description'],
      ['a blank description', { description: '   ' }, 'description'],
      ['an unknown model', { description: 'x', model: 'CLAUDE_9' }, 'model'],
      ['eleven images', { description: 'x', images: images(11) }, 'images'],
      [
        'an image that is not base64',
        { description: 'x', images: [{ mediaType: 'image/png', content: '%%%' }] },
        'images.0.content',
      ],
      [
        'eleven static files',
        { description: 'x', staticFiles: Array.from({ length: 11 }, (_, i) => `id-${i}`) },
        'staticFiles',
      ],
      [
        'additional instructions too long',
        { description: 'x', additionalInstructions: 'x'.repeat(10_001) },
        'additionalInstructions',
      ],
      ['no project', { description: 'x', projectId: undefined }, 'projectId'],
    ])('POST /tasks with %s answers 400 and creates nothing', async (_case, body, field) => {
      const before = await snapshot();
      expectClear400(
        await server.as(token).post<ApiErrorBody>('/api/tasks', { projectId, ...body }),
        field,
      );
      expect(await snapshot()).toEqual(before);
      expect(model.requests).toHaveLength(0);
    });

    it('POST /tasks on a project that is not an id answers 404', async () => {
      const response = await server
        .as(token)
        .post<ApiErrorBody>('/api/tasks', { projectId: 'nope', description: 'x' });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('This project does not exist, or it is not yours.');
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['an empty message', { content: '' }, 'content'],
      ['a message of whitespace', { content: ' \n\t ' }, 'content'],
      ['a message too long', { content: 'x'.repeat(50_001) }, 'content'],
      ['an unknown model', { content: 'hi', model: 'GPT_9' }, 'model'],
      ['eleven images', { content: 'hi', images: images(11) }, 'images'],
      [
        'an image that is not base64',
        { content: 'hi', images: [{ mediaType: 'image/png', content: 'a b c' }] },
        'images.0.content',
      ],
      [
        'an image of an unknown type',
        { content: 'hi', images: [{ mediaType: 'text/html', content: PIXEL_PNG }] },
        'images.0.mediaType',
      ],
      [
        'a selected component outside the project',
        {
          content: 'hi',
          selectedComponents: [
            { componentName: 'A', filePath: '../x.tsx', filePart: '', page: '/' },
          ],
        },
        'selectedComponents.0.filePath',
      ],
    ])('POST /tasks/:id/logs with %s answers 400 and sends nothing', async (_case, body, field) => {
      const before = await snapshot();
      expectClear400(
        await server.as(token).post<ApiErrorBody>(`/api/tasks/${task.id}/logs`, body),
        field,
      );
      expect(await snapshot()).toEqual(before);
      expect(model.requests).toHaveLength(0);
    });

    it('a NUL character in a message or a description answers 400 (PostgreSQL cannot store it), not 500', async () => {
      const before = await snapshot();
      for (const response of [
        await server
          .as(token)
          .post<ApiErrorBody>(`/api/tasks/${task.id}/logs`, { content: 'before\u0000after' }),
        await server
          .as(token)
          .post<ApiErrorBody>('/api/tasks', { projectId, description: 'before\u0000after' }),
        await server.as(token).post<ApiErrorBody>(`/api/tasks/${task.id}/logs`, {
          content: 'fine',
          currentPage: '/\u0000',
        }),
      ]) {
        expectClear400(response);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('POST /tasks/:id/logs names the rule for a blank message', async () => {
      const response = await server
        .as(token)
        .post<ApiErrorBody>(`/api/tasks/${task.id}/logs`, { content: '   ' });
      expect(response.body.fieldErrors).toEqual({ content: 'Type a message.' });
    });

    it.each<[string, string]>([
      ['afterLogId and beforeLogId together', 'afterLogId=1&beforeLogId=3'],
      ['limit 0', 'limit=0'],
      ['limit 999', 'limit=999'],
      ['a limit that is not a number', 'limit=ten'],
      ['an afterLogId that is not a log id', 'afterLogId=abc'],
      ['a beforeLogId that is not a log id', 'beforeLogId=-1'],
    ])('GET /tasks/:id/logs with %s answers 400', async (_case, query) => {
      expectClear400(
        await server.as(token).get<ApiErrorBody>(`/api/tasks/${task.id}/logs?${query}`),
      );
    });

    it('GET /tasks/:id/logs explains the cursor rule', async () => {
      const response = await server
        .as(token)
        .get<ApiErrorBody>(`/api/tasks/${task.id}/logs?afterLogId=1&beforeLogId=3`);
      expect(response.body.fieldErrors).toEqual({
        beforeLogId: 'Use afterLogId or beforeLogId, not both.',
      });
    });

    it.each([
      ['states=BOGUS', 'states'],
      ['states=COMPLETED&states=NOPE', 'states'],
    ])('GET /tasks?%s answers 400', async (query, field) => {
      expectClear400(await server.as(token).get<ApiErrorBody>(`/api/tasks?${query}`), field);
    });

    it('GET /tasks with a project that is not the caller’s or not an id answers 404', async () => {
      for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
        const response = await server.as(token).get<ApiErrorBody>(`/api/tasks?projectId=${id}`);
        expect(response.status).toBe(404);
      }
    });

    it.each([
      ['GET', ''],
      ['POST', '/pause'],
      ['POST', '/resume'],
      ['POST', '/archive'],
      ['POST', '/unarchive'],
      ['GET', '/versions'],
      ['GET', '/logs'],
      ['POST', '/logs'],
      ['POST', '/revert'],
      ['POST', '/action'],
      ['POST', '/rate'],
      ['GET', '/events'],
    ])('%s /tasks/<not an id>%s answers 404', async (method, suffix) => {
      const bodies: Record<string, unknown> = {
        '/logs': { content: 'hi' },
        '/revert': { versionId: '00000000-0000-4000-8000-000000000000' },
        '/action': { logId: '1', params: { action: 'CONTINUE' } },
        '/rate': { rating: 'POSITIVE' },
      };
      for (const id of ['not-a-uuid', '42', '00000000-0000-4000-8000-000000000000']) {
        const response = await server.request<ApiErrorBody>(method, `/api/tasks/${id}${suffix}`, {
          token,
          body: method === 'POST' ? bodies[suffix] : undefined,
        });
        expect(response.status).toBe(404);
        expect(response.body.message).toBe('This task does not exist, or it is not yours.');
      }
    });

    it('POST /tasks/:id/revert to a version that is not an id or not in the project answers 404', async () => {
      const before = await snapshot();
      for (const versionId of ['v1', '00000000-0000-4000-8000-000000000000']) {
        const response = await server
          .as(token)
          .post<ApiErrorBody>(`/api/tasks/${task.id}/revert`, { versionId });
        expect(response.status).toBe(404);
        expect(response.body.message).toBe('That version does not exist in this project.');
      }
      expectClear400(
        await server.as(token).post<ApiErrorBody>(`/api/tasks/${task.id}/revert`, {}),
        'versionId',
      );
      expect(await snapshot()).toEqual(before);
    });

    it('POST /tasks/:id/action to an entry that is not a request answers 404, an unknown action 400', async () => {
      const before = await snapshot();
      const notARequest = await server
        .as(token)
        .post<ApiErrorBody>(`/api/tasks/${task.id}/action`, {
          logId: '1',
          params: { action: 'CONTINUE' },
        });
      expect(notARequest.status).toBe(404);
      expect(notARequest.body.message).toBe('That request does not exist in this task.');
      const missing = await server.as(token).post<ApiErrorBody>(`/api/tasks/${task.id}/action`, {
        logId: '9999',
        params: { action: 'CONTINUE' },
      });
      expect(missing.status).toBe(404);
      expectClear400(
        await server.as(token).post<ApiErrorBody>(`/api/tasks/${task.id}/action`, {
          logId: '1',
          params: { action: 'DANCE' },
        }),
        'params.action',
      );
      expectClear400(
        await server
          .as(token)
          .post<ApiErrorBody>(`/api/tasks/${task.id}/action`, { params: { action: 'CONTINUE' } }),
        'logId',
      );
      expect(await snapshot()).toEqual(before);
    });

    it('POST /tasks/:id/rate with an unknown rating or a long comment answers 400', async () => {
      expectClear400(
        await server.as(token).post<ApiErrorBody>(`/api/tasks/${task.id}/rate`, { rating: 'MEH' }),
        'rating',
      );
      expectClear400(
        await server.as(token).post<ApiErrorBody>(`/api/tasks/${task.id}/rate`, {
          rating: 'POSITIVE',
          comment: 'x'.repeat(2001),
        }),
        'comment',
      );
      const [stored] = await server.database.db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(stored.rating).toBeNull();
    });

    it('a refused command leaves the task as it was (resume of a finished task)', async () => {
      const before = await snapshot();
      const response = await server.as(token).post<ApiErrorBody>(`/api/tasks/${task.id}/resume`);
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(TaskConflictMessages.resume);
      expect(await snapshot()).toEqual(before);
    });
  });
});
