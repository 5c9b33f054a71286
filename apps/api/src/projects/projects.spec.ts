import {
  type ApiErrorBody,
  CreateProjectResponseSchema,
  EnvVariableSchema,
  EnvVariablesResponseSchema,
  OkResponseSchema,
  ProjectCodeResponseSchema,
  ProjectFilePathsResponseSchema,
  ProjectFilesResponseSchema,
  ProjectSchema,
  ProjectsResponseSchema,
  ProjectStatusResponseSchema,
  type CreateProjectResponse,
  type Project,
  type ProjectCodeResponse,
  type ProjectFilePathsResponse,
  type ProjectFilesResponse,
  type ProjectsResponse,
  type ProjectStatusResponse,
  type EnvVariablesResponse,
} from '@mason/contract';
import { envVariables } from '@mason/server-db';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import * as z from 'zod/mini';
import { signUp } from '../test-utils/accounts';
import {
  allLogs,
  createProject,
  logsOf,
  readyProject,
  requestText,
  scriptedAgent,
  sendMessage,
  waitForIdle,
  waitForTask,
  withFirstTask,
} from '../test-utils/task-loop';
import { startTestApp, type TestApp } from '../test-utils/test-app';
import { PIXEL_PNG, pngOfSize } from '../test-utils/images';

/** A 1×1 PNG. */

describe('projects', () => {
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

  describe('GET and POST /projects', () => {
    it('lists nothing for a new person, then their projects newest first', async () => {
      const { token } = await signUp(server);
      const empty = await server.as(token).get<ProjectsResponse & ApiErrorBody>('/api/projects');
      expect(empty.status).toBe(200);
      expect(z.parse(ProjectsResponseSchema, empty.body)).toEqual({ projects: [] });

      const first = await readyProject(server, model, token, 'A recipe box');
      const second = await readyProject(server, model, token, 'A habit tracker');
      const listed = await server.as(token).get<ProjectsResponse & ApiErrorBody>('/api/projects');
      expect(z.parse(ProjectsResponseSchema, listed.body).projects.map((p) => p.id)).toEqual([
        second.project.id,
        first.project.id,
      ]);
    });

    it('creates the starter app (version 0) and its first task, which starts at once and runs to the end', async () => {
      const { token } = await signUp(server);
      model.enqueue({ text: 'I will build a recipe box.' });
      const created = await server.request<CreateProjectResponse>('POST', '/api/projects', {
        token,
        body: {
          description: '  a recipe box with tags and search\nand more details on the next line  ',
        },
      });
      expect(created.status).toBe(201);
      const { project, firstTask } = withFirstTask(
        z.parse(CreateProjectResponseSchema, created.body),
      );
      expect(project).toMatchObject({
        name: 'Recipe Box',
        description: 'a recipe box with tags and search\nand more details on the next line',
        type: 'INTERNAL',
        // Its first turn is queued with it: the assistant is at work.
        status: 'BUILDING',
        repositoryId: null,
        firstTaskId: firstTask.id,
        database: null,
      });
      expect(project.latestVersionId).not.toBeNull();
      expect(project.previewUrl).toMatch(new RegExp(`^http://p-${project.id}\\.`));
      expect(firstTask).toMatchObject({
        projectId: project.id,
        state: 'PENDING',
        pauseReason: null,
        model: 'CLAUDE_SONNET_4_5',
        latestVersionId: null,
      });

      const task = await waitForTask(server, token, firstTask.id);
      expect(task.state).toBe('COMPLETED');
      const logs = await allLogs(server, token, task.id);
      expect(logs[0]).toMatchObject({
        id: '1',
        type: 'USER_MESSAGE',
        content: project.description,
      });
      expect(logsOf(logs, 'AI_MESSAGE').map((log) => log.content)).toEqual([
        'I will build a recipe box.',
      ]);
      // The model was asked with the description as the person's message.
      expect(requestText(model.requests[0])).toContain('a recipe box with tags and search');

      const files = await server
        .as(token)
        .get<ProjectFilePathsResponse & ApiErrorBody>(`/api/projects/${project.id}/filepaths`);
      expect(files.body).toMatchObject({ versionId: project.latestVersionId, versionIndex: 0 });
      expect(files.body.filePaths).toEqual(
        expect.arrayContaining(['index.html', 'package.json', 'src/App.tsx', 'src/main.tsx']),
      );
    });

    it('takes a name, a model and images: the images reach the model and are served back', async () => {
      const { token } = await signUp(server);
      model.enqueue({ text: 'Nice sketch.' });
      const created = await server.request<CreateProjectResponse>('POST', '/api/projects', {
        token,
        body: {
          description: 'Build the page in this sketch',
          name: 'Sketch',
          model: 'CLAUDE_4_SONNET',
          images: [{ mediaType: 'image/png', content: PIXEL_PNG }],
        },
      });
      expect(created.status).toBe(201);
      const { project, firstTask } = withFirstTask(
        z.parse(CreateProjectResponseSchema, created.body),
      );
      expect(project.name).toBe('Sketch');
      expect(firstTask.model).toBe('CLAUDE_4_SONNET');

      await waitForTask(server, token, firstTask.id);
      const [message] = logsOf(await allLogs(server, token, firstTask.id), 'USER_MESSAGE');
      expect(message.payload.images).toEqual([
        {
          mediaType: 'image/png',
          url: expect.stringMatching(
            /^\/api\/blobs\/[0-9a-f]{64}\?type=image%2Fpng&task=[0-9a-f-]{36}&token=[\w.-]+$/,
          ),
        },
      ]);
      const image = await fetch(`${server.baseUrl}${message.payload.images[0].url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await image.arrayBuffer()).toString('base64')).toBe(PIXEL_PNG);

      const request = model.requests[0];
      expect(requestText(request)).toContain(PIXEL_PNG);
      expect((request.body as { model: string }).model).toBe('claude-sonnet-4-0');
    });
  });

  describe('one project', () => {
    it('GET answers it; PUT renames it and changes its description', async () => {
      const { token } = await signUp(server);
      const { project } = await readyProject(server, model, token, 'A todo list');

      const one = await server.as(token).get<Project & ApiErrorBody>(`/api/projects/${project.id}`);
      expect(one.status).toBe(200);
      expect(z.parse(ProjectSchema, one.body)).toMatchObject({
        id: project.id,
        name: 'Todo List',
      });

      const renamed = await server.request<Project>('PUT', `/api/projects/${project.id}`, {
        token,
        body: { name: '  Groceries  ' },
      });
      expect(renamed.status).toBe(200);
      expect(z.parse(ProjectSchema, renamed.body)).toMatchObject({
        name: 'Groceries',
        description: 'A todo list',
      });

      const described = await server.request<Project>('PUT', `/api/projects/${project.id}`, {
        token,
        body: { description: 'What we buy each week' },
      });
      expect(described.body).toMatchObject({
        name: 'Groceries',
        description: 'What we buy each week',
      });
      expect(Date.parse(described.body.updatedAt)).toBeGreaterThanOrEqual(
        Date.parse(project.updatedAt),
      );
      expect(
        (await server.as(token).get<Project & ApiErrorBody>(`/api/projects/${project.id}`)).body,
      ).toMatchObject({
        name: 'Groceries',
        description: 'What we buy each week',
      });
    });

    it('DELETE removes the project with its tasks; a second DELETE is a 404', async () => {
      const { token } = await signUp(server);
      const { project, task } = await readyProject(server, model, token);
      const kept = await readyProject(server, model, token, 'Another app');

      const deleted = await server.request('DELETE', `/api/projects/${project.id}`, { token });
      expect(deleted.status).toBe(200);
      expect(z.parse(OkResponseSchema, deleted.body)).toEqual({ ok: true });

      expect((await server.as(token).get<ApiErrorBody>(`/api/projects/${project.id}`)).status).toBe(
        404,
      );
      expect((await server.as(token).get<ApiErrorBody>(`/api/tasks/${task.id}`)).status).toBe(404);
      expect((await server.as(token).get<ApiErrorBody>(`/api/tasks/${task.id}/logs`)).status).toBe(
        404,
      );
      expect(
        (
          await server.as(token).get<ProjectsResponse & ApiErrorBody>('/api/projects')
        ).body.projects.map((p) => p.id),
      ).toEqual([kept.project.id]);
      const again = await server.request<ApiErrorBody>('DELETE', `/api/projects/${project.id}`, {
        token,
      });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('This project does not exist, or it is not yours.');
    });

    it('GET status names the task at work while a turn runs, and none once it ends', async () => {
      const { token } = await signUp(server);
      model.enqueue({ text: ['Thinking ', 'slowly.'], delayMs: 700 });
      const { project, firstTask } = await createProject(server, token);

      const busy = await server
        .as(token)
        .get<ProjectStatusResponse & ApiErrorBody>(`/api/projects/${project.id}/status`);
      expect(busy.status).toBe(200);
      expect(z.parse(ProjectStatusResponseSchema, busy.body)).toMatchObject({
        projectId: project.id,
        status: 'BUILDING',
        activeTaskId: firstTask.id,
        latestVersionId: project.latestVersionId,
        previewUrl: project.previewUrl,
      });
      const listed = await server.as(token).get<ProjectsResponse & ApiErrorBody>('/api/projects');
      expect(listed.body.projects[0]).toMatchObject({ id: project.id, status: 'BUILDING' });

      const idle = await waitForIdle(server, token, project.id);
      expect(idle).toMatchObject({ activeTaskId: null, status: 'READY' });
      expect((await waitForTask(server, token, firstTask.id)).state).toBe('COMPLETED');
      expect(
        (await server.as(token).get<Project & ApiErrorBody>(`/api/projects/${project.id}`)).body
          .status,
      ).toBe('READY');
    });

    it('a project whose newest task failed is FAILED, in the list and in its status, until a task works again', async () => {
      const { token } = await signUp(server);
      const { project, task } = await readyProject(server, model, token);
      model.reset();
      model.enqueue({ status: 401 });
      await sendMessage(server, token, task.id, { content: 'Add a footer' });
      expect((await waitForTask(server, token, task.id)).state).toBe('FAILED');

      const status = await server
        .as(token)
        .get<ProjectStatusResponse & ApiErrorBody>(`/api/projects/${project.id}/status`);
      expect(status.body).toMatchObject({ status: 'FAILED', activeTaskId: null });
      const listed = await server.as(token).get<ProjectsResponse & ApiErrorBody>('/api/projects');
      expect(listed.body.projects[0]).toMatchObject({ id: project.id, status: 'FAILED' });

      model.enqueue({ text: 'Fixed.' });
      const resumed = await server.request('POST', `/api/tasks/${task.id}/resume`, { token });
      expect(resumed.status).toBe(200);
      expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');
      expect(
        (await server.as(token).get<Project & ApiErrorBody>(`/api/projects/${project.id}`)).body
          .status,
      ).toBe('READY');
    });
  });

  describe('files and code', () => {
    it('GET filepaths lists every path of the newest version, sorted, and GET files answers all, a folder or one file', async () => {
      const { token } = await signUp(server);
      const { project } = await readyProject(server, model, token);

      const paths = await server
        .as(token)
        .get<ProjectFilePathsResponse & ApiErrorBody>(`/api/projects/${project.id}/filepaths`);
      expect(paths.status).toBe(200);
      const { filePaths } = z.parse(ProjectFilePathsResponseSchema, paths.body);
      expect(filePaths).toEqual([...filePaths].sort());

      const all = await server
        .as(token)
        .get<ProjectFilesResponse & ApiErrorBody>(`/api/projects/${project.id}/files`);
      expect(all.status).toBe(200);
      const parsed = z.parse(ProjectFilesResponseSchema, all.body);
      expect(parsed.versionId).toBe(project.latestVersionId);
      expect(parsed.files.map((file) => file.path)).toEqual(filePaths);
      for (const file of parsed.files) {
        expect(file).toMatchObject({ encoding: 'utf8', size: Buffer.byteLength(file.content) });
      }

      const folder = await server
        .as(token)
        .get<ProjectFilesResponse & ApiErrorBody>(
          `/api/projects/${project.id}/files?filePath=src/components`,
        );
      expect(folder.body.files.map((file) => file.path)).toEqual(
        filePaths.filter((path) => path.startsWith('src/components/')),
      );

      const one = await server
        .as(token)
        .get<ProjectFilesResponse & ApiErrorBody>(
          `/api/projects/${project.id}/files?filePath=src/App.tsx`,
        );
      expect(one.body.files).toEqual([parsed.files.find((file) => file.path === 'src/App.tsx')]);
      expect(one.body.files[0].content).toContain('export function App()');

      const missing = await server
        .as(token)
        .get<ApiErrorBody & ApiErrorBody>(
          `/api/projects/${project.id}/files?filePath=src/Nope.tsx`,
        );
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('There is no file or folder src/Nope.tsx in this project.');
    });

    it('GET code answers a short-lived link to a zip of the newest version; a changed link does not work', async () => {
      const { token } = await signUp(server);
      const { project } = await readyProject(server, model, token);

      const code = await server
        .as(token)
        .get<ProjectCodeResponse & ApiErrorBody>(`/api/projects/${project.id}/code`);
      expect(code.status).toBe(200);
      const link = z.parse(ProjectCodeResponseSchema, code.body);
      expect(link.versionId).toBe(project.latestVersionId);
      expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(5 * 60_000);
      expect(link.downloadUrl).toMatch(
        new RegExp(`^/api/projects/${project.id}/code/download\\?version=${link.versionId}&token=`),
      );

      const zip = await fetch(`${server.baseUrl}${link.downloadUrl}`);
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-type')).toBe('application/zip');
      expect(zip.headers.get('content-disposition')).toBe(
        'attachment; filename="counter-app-v0.zip"',
      );
      const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      const files = (
        await server
          .as(token)
          .get<ProjectFilesResponse & ApiErrorBody>(`/api/projects/${project.id}/files`)
      ).body.files;
      // The project's files, and what a Vite project needs beside them: a .gitignore and the
      // lockfile of its package.json (code-download.spec.ts).
      expect(Object.keys(entries).sort()).toEqual(
        [...files.map((file) => file.path), '.gitignore', 'package-lock.json'].sort(),
      );
      expect(link.fileCount).toBe(files.length);
      expect(link.sizeBytes).toBe(files.reduce((sum, file) => sum + file.size, 0));
      expect(Buffer.from(entries['src/App.tsx']).toString('utf8')).toBe(
        files.find((f) => f.path === 'src/App.tsx')?.content,
      );

      const tampered = link.downloadUrl.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
      const refused = await fetch(`${server.baseUrl}${tampered}`);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as ApiErrorBody).message).toBe(
        'This download link does not work: it has expired, or you logged out. Ask for a new one.',
      );
      const garbage = await fetch(
        `${server.baseUrl}/api/projects/${project.id}/code/download?version=${link.versionId}&token=nope`,
      );
      expect(garbage.status).toBe(403);
      const none = await fetch(`${server.baseUrl}/api/projects/${project.id}/code/download`);
      expect(none.status).toBe(400);
    });
  });

  describe('environment variables', () => {
    it('sets, lists (sorted, decrypted), replaces and deletes variables; the database holds only ciphertext', async () => {
      const { token } = await signUp(server);
      const { project } = await readyProject(server, model, token);
      const env = `/api/projects/${project.id}/env`;

      const empty = await server.request<EnvVariablesResponse>('GET', env, { token });
      expect(z.parse(EnvVariablesResponseSchema, empty.body)).toEqual({ variables: [] });

      const set = await server.request('POST', env, {
        token,
        body: { key: 'WEATHER_KEY', value: 'sk-weather-123' },
      });
      expect(set.status).toBe(200);
      expect(z.parse(EnvVariableSchema, set.body)).toEqual({
        key: 'WEATHER_KEY',
        value: 'sk-weather-123',
      });
      await server.request('POST', env, {
        token,
        body: { key: 'API_URL', value: 'https://api.example.com' },
      });
      await server.request('POST', env, {
        token,
        body: { key: 'WEATHER_KEY', value: 'sk-weather-456' },
      });

      const listed = await server.request<EnvVariablesResponse>('GET', env, { token });
      expect(listed.body).toEqual({
        variables: [
          { key: 'API_URL', value: 'https://api.example.com' },
          { key: 'WEATHER_KEY', value: 'sk-weather-456' },
        ],
      });
      const rows = await server.database.db
        .select()
        .from(envVariables)
        .where(eq(envVariables.projectId, project.id));
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.valueEncrypted).not.toContain('sk-weather');
        expect(row.valueEncrypted).not.toContain('api.example.com');
        expect(Buffer.from(row.valueEncrypted, 'base64').toString('latin1')).not.toContain(
          'sk-weather',
        );
      }

      const removed = await server.request('DELETE', `${env}/API_URL`, { token });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ ok: true });
      expect(
        (await server.request<EnvVariablesResponse>('GET', env, { token })).body.variables.map(
          (v) => v.key,
        ),
      ).toEqual(['WEATHER_KEY']);
      const again = await server.request<ApiErrorBody>('DELETE', `${env}/API_URL`, { token });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('There is no variable API_URL.');
    });
  });

  describe('bad input', () => {
    let token: string;
    let project: Project;
    beforeAll(async () => {
      token = (await signUp(server)).token;
      project = (await readyProject(server, model, token, 'A kept project')).project;
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

    it.each<[string, unknown, string | undefined]>([
      ['an empty description', { description: '' }, 'description'],
      ['a blank description', { description: '  \n\t ' }, 'description'],
      ['no description', { name: 'Nameless' }, 'description'],
      ['an unknown model', { description: 'An app', model: 'GPT_9' }, 'model'],
      ['a blank name', { description: 'An app', name: '   ' }, 'name'],
      [
        'eleven images',
        {
          description: 'An app',
          images: Array.from({ length: 11 }, () => ({
            mediaType: 'image/png',
            content: PIXEL_PNG,
          })),
        },
        'images',
      ],
      [
        'an image that is not base64',
        { description: 'An app', images: [{ mediaType: 'image/png', content: 'not base64!' }] },
        'images.0.content',
      ],
      [
        'an SVG image',
        { description: 'An app', images: [{ mediaType: 'image/svg+xml', content: PIXEL_PNG }] },
        'images.0.mediaType',
      ],
      [
        'an image wider than 1568 px',
        {
          description: 'An app',
          images: [{ mediaType: 'image/png', content: pngOfSize(1569, 2).toString('base64') }],
        },
        'images.0',
      ],
      [
        'a PNG that says it is a JPEG',
        { description: 'An app', images: [{ mediaType: 'image/jpeg', content: PIXEL_PNG }] },
        'images.0',
      ],
      [
        'bytes that are no image',
        {
          description: 'An app',
          images: [{ mediaType: 'image/png', content: Buffer.from('hello').toString('base64') }],
        },
        'images.0',
      ],
      ['an EXTERNAL project', { description: 'An app', type: 'EXTERNAL' }, undefined],
    ])('POST /projects with %s answers 400 and creates nothing', async (_case, body, field) => {
      const before = (await server.as(token).get<ProjectsResponse & ApiErrorBody>('/api/projects'))
        .body.projects.length;
      const response = await server.request<ApiErrorBody>('POST', '/api/projects', { token, body });
      expectClear400(response, field);
      expect(
        (await server.as(token).get<ProjectsResponse & ApiErrorBody>('/api/projects')).body
          .projects,
      ).toHaveLength(before);
      expect(model.requests).toHaveLength(0);
    });

    it('POST /projects asks an EXTERNAL project for the repository to import', async () => {
      const response = await server.request<ApiErrorBody>('POST', '/api/projects', {
        token,
        body: { description: 'An app', type: 'EXTERNAL' },
      });
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors).toEqual({
        repositoryUrl:
          'Enter the address of the repository to import, or pick one from your GitHub account.',
      });
    });

    it('a NUL character in a description or a name answers 400 (PostgreSQL cannot store it), not 500', async () => {
      const before = (await server.as(token).get<ProjectsResponse & ApiErrorBody>('/api/projects'))
        .body.projects.length;
      expectClear400(
        await server.request<ApiErrorBody>('POST', '/api/projects', {
          token,
          body: { description: 'a\u0000b' },
        }),
      );
      expectClear400(
        await server.request<ApiErrorBody>('PUT', `/api/projects/${project.id}`, {
          token,
          body: { name: 'a\u0000b' },
        }),
      );
      expect(
        (await server.as(token).get<ProjectsResponse & ApiErrorBody>('/api/projects')).body
          .projects,
      ).toHaveLength(before);
      expect(
        (await server.as(token).get<Project & ApiErrorBody>(`/api/projects/${project.id}`)).body
          .name,
      ).toBe('Kept Project');
    });

    it.each<[string, unknown, string | undefined]>([
      ['nothing to change', {}, undefined],
      ['a blank name', { name: '  ' }, 'name'],
      ['a name too long', { name: 'x'.repeat(101) }, 'name'],
      ['a name that is not text', { name: 42 }, 'name'],
    ])('PUT /projects/:id with %s answers 400 and changes nothing', async (_case, body, field) => {
      const response = await server.request<ApiErrorBody>('PUT', `/api/projects/${project.id}`, {
        token,
        body,
      });
      expectClear400(response, field);
      expect(
        (await server.as(token).get<Project & ApiErrorBody>(`/api/projects/${project.id}`)).body,
      ).toMatchObject({
        name: 'Kept Project',
        description: 'A kept project',
      });
    });

    it('PUT /projects/:id with nothing to change says what to send', async () => {
      const response = await server.request<ApiErrorBody>('PUT', `/api/projects/${project.id}`, {
        token,
        body: {},
      });
      expect(response.body.message).toBe('Change the name, the description or automatic repair.');
    });

    it.each(['/etc/passwd', '../secret.txt', 'src/../../x', 'src//App.tsx'])(
      'GET files?filePath=%s answers 400',
      async (filePath) => {
        const response = await server
          .as(token)
          .get<ApiErrorBody & ApiErrorBody>(
            `/api/projects/${project.id}/files?filePath=${encodeURIComponent(filePath)}`,
          );
        expectClear400(response, 'filePath');
        expect(response.body.fieldErrors?.['filePath']).toBe(
          'Use a relative path inside the project, like src/App.tsx.',
        );
      },
    );

    const KEY_RULE = 'Use letters, digits and underscores, not starting with a digit.';
    it.each<[string, unknown, string, string | null]>([
      ['a key starting with a digit', { key: '1KEY', value: 'v' }, 'key', KEY_RULE],
      ['a key with a dash', { key: 'MY-KEY', value: 'v' }, 'key', KEY_RULE],
      ['a key with a space', { key: 'MY KEY', value: 'v' }, 'key', KEY_RULE],
      ['an empty key', { key: '', value: 'v' }, 'key', 'Enter a key.'],
      [
        'a key too long',
        { key: `K${'E'.repeat(128)}`, value: 'v' },
        'key',
        'That key is too long.',
      ],
      ['no value', { key: 'KEY' }, 'value', null],
      [
        'a value too long',
        { key: 'KEY', value: 'v'.repeat(32_769) },
        'value',
        'That value is too long.',
      ],
    ])(
      'POST /projects/:id/env with %s answers 400 with the contract’s message and stores nothing',
      async (_case, body, field, message) => {
        const response = await server.request<ApiErrorBody>(
          'POST',
          `/api/projects/${project.id}/env`,
          { token, body },
        );
        expectClear400(response, field);
        if (message) expect(response.body.fieldErrors?.[field]).toBe(message);
        expect(
          (
            await server
              .as(token)
              .get<EnvVariablesResponse & ApiErrorBody>(`/api/projects/${project.id}/env`)
          ).body.variables,
        ).toEqual([]);
      },
    );

    it('DELETE /projects/:id/env/:key with a key that cannot exist answers 400', async () => {
      expectClear400(
        await server.request<ApiErrorBody>('DELETE', `/api/projects/${project.id}/env/not-a-key`, {
          token,
        }),
        'key',
      );
    });

    it.each([
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['GET', '/status'],
      ['GET', '/filepaths'],
      ['GET', '/files'],
      ['GET', '/code'],
      ['GET', '/env'],
      ['POST', '/env'],
    ])('%s /projects/<not an id>%s answers 404', async (method, suffix) => {
      for (const id of ['not-a-uuid', '123', '00000000-0000-0000-0000-000000000000']) {
        const body =
          method === 'PUT'
            ? { name: 'X' }
            : method === 'POST'
              ? { key: 'K', value: 'v' }
              : undefined;
        const response = await server.request<ApiErrorBody>(
          method,
          `/api/projects/${id}${suffix}`,
          { token, body },
        );
        expect(response.status).toBe(404);
        expect(response.body.message).toBe('This project does not exist, or it is not yours.');
      }
      expect(
        (await server.as(token).get<Project & ApiErrorBody>(`/api/projects/${project.id}`)).status,
      ).toBe(200);
    });
  });
});
