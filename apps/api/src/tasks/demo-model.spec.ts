import {
  CreateProjectResponseSchema,
  ModelsResponseSchema,
  type CreateProjectResponse,
  type ModelsResponse,
  type ProjectFilesResponse,
  type TaskLogOf,
} from '@mason/contract';
import * as z from 'zod/mini';
import { signUp } from '../test-utils/accounts';
import { startTestApp, type TestApp } from '../test-utils/test-app';
import { allLogs, waitForTask, withFirstTask } from '../test-utils/task-loop';

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
});
