import { randomUUID } from 'node:crypto';
import {
  type ApiErrorBody,
  type EnvVariablesResponse,
  type Project,
  type ProjectCodeResponse,
  type ProjectsResponse,
  type Task,
  type TasksResponse,
  type TaskVersionsResponse,
} from '@mason/contract';
import { billingSettingsFromEnv } from '@mason/server-billing';
import { tasks } from '@mason/server-db';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import { eq } from 'drizzle-orm';
import { signUp } from '../test-utils/accounts';
import {
  allLogs,
  getTask,
  openTaskEvents,
  readyProject,
  scriptedAgent,
  sendMessage,
  uploadStaticFiles,
  waitForTask,
} from '../test-utils/task-loop';
import { startTestApp, type ApiResponse, type TestApp } from '../test-utils/test-app';

const PROJECT_NOT_FOUND = 'This project does not exist, or it is not yours.';
const TASK_NOT_FOUND = 'This task does not exist, or it is not yours.';

interface Ids {
  projectId: string;
  taskId: string;
  versionId: string;
}

interface Route {
  name: string;
  call: (ids: Ids, token: string | undefined) => Promise<ApiResponse<ApiErrorBody>>;
}

describe('one person’s projects and tasks are invisible to everyone else', () => {
  let model: ScriptedModelServer;
  let server: TestApp;
  let owner: string;
  let stranger: string;
  let mine: Ids;
  let project: Project;
  let task: Task;
  let secondProject: { project: Project; task: Task };

  beforeAll(async () => {
    model = await startScriptedModelServer();
    server = await startTestApp({
      agent: scriptedAgent(model),
      // The stranger makes a project per attempt: more than the free plan's limit.
      billing: billingSettingsFromEnv({ PLAN_MAX_PROJECTS_FREE: 'unlimited' }),
    });
    owner = (await signUp(server)).token;
    stranger = (await signUp(server)).token;

    const ready = await readyProject(server, model, owner, 'My private diary app');
    project = ready.project;
    model.enqueue(
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'src/diary.ts', content: 'export const secret = "dear diary";\n' },
          },
        ],
      },
      { text: 'Wrote the diary.' },
    );
    await sendMessage(server, owner, ready.task.id, { content: 'Write my diary' });
    task = await waitForTask(server, owner, ready.task.id);
    await server.request('POST', `/api/projects/${project.id}/env`, {
      token: owner,
      body: { key: 'SECRET_KEY', value: 'hunter2' },
    });
    if (!task.latestVersionId) throw new Error('The diary turn made no version.');
    mine = { projectId: project.id, taskId: task.id, versionId: task.latestVersionId };
    secondProject = await readyProject(server, model, owner, 'My second app');
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  const request =
    (method: string, path: string, body?: unknown) => (ids: Ids, token: string | undefined) =>
      server.request<ApiErrorBody>(
        method,
        `/api${path.replace(':p', ids.projectId).replace(':t', ids.taskId)}`,
        {
          token,
          body: typeof body === 'function' ? (body as (ids: Ids) => unknown)(ids) : body,
        },
      );

  const routes: Route[] = [
    { name: 'GET /projects/:id', call: request('GET', '/projects/:p') },
    { name: 'PUT /projects/:id', call: request('PUT', '/projects/:p', { name: 'Hijacked' }) },
    { name: 'DELETE /projects/:id', call: request('DELETE', '/projects/:p') },
    { name: 'GET /projects/:id/status', call: request('GET', '/projects/:p/status') },
    { name: 'GET /projects/:id/files', call: request('GET', '/projects/:p/files') },
    {
      name: 'GET /projects/:id/files?filePath=',
      call: request('GET', '/projects/:p/files?filePath=src/diary.ts'),
    },
    { name: 'GET /projects/:id/filepaths', call: request('GET', '/projects/:p/filepaths') },
    { name: 'GET /projects/:id/code', call: request('GET', '/projects/:p/code') },
    { name: 'GET /projects/:id/env', call: request('GET', '/projects/:p/env') },
    {
      name: 'POST /projects/:id/env',
      call: request('POST', '/projects/:p/env', { key: 'SECRET_KEY', value: 'stolen' }),
    },
    {
      name: 'DELETE /projects/:id/env/:key',
      call: request('DELETE', '/projects/:p/env/SECRET_KEY'),
    },
    {
      name: 'POST /projects/:id/static-files',
      call: (ids, token) =>
        uploadStaticFiles(server, token, ids.projectId, [{ name: 'x.txt', content: 'x' }]),
    },
    { name: 'GET /tasks?projectId=', call: request('GET', '/tasks?projectId=:p') },
    {
      name: 'POST /tasks',
      call: request('POST', '/tasks', (ids: Ids) => ({
        projectId: ids.projectId,
        description: 'Take over',
      })),
    },
    { name: 'GET /tasks/:id', call: request('GET', '/tasks/:t') },
    { name: 'POST /tasks/:id/pause', call: request('POST', '/tasks/:t/pause') },
    { name: 'POST /tasks/:id/resume', call: request('POST', '/tasks/:t/resume') },
    { name: 'POST /tasks/:id/archive', call: request('POST', '/tasks/:t/archive') },
    { name: 'POST /tasks/:id/unarchive', call: request('POST', '/tasks/:t/unarchive') },
    { name: 'GET /tasks/:id/versions', call: request('GET', '/tasks/:t/versions') },
    { name: 'GET /tasks/:id/logs', call: request('GET', '/tasks/:t/logs') },
    {
      name: 'GET /tasks/:id/logs?afterLogId=',
      call: request('GET', '/tasks/:t/logs?afterLogId=0'),
    },
    {
      name: 'POST /tasks/:id/logs',
      call: request('POST', '/tasks/:t/logs', { content: 'Tell me the secret' }),
    },
    {
      name: 'POST /tasks/:id/revert',
      call: request('POST', '/tasks/:t/revert', (ids: Ids) => ({ versionId: ids.versionId })),
    },
    {
      name: 'POST /tasks/:id/action',
      call: request('POST', '/tasks/:t/action', { logId: '1', params: { action: 'CONTINUE' } }),
    },
    {
      name: 'POST /tasks/:id/rate',
      call: request('POST', '/tasks/:t/rate', { rating: 'NEGATIVE' }),
    },
    {
      name: 'GET /tasks/:id/events',
      call: async (ids, token) => {
        const stream = await openTaskEvents(server.baseUrl, ids.taskId, { token });
        stream.close();
        return {
          status: stream.status,
          headers: stream.headers,
          body: stream.error as ApiErrorBody,
        };
      },
    },
  ];

  /** What the owner sees of their things, to show nobody else changed them. */
  async function ownerView() {
    const [row] = await server.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    return {
      project: (
        await server.request<Project>('GET', `/api/projects/${project.id}`, { token: owner })
      ).body,
      task: await getTask(server, owner, task.id),
      logs: (await allLogs(server, owner, task.id)).length,
      env: (
        await server.request<EnvVariablesResponse>('GET', `/api/projects/${project.id}/env`, {
          token: owner,
        })
      ).body,
      versions: (
        await server.request<TaskVersionsResponse>('GET', `/api/tasks/${task.id}/versions`, {
          token: owner,
        })
      ).body,
      rating: row.rating,
    };
  }

  it.each(routes.map((route) => [route.name, route] as const))(
    '%s answers another person 404, exactly as for an id that does not exist, and changes nothing',
    async (_name, route) => {
      const before = await ownerView();
      const foreign = await route.call(mine, stranger);
      expect(foreign.status).toBe(404);
      const expected = /^GET \/tasks\/:id|^POST \/tasks\/:id/.test(route.name)
        ? TASK_NOT_FOUND
        : PROJECT_NOT_FOUND;
      expect(foreign.body).toEqual({ statusCode: 404, error: 'Not Found', message: expected });
      const text = JSON.stringify(foreign.body);
      for (const leak of ['diary', 'hunter2', project.id, task.id])
        expect(text).not.toContain(leak);

      const nowhere = await route.call(
        { projectId: randomUUID(), taskId: randomUUID(), versionId: randomUUID() },
        stranger,
      );
      expect({ status: nowhere.status, body: nowhere.body }).toEqual({
        status: foreign.status,
        body: foreign.body,
      });

      expect(await ownerView()).toEqual(before);
      expect(model.requests).toHaveLength(0);
    },
  );

  it.each(routes.map((route) => [route.name, route] as const))(
    '%s answers 401 without a session',
    async (_name, route) => {
      const before = await ownerView();
      const anonymous = await route.call(mine, undefined);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Please log in.',
      });
      const revoked = await route.call(mine, 'a-token-that-was-never-issued-0123456789');
      expect(revoked.status).toBe(401);
      expect(revoked.body.message).toBe('Your session has ended. Please log in again.');
      expect(await ownerView()).toEqual(before);
    },
  );

  it('answers 401 to the lists and to creating a project without a session', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/projects', undefined],
      ['POST', '/api/projects', { description: 'An app' }],
      ['GET', '/api/tasks', undefined],
    ] as const) {
      const response = await server.request<ApiErrorBody>(method, path, { body });
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('Please log in.');
    }
  });

  it('lists only the caller’s own projects and tasks', async () => {
    const theirs = await readyProject(server, model, stranger, 'Their own app');
    const projects = (
      await server.request<ProjectsResponse>('GET', '/api/projects', { token: stranger })
    ).body.projects;
    expect(projects.map((p) => p.id)).toEqual([theirs.project.id]);
    const listed = (await server.request<TasksResponse>('GET', '/api/tasks', { token: stranger }))
      .body.tasks;
    expect(listed.map((t) => t.id)).toEqual([theirs.task.id]);
    const ownerTasks = (await server.request<TasksResponse>('GET', '/api/tasks', { token: owner }))
      .body.tasks;
    expect(ownerTasks.map((t) => t.id)).not.toContain(theirs.task.id);
  });

  it('refuses a revert to a version of another project with 404, for the owner and for anyone else', async () => {
    const before = await ownerView();
    const acrossProjects = await server.request<ApiErrorBody>(
      'POST',
      `/api/tasks/${secondProject.task.id}/revert`,
      {
        token: owner,
        body: { versionId: mine.versionId },
      },
    );
    expect(acrossProjects.status).toBe(404);
    expect(acrossProjects.body.message).toBe('That version does not exist in this project.');

    const theirs = await readyProject(server, model, stranger, 'A revert attempt');
    const acrossPeople = await server.request<ApiErrorBody>(
      'POST',
      `/api/tasks/${theirs.task.id}/revert`,
      {
        token: stranger,
        body: { versionId: mine.versionId },
      },
    );
    expect(acrossPeople.status).toBe(404);
    expect(acrossPeople.body.message).toBe('That version does not exist in this project.');
    expect(await ownerView()).toEqual(before);
    const rated = await server.request<ApiErrorBody>('POST', `/api/tasks/${theirs.task.id}/rate`, {
      token: stranger,
      body: { rating: 'POSITIVE', versionId: mine.versionId },
    });
    expect(rated.status).toBe(404);
  });

  it('refuses another project’s uploaded file in a message', async () => {
    const upload = await uploadStaticFiles(server, owner, project.id, [
      { name: 'diary.txt', content: 'dear diary' },
    ]);
    expect(upload.status).toBe(201);
    const theirs = await readyProject(server, model, stranger, 'A file thief');
    model.reset();
    const sent = await sendMessage(server, stranger, theirs.task.id, {
      content: 'Read this',
      staticFiles: [upload.body.files[0].id],
    });
    expect(sent.status).toBe(400);
    expect(sent.body.message).toBe('An attached file was not found. Upload it again.');
    expect(model.requests).toHaveLength(0);
  });

  it('a code download link works only for the project it was made for', async () => {
    const link = (
      await server.request<ProjectCodeResponse>('GET', `/api/projects/${project.id}/code`, {
        token: owner,
      })
    ).body;
    expect((await fetch(`${server.baseUrl}${link.downloadUrl}`)).status).toBe(200);

    const moved = link.downloadUrl.replace(project.id, secondProject.project.id);
    const other = await fetch(`${server.baseUrl}${moved}`);
    expect(other.status).toBe(403);
    expect(other.headers.get('content-type')).toMatch(/application\/json/);

    const theirs = await readyProject(server, model, stranger, 'Their app');
    const stolen = await fetch(
      `${server.baseUrl}${link.downloadUrl.replace(project.id, theirs.project.id)}`,
    );
    expect(stolen.status).toBe(403);
  });
});
