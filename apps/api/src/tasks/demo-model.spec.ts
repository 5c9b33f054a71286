import {
  CreateProjectResponseSchema,
  ModelsResponseSchema,
  type CreateProjectResponse,
  type ModelsResponse,
  type ProjectFilesResponse,
  type ProjectPreviewResponse,
  type TaskLogOf,
  type VisualEditsResponse,
} from '@mason/contract';
import * as z from 'zod/mini';
import { signUp } from '../test-utils/accounts';
import { startTestApp, type TestApp } from '../test-utils/test-app';
import { allLogs, sendMessage, waitForTask, withFirstTask } from '../test-utils/task-loop';

// A server with no AI provider set up (no keys, no LLM_BASE_URL), as `npm start` on a fresh
// machine: the offline demo model lets a newcomer see the whole loop.
describe('the offline demo model on a server without provider keys', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is offered (runnable) beside the seven, with the variables that turn on real models', async () => {
    const response = await server.request<ModelsResponse>('GET', '/api/models');
    expect(response.status).toBe(200);
    const { models, setupHint } = z.parse(ModelsResponseSchema, response.body);
    expect(models.filter((m) => m.available)).toEqual([
      { model: 'DEMO', label: 'Demo (offline)', provider: 'demo', available: true },
    ]);
    expect(models).toHaveLength(8);
    expect(setupHint).toMatch(/ANTHROPIC_API_KEY.*OPENROUTER_API_KEY/);
  });

  it('builds a project whose caller names no model: the demo is the one that runs here', async () => {
    const { token } = await signUp(server);
    const created = await server.request<CreateProjectResponse>('POST', '/api/projects', {
      token,
      body: { description: 'A packing list with Tent and Stove' },
    });
    expect(created.status).toBe(201);
    const { firstTask } = withFirstTask(z.parse(CreateProjectResponseSchema, created.body));
    const task = await waitForTask(server, token, firstTask.id);
    expect(task).toMatchObject({ state: 'COMPLETED', model: 'DEMO', noChanges: false });
  });

  it('builds a small app from the description, as a version, and charges nothing', async () => {
    const { token } = await signUp(server);
    const created = await server.request<CreateProjectResponse>('POST', '/api/projects', {
      token,
      body: { description: 'A reading list with Dune, Emma and Ulysses', model: 'DEMO' },
    });
    expect(created.status).toBe(201);
    const { project, firstTask } = withFirstTask(
      z.parse(CreateProjectResponseSchema, created.body),
    );
    expect(project.name).toBe('Reading List');

    const task = await waitForTask(server, token, firstTask.id);
    expect(task).toMatchObject({ state: 'COMPLETED', model: 'DEMO', noChanges: false });
    const files = await server.request<ProjectFilesResponse>(
      'GET',
      `/api/projects/${project.id}/files?filePath=src/App.tsx`,
      { token },
    );
    expect(files.body.files[0].content).toContain('const TITLE = "Reading List";');
    expect(files.body.files[0].content).toContain('["Dune", "Emma", "Ulysses"]');

    const logs = await allLogs(server, token, task.id);
    const check = logs.find(
      (log) => log.type === 'TOOL_RESULT' && log.payload.toolName === 'check_project',
    );
    expect(check?.content).toMatch(/^The project builds/);
    expect(logs.filter((log) => log.type === 'VERSION')).toHaveLength(1);
    const costs = logs.filter((log): log is TaskLogOf<'TURN_COST'> => log.type === 'TURN_COST');
    expect(costs.every((log) => log.payload.chargedCredits === 0)).toBe(true);

    // A follow-up names more items: they are added to the app.
    const sent = await server.request('POST', `/api/tasks/${task.id}/logs`, {
      token,
      body: { content: 'Add Beloved and Middlemarch' },
    });
    expect(sent.status).toBe(201);
    await waitForTask(
      server,
      token,
      task.id,
      (next) => next.state === 'COMPLETED' && next.latestVersionId !== task.latestVersionId,
    );
    const after = await server.request<ProjectFilesResponse>(
      'GET',
      `/api/projects/${project.id}/files?filePath=src/App.tsx`,
      { token },
    );
    expect(after.body.files[0].content).toContain(
      '["Dune", "Emma", "Ulysses", "Beloved", "Middlemarch"]',
    );
  });

  it('asked to fix an error after the person’s visual edit, repairs by an edit or not at all: the edit stays', async () => {
    const { token } = await signUp(server);
    const created = await server.request<CreateProjectResponse>('POST', '/api/projects', {
      token,
      body: { description: 'An expense tracker with rent and food', model: 'DEMO' },
    });
    const { project, firstTask } = withFirstTask(
      z.parse(CreateProjectResponseSchema, created.body),
    );
    expect((await waitForTask(server, token, firstTask.id)).state).toBe('COMPLETED');
    const appSource = async () =>
      (
        await server.request<ProjectFilesResponse>(
          'GET',
          `/api/projects/${project.id}/files?filePath=src/App.tsx`,
          { token },
        )
      ).body.files[0].content;

    // The person makes the title green in the preview: a version of theirs.
    const lines = (await appSource()).split('\n');
    const line = lines.findIndex((text) => text.includes('<h1 '));
    const preview = await server.request<ProjectPreviewResponse>(
      'GET',
      `/api/projects/${project.id}/preview`,
      { token },
    );
    const edited = await server.request<VisualEditsResponse>(
      'POST',
      `/api/projects/${project.id}/visual-edits`,
      {
        token,
        body: {
          baseVersionId: preview.body.versionId,
          edits: [
            {
              selectedLayout: {
                componentName: 'App',
                filePath: 'src/App.tsx',
                line: line + 1,
                column: lines[line].indexOf('<h1') + 1,
                tagName: 'h1',
                page: '/',
              },
              command: 'UPDATE',
              newClassValue: 'text-3xl font-bold tracking-tight text-green-600',
            },
          ],
        },
      },
    );
    expect(edited.status).toBe(200);
    expect(await appSource()).toContain('text-green-600');

    // Fix with AI on an error the app's code does not throw: the demo reads, changes nothing.
    const sent = await server.request('POST', `/api/tasks/${firstTask.id}/logs`, {
      token,
      body: { content: 'Fix these errors from the preview:\n\n1. Error: Uncaught Error: Boom' },
    });
    expect(sent.status).toBe(201);
    const task = await waitForTask(server, token, firstTask.id);
    expect(task).toMatchObject({
      state: 'COMPLETED',
      latestVersionId: edited.body.version.versionId,
    });
    const source = await appSource();
    expect(source).toContain('text-green-600');
    expect(source).not.toMatch(/boom|error/i);
    const logs = await allLogs(server, token, firstTask.id);
    const tools = logs.filter((log) => log.type === 'TOOL_CALL').map((log) => log.payload.toolName);
    expect(tools.slice(-1)).toEqual(['read_file']);
    expect(logs.filter((log) => log.type === 'AI_MESSAGE').at(-1)?.content).toContain(
      'changed nothing',
    );

    // A follow-up that names more items adds them by an edit of the list line: still green.
    const more = await sendMessage(server, token, firstTask.id, {
      content: 'Add travel and gifts',
    });
    expect(more.status).toBe(201);
    const followedUp = await waitForTask(
      server,
      token,
      firstTask.id,
      (next) =>
        next.state === 'COMPLETED' && next.latestVersionId !== edited.body.version.versionId,
    );
    expect(followedUp.state).toBe('COMPLETED');
    const grown = await appSource();
    expect(grown).toContain('const FIRST_ITEMS = ["Rent", "Food", "Travel", "Gifts"];');
    expect(grown).toContain('text-3xl font-bold tracking-tight text-green-600');
    const followUpTools = (await allLogs(server, token, firstTask.id))
      .filter((log) => log.type === 'TOOL_CALL')
      .map((log) => log.payload.toolName)
      .slice(tools.length);
    expect(followUpTools).toEqual(['read_file', 'edit_file', 'check_project']);
  });
});
