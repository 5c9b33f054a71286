import fs from 'node:fs';
import path from 'node:path';
import {
  type ApiErrorBody,
  type CreateProjectResponse,
  type EnvVariablesResponse,
  type ProjectFilePathsResponse,
  type ProjectFilesResponse,
  type ProjectsResponse,
  RevertTaskResponseSchema,
  type Task,
  type TaskLog,
  type TaskResponse,
  type TasksResponse,
  type TaskVersionsResponse,
} from '@mason/contract';
import { envVariables } from '@mason/server-db';
import {
  startScriptedModelServer,
  type ScriptedModelServer,
  type ScriptedReply,
} from '@mason/server-agent/testing';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { DEFAULT_TURN_LIMITS } from '@mason/server-config';
import { billingSettingsFromEnv } from '@mason/server-billing';
import { signUp } from '../test-utils/accounts';
import {
  allLogs,
  createProject,
  eventually,
  lastOf,
  logsOf,
  readyProject,
  requestText,
  scriptedAgent,
  sendMessage,
  waitForIdle,
  waitForLog,
  waitForTask,
  withFirstTask,
} from '../test-utils/task-loop';
import { startTestApp, type TestApp, type TestServer } from '../test-utils/test-app';

const GREETING_BROKEN =
  'export function Greeting() {\n  return <p className="greeting">Hello!</p>;\n';
const GREETING = 'export function Greeting() {\n  return <p className="greeting">Hello!</p>;\n}\n';

async function files(server: TestServer, token: string, projectId: string) {
  const response = await server.request<ProjectFilesResponse>(
    'GET',
    `/api/projects/${projectId}/files`,
    { token },
  );
  return Object.fromEntries(response.body.files.map((file) => [file.path, file.content]));
}

async function filePaths(server: TestServer, token: string, projectId: string) {
  return (
    await server.request<ProjectFilePathsResponse>('GET', `/api/projects/${projectId}/filepaths`, {
      token,
    })
  ).body.filePaths;
}

async function versionsOf(server: TestServer, token: string, taskId: string) {
  return (
    await server.request<TaskVersionsResponse>('GET', `/api/tasks/${taskId}/versions`, { token })
  ).body.versions;
}

const toolResults = (logs: readonly TaskLog[], toolName?: string) =>
  logsOf(logs, 'TOOL_RESULT').filter(
    (log) => toolName === undefined || log.payload.toolName === toolName,
  );

describe.each([
  ['Anthropic messages', 'anthropic'],
  ['OpenAI-compatible chat completions', 'openai'],
] as const)('agent scenarios over the %s format', (_label, format) => {
  let model: ScriptedModelServer;
  let server: TestApp;

  beforeAll(async () => {
    model = await startScriptedModelServer();
    server = await startTestApp({
      agent: scriptedAgent(model, format),
      // Some scenarios send megabytes to the model: more than the free plan's credits.
      billing: billingSettingsFromEnv({ PLAN_CREDITS_FREE: '100000' }),
    });
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  it('reads, edits, writes broken code, sees the check fail, repairs it, and ends COMPLETED with one version', async () => {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, model, token);
    const before = await files(server, token, project.id);
    model.reset();
    model.enqueue(
      {
        text: 'Let me look at the app first.',
        toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }],
      },
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'src/components/Greeting.tsx', content: GREETING_BROKEN },
          },
          {
            name: 'edit_file',
            input: {
              path: 'src/App.tsx',
              old_string: "import { Layout } from './components/Layout';",
              new_string:
                "import { Layout } from './components/Layout';\nimport { Greeting } from './components/Greeting';",
            },
          },
          {
            name: 'edit_file',
            input: {
              path: 'src/App.tsx',
              old_string: '<CardContent>',
              new_string: '<Greeting />\n      <CardContent>',
            },
          },
        ],
      },
      { toolCalls: [{ name: 'check_project', input: {} }] },
      {
        text: 'The check found a missing brace; fixing it.',
        toolCalls: [
          { name: 'write_file', input: { path: 'src/components/Greeting.tsx', content: GREETING } },
        ],
      },
      { toolCalls: [{ name: 'check_project', input: {} }] },
      { text: 'Added a greeting to the home page.' },
    );

    expect(
      (await sendMessage(server, token, task.id, { content: 'Greet visitors on the home page' }))
        .status,
    ).toBe(201);
    const done = await waitForTask(server, token, task.id);
    expect(done.state).toBe('COMPLETED');

    const logs = await allLogs(server, token, task.id);
    expect(toolResults(logs).every((log) => !log.payload.isError)).toBe(true);
    expect(toolResults(logs, 'read_file')[0].content).toBe(before['src/App.tsx']);
    const checks = toolResults(logs, 'check_project').map((log) => log.content);
    expect(checks).toHaveLength(2);
    expect(checks[0]).toMatch(
      /^The project does not build: 1 error\.\nsrc\/components\/Greeting\.tsx:\d+:\d+ /,
    );
    expect(checks[1]).toBe('The project builds.');
    // The model saw the error before it repaired the file.
    expect(requestText(model.requests[3])).toContain('The project does not build');

    const changes = logsOf(logs, 'FILE_CHANGE').map((log) => [
      log.payload.path,
      log.payload.change,
    ]);
    expect(changes.sort()).toEqual([
      ['src/App.tsx', 'UPDATED'],
      ['src/components/Greeting.tsx', 'CREATED'],
    ]);
    const versions = await versionsOf(server, token, task.id);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      index: 1,
      summary: 'Added a greeting to the home page.',
      versionId: done.latestVersionId,
    });
    expect(logsOf(logs, 'VERSION').map((log) => log.content)).toEqual([
      'Version 1: Added a greeting to the home page.',
    ]);

    const after = await files(server, token, project.id);
    expect(after['src/components/Greeting.tsx']).toBe(GREETING);
    expect(after['src/App.tsx']).toContain("import { Greeting } from './components/Greeting';");
    expect(after['src/App.tsx']).toContain('<Greeting />\n      <CardContent>');
    expect(model.requests).toHaveLength(6);
  });

  it('makes one version with a FILE_CHANGE entry per file for a change across several files', async () => {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, model, token);
    const before = await filePaths(server, token, project.id);
    model.enqueue(
      {
        text: 'Adding prices.',
        toolCalls: [
          {
            name: 'write_file',
            input: {
              path: 'src/lib/format.ts',
              content: 'export const money = (n: number) => `$${n.toFixed(2)}`;\n',
            },
          },
          {
            name: 'write_file',
            input: {
              path: 'src/components/Price.tsx',
              content:
                "import { money } from '../lib/format';\nexport function Price({ n }: { n: number }) {\n  return <span>{money(n)}</span>;\n}\n",
            },
          },
          {
            name: 'edit_file',
            input: { path: 'src/globals.css', old_string: 'body', new_string: 'body.prices' },
          },
          { name: 'delete_file', input: { path: 'README.md' } },
        ],
      },
      { text: 'Prices are in.' },
    );
    await sendMessage(server, token, task.id, { content: 'Show prices' });
    expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');

    const logs = await allLogs(server, token, task.id);
    // The model's four calls, then Mason's own check of the edited project (it builds).
    expect(toolResults(logs).map((log) => [log.payload.toolName, log.payload.isError])).toEqual([
      ...toolResults(logs)
        .slice(0, 4)
        .map((log) => [log.payload.toolName, false]),
      ['check_project', false],
    ]);
    expect(toolResults(logs, 'check_project').at(-1)?.content).toBe('The project builds.');
    expect(
      logsOf(logs, 'FILE_CHANGE')
        .map((log) => [log.payload.path, log.payload.change])
        .sort(),
    ).toEqual([
      ['README.md', 'DELETED'],
      ['src/components/Price.tsx', 'CREATED'],
      ['src/globals.css', 'UPDATED'],
      ['src/lib/format.ts', 'CREATED'],
    ]);
    const created = logsOf(logs, 'FILE_CHANGE').find(
      (log) => log.payload.path === 'src/components/Price.tsx',
    );
    expect(created?.payload).toMatchObject({ additions: 4, deletions: 0 });
    expect(await versionsOf(server, token, task.id)).toHaveLength(1);
    expect(logsOf(logs, 'VERSION')).toHaveLength(1);
    expect(await filePaths(server, token, project.id)).toEqual(
      [
        ...before.filter((p) => p !== 'README.md'),
        'src/components/Price.tsx',
        'src/lib/format.ts',
      ].sort(),
    );
  });

  it.each([
    [500, 'PROVIDER_ERROR', /had a problem answering \(500\)/, 2],
    [429, 'RATE_LIMITED', /is limiting requests right now \(429\)/, 2],
    [401, 'PROVIDER_AUTH', /refused the API key \(401\)/, 1],
  ])(
    'ends FAILED with an ERROR entry when the provider answers %i, and a resume runs the turn again',
    async (status, code, message, attempts) => {
      const { token } = await signUp(server);
      const { project, task } = await readyProject(server, model, token);
      model.reset();
      model.enqueue({ status }, { status });

      await sendMessage(server, token, task.id, { content: 'Add a footer' });
      const failed = await waitForTask(server, token, task.id);
      expect(failed).toMatchObject({ state: 'FAILED', pauseReason: null });
      expect(model.requests).toHaveLength(attempts);
      const [error] = logsOf(await allLogs(server, token, task.id), 'ERROR');
      expect(error.payload.code).toBe(code);
      expect(error.content).toMatch(message);
      expect(error.content).not.toMatch(/at .+\.(js|ts):\d+|stack/i);
      expect(await versionsOf(server, token, task.id)).toEqual([]);

      await waitForIdle(server, token, project.id);
      model.reset();
      model.enqueue({ text: 'Footer added.' });
      const resumed = await server
        .as(token)
        .post<TaskResponse & ApiErrorBody>(`/api/tasks/${task.id}/resume`);
      expect(resumed.status).toBe(200);
      expect(resumed.body.task).toMatchObject({ state: 'IN_PROGRESS', pauseReason: null });
      expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');
      expect(requestText(model.requests[0])).toContain('The person asked you to try again.');
      expect(requestText(model.requests[0])).toContain('Add a footer');
    },
  );

  it('recovers from a malformed tool call and an unknown tool: the model reads the errors and tries again', async () => {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, model, token);
    model.reset();
    model.enqueue(
      {
        toolCalls: [
          { name: 'write_file', input: '{"path": "src/notes.ts", "content": ' },
          { name: 'format_disk', input: {} },
        ],
      },
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'src/notes.ts', content: 'export const notes = [];\n' },
          },
        ],
      },
      { text: 'Saved the notes module.' },
    );
    await sendMessage(server, token, task.id, { content: 'Add a notes module' });
    expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');

    const results = toolResults(await allLogs(server, token, task.id));
    expect(results.map((log) => [log.payload.toolName, log.payload.isError])).toEqual([
      ['write_file', true],
      ['format_disk', true],
      ['write_file', false],
      // Mason checks the written project itself when the model did not.
      ['check_project', false],
    ]);
    expect(model.requests).toHaveLength(3);
    const second = requestText(model.requests[1]);
    // The model reads the tool's own words; the log says they were a refusal.
    expect(results[0].content).toMatch(/^Refused: /);
    expect(second).toContain(
      results[0].content
        .replace(/^Refused: /, '')
        .slice(0, 40)
        .replace(/"/g, '\\"'),
    );
    expect((await files(server, token, project.id))['src/notes.ts']).toBe(
      'export const notes = [];\n',
    );
  });

  it('refuses paths that leave the project: the model gets an error it can read, nothing is written outside, the turn goes on', async () => {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, model, token);
    const before = await filePaths(server, token, project.id);
    model.reset();
    model.enqueue(
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: '../etc/passwd', content: 'root::0:0::/root:/bin/sh\n' },
          },
          { name: 'write_file', input: { path: '/tmp/mason-escape.txt', content: 'escaped' } },
          { name: 'write_file', input: { path: 'src/../../escape.txt', content: 'escaped' } },
        ],
      },
      { toolCalls: [{ name: 'read_file', input: { path: '../../../../etc/passwd' } }] },
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'src/inside.ts', content: 'export const inside = true;\n' },
          },
        ],
      },
      { text: 'Stayed inside the project.' },
    );
    await sendMessage(server, token, task.id, { content: 'Write some files' });
    expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');

    const results = toolResults(await allLogs(server, token, task.id));
    expect(results.map((log) => log.payload.isError)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(results.at(-1)?.payload.toolName).toBe('check_project');
    expect(results[0].content).toMatch(/^Refused: .*leaves the project/);
    expect(results[1].content).toMatch(/^Refused: .*is absolute/);
    expect(results[2].content).toMatch(/leaves the project/);
    expect(results[3].content).toMatch(/leaves the project/);
    expect(results[3].content).not.toContain('root:');
    expect(requestText(model.requests[1])).toContain('leaves the project');

    expect(await filePaths(server, token, project.id)).toEqual([...before, 'src/inside.ts'].sort());
    const changes = logsOf(await allLogs(server, token, task.id), 'FILE_CHANGE').map(
      (log) => log.payload.path,
    );
    expect(changes).toEqual(['src/inside.ts']);
    expect(fs.existsSync('/tmp/mason-escape.txt')).toBe(false);
    expect(fs.existsSync(path.resolve(process.cwd(), '../escape.txt'))).toBe(false);
    expect(fs.readFileSync('/etc/passwd', 'utf8')).not.toContain('root::0:0::/root:/bin/sh');
  });

  it('keeps a bounded copy of each tool input in the log (the version holds the file), and says Refused for a refusal', async () => {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, model, token);
    model.reset();
    // Just under what write_file takes (WRITE_FILE_MAX_CHARS).
    const big = `export const big = "${'x'.repeat(990_000)}";\n`;
    model.enqueue(
      {
        toolCalls: [
          { name: 'write_file', input: { path: 'src/big.ts', content: big } },
          { name: 'write_file', input: { path: 'NODE_MODULES/evil.js', content: big } },
        ],
      },
      { text: 'Done.' },
    );
    await sendMessage(server, token, task.id, { content: 'Write a big file' });
    expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');

    const logs = await allLogs(server, token, task.id);
    const calls = logsOf(logs, 'TOOL_CALL').filter((log) => log.payload.toolName === 'write_file');
    expect(calls.map((log) => log.content)).toEqual([
      'Writing src/big.ts',
      'Writing NODE_MODULES/evil.js',
    ]);
    for (const call of calls) expect(JSON.stringify(call).length).toBeLessThan(2_000);
    const results = toolResults(logs, 'write_file');
    expect(results.map((log) => log.payload.isError)).toEqual([false, true]);
    expect(results[1].content).toMatch(/^Refused: .*inside node_modules/);
    // A whole page of the log stays small; the file is whole in the version.
    const page = await server.request('GET', `/api/tasks/${task.id}/logs?limit=200`, { token });
    expect(JSON.stringify(page.body).length).toBeLessThan(100_000);
    const file = await server.request<ProjectFilesResponse>(
      'GET',
      `/api/projects/${project.id}/files?filePath=src/big.ts`,
      { token },
    );
    expect(file.body.files[0]?.content).toBe(big);
  });

  it('refuses a path with a NUL byte: the model gets an error it can read and the turn goes on', async () => {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, model, token);
    const before = await filePaths(server, token, project.id);
    model.reset();
    model.enqueue(
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'src/a\u0000b.ts', content: 'export const nul = 1;\n' },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'src/inside.ts', content: 'export const inside = true;\n' },
          },
        ],
      },
      { text: 'Stayed inside the project.' },
    );
    await sendMessage(server, token, task.id, { content: 'Write a file' });
    const done = await waitForTask(server, token, task.id);
    const logs = await allLogs(server, token, task.id);
    expect(logsOf(logs, 'ERROR')).toEqual([]);
    expect(done.state).toBe('COMPLETED');
    const results = toolResults(logs);
    expect(results.map((log) => [log.payload.toolName, log.payload.isError])).toEqual([
      ['write_file', true],
      ['write_file', false],
      ['check_project', false],
    ]);
    expect(results[0].content).toMatch(/NUL byte/);
    expect(requestText(model.requests[1])).toContain('NUL byte');
    expect(await filePaths(server, token, project.id)).toEqual([...before, 'src/inside.ts'].sort());
  });

  it('asks for env variables, stores them encrypted, and continues with a note (never the secret) to the model', async () => {
    const { token } = await signUp(server);
    model.enqueue({
      text: 'The forecast needs two keys.',
      toolCalls: [
        {
          name: 'request_env_variable',
          input: {
            keys: [
              { key: 'WEATHER_KEY', description: 'Your OpenWeather API key' },
              { key: 'MAP_TOKEN', description: 'A Mapbox token' },
            ],
            reason: 'The forecast and the map come from these services.',
          },
        },
      ],
    });
    const { project, firstTask } = await createProject(server, token, 'A weather app with a map');
    const waiting = await waitForTask(server, token, firstTask.id);
    expect(waiting).toMatchObject({ state: 'IN_PROGRESS', pauseReason: 'ENV_VARIABLE' });

    const [request] = logsOf(await allLogs(server, token, firstTask.id), 'NEEDS_ATTENTION');
    expect(request.content).toBe(
      'The app needs WEATHER_KEY, MAP_TOKEN. The forecast and the map come from these services.',
    );
    expect(request.payload).toMatchObject({ reason: 'ENV_VARIABLE', resolved: false });
    const provide = request.payload.actions.find((action) => action.action === 'PROVIDE_VALUES');
    expect(provide?.fields).toEqual([
      { name: 'WEATHER_KEY', label: 'Your OpenWeather API key', secret: true },
      { name: 'MAP_TOKEN', label: 'A Mapbox token', secret: true },
    ]);
    expect(request.payload.actions.map((action) => action.action)).toEqual([
      'PROVIDE_VALUES',
      'REJECT',
    ]);
    await waitForIdle(server, token, project.id);

    model.reset();
    model.enqueue({ text: 'The keys are set; the forecast works now.' });
    const answered = await server
      .as(token)
      .post<TaskResponse & ApiErrorBody>(`/api/tasks/${firstTask.id}/action`, {
        logId: request.id,
        params: {
          action: 'PROVIDE_VALUES',
          values: { WEATHER_KEY: 'ow-secret-123', MAP_TOKEN: 'pk.map-secret-456' },
        },
      });
    expect(answered.status).toBe(200);
    expect(answered.body.task).toMatchObject({ state: 'IN_PROGRESS', pauseReason: null });
    expect((await waitForTask(server, token, firstTask.id)).state).toBe('COMPLETED');

    const env = await server.request<EnvVariablesResponse>(
      'GET',
      `/api/projects/${project.id}/env`,
      { token },
    );
    expect(env.body.variables).toEqual([
      { key: 'MAP_TOKEN', value: 'pk.map-secret-456' },
      { key: 'WEATHER_KEY', value: 'ow-secret-123' },
    ]);
    const rows = await server.database.db
      .select()
      .from(envVariables)
      .where(eq(envVariables.projectId, project.id));
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toMatch(/ow-secret-123|pk\.map-secret-456/);

    const text = requestText(model.requests[0]);
    expect(text).toContain(
      'The person set the environment variables WEATHER_KEY, MAP_TOKEN for this project.',
    );
    expect(text).not.toMatch(/ow-secret-123|pk\.map-secret-456/);
    const logs = await allLogs(server, token, firstTask.id);
    expect(JSON.stringify(logs)).not.toMatch(/ow-secret-123|pk\.map-secret-456/);
    expect(logsOf(logs, 'NEEDS_ATTENTION')[0].payload.resolved).toBe(true);
  });

  it('tells the model the names of the variables set on the screen and where each goes, never a value', async () => {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, model, token, 'A greeting card');
    for (const variable of [
      { key: 'VITE_GREETING', value: 'hello-value-visible-in-app' },
      { key: 'STRIPE_SECRET_KEY', value: 'sk_live_server_only_987' },
    ]) {
      const set = await server.as(token).post(`/api/projects/${project.id}/env`, variable);
      expect(set.status).toBe(200);
    }
    model.reset();
    model.enqueue({ text: 'The greeting reads import.meta.env.VITE_GREETING.' });
    expect(
      (await sendMessage(server, token, task.id, { content: 'Show the greeting' })).status,
    ).toBe(201);
    await waitForTask(server, token, task.id, (current) => current.state === 'COMPLETED');
    const text = requestText(model.requests[0]);
    expect(text).toContain('- VITE_GREETING: read it as import.meta.env.VITE_GREETING');
    expect(text).toContain('- STRIPE_SECRET_KEY: server only, not readable by the app');
    expect(text).not.toMatch(/hello-value-visible-in-app|sk_live_server_only_987/);
  });

  it('pauses during a slow answer: the files written so far are kept as a version, and resume continues', async () => {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, model, token);
    model.reset();
    model.enqueue(
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'src/draft.ts', content: 'export const draft = 1;\n' },
          },
        ],
      },
      { text: ['Now ', 'the ', 'slow ', 'part ', 'of ', 'the ', 'work.'], delayMs: 1500 },
    );
    await sendMessage(server, token, task.id, { content: 'Start a draft' });
    await waitForLog(
      server,
      token,
      task.id,
      (log) => log.type === 'TOOL_RESULT' && log.payload.toolName === 'write_file',
    );
    await eventually('the second model request', async () =>
      model.requests.length >= 2 ? true : undefined,
    );

    const paused = await server
      .as(token)
      .post<TaskResponse & ApiErrorBody>(`/api/tasks/${task.id}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body.task).toMatchObject({ state: 'IN_PROGRESS', pauseReason: 'MANUAL' });
    await waitForIdle(server, token, project.id);

    const stopped = await waitForTask(server, token, task.id);
    expect(stopped).toMatchObject({ state: 'IN_PROGRESS', pauseReason: 'MANUAL' });
    const versions = await versionsOf(server, token, task.id);
    expect(versions).toHaveLength(1);
    expect(stopped.latestVersionId).toBe(versions[0].versionId);
    expect((await files(server, token, project.id))['src/draft.ts']).toBe(
      'export const draft = 1;\n',
    );
    const logs = await allLogs(server, token, task.id);
    expect(logsOf(logs, 'AI_MESSAGE').map((log) => log.content)).not.toContain(
      'Now the slow part of the work.',
    );

    model.reset();
    model.enqueue({ text: 'Picking up where I stopped.' });
    expect(
      (await server.as(token).post<TaskResponse & ApiErrorBody>(`/api/tasks/${task.id}/resume`))
        .status,
    ).toBe(200);
    expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');
    const resumedRequest = requestText(model.requests[0]);
    expect(resumedRequest).toContain('The person paused you and has now resumed.');
    expect(resumedRequest).toContain('src/draft.ts');
    expect(await versionsOf(server, token, task.id)).toHaveLength(1);
  });

  it('reverts to an earlier version by making a new version equal to it; nothing is lost', async () => {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, model, token);
    const original = await files(server, token, project.id);
    model.enqueue(
      {
        toolCalls: [
          {
            name: 'edit_file',
            input: {
              path: 'src/App.tsx',
              old_string: 'Your app starts here',
              new_string: 'Welcome to Recipes',
            },
          },
          {
            name: 'write_file',
            input: { path: 'src/recipes.ts', content: 'export const recipes = [];\n' },
          },
        ],
      },
      { text: 'Renamed the home page.' },
    );
    await sendMessage(server, token, task.id, { content: 'Call it Recipes' });
    const changed = await waitForTask(server, token, task.id);
    const edited = await files(server, token, project.id);
    expect(edited['src/App.tsx']).toContain('Welcome to Recipes');

    const reverted = await server
      .as(token)
      .post<TaskResponse & ApiErrorBody>(`/api/tasks/${task.id}/revert`, {
        versionId: project.latestVersionId,
      });
    expect(reverted.status).toBe(200);
    const body = z.parse(RevertTaskResponseSchema, reverted.body);
    expect(body.version).toMatchObject({
      index: 2,
      taskId: task.id,
      summary: 'Reverted to version 0',
      projectId: project.id,
    });
    expect(body.task).toMatchObject({
      state: 'COMPLETED',
      latestVersionId: body.version.versionId,
    });
    // The version that was the newest before: Undo reverts to it.
    expect(body.previous).toMatchObject({ versionId: changed.latestVersionId, index: 1 });
    expect(await files(server, token, project.id)).toEqual(original);

    const versions = await versionsOf(server, token, task.id);
    expect(versions.map((version) => version.index)).toEqual([1, 2]);
    const versionLogs = logsOf(await allLogs(server, token, task.id), 'VERSION');
    expect(versionLogs.at(-1)).toMatchObject({
      content: 'Version 2: reverted to version 0',
      payload: { versionId: body.version.versionId, index: 2 },
    });
    expect(versions[1].logId).toBe(lastOf(versionLogs).id);

    // The version it replaced is still there: reverting to it brings the edit back.
    const again = await server
      .as(token)
      .post<TaskResponse & ApiErrorBody>(`/api/tasks/${task.id}/revert`, {
        versionId: body.previous?.versionId,
      });
    expect(again.status).toBe(200);
    expect(await files(server, token, project.id)).toEqual(edited);
    expect((await versionsOf(server, token, task.id)).map((version) => version.index)).toEqual([
      1, 2, 3,
    ]);
    expect(model.requests).toHaveLength(3);
  });
});

describe('OpenRouter', () => {
  let model: ScriptedModelServer;
  let server: TestApp;

  beforeAll(async () => {
    model = await startScriptedModelServer();
    server = await startTestApp({
      agent: { openrouter: { apiKey: 'test-key', baseUrl: model.openrouterBaseUrl } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  it('a refused key (401) needs attention (OPEN_ROUTER_INVALID_KEY); the RETRY action runs the turn again', async () => {
    const { token } = await signUp(server);
    model.enqueue({ status: 401 });
    const { project, firstTask } = await createProject(server, token, 'A quiz app');
    const waiting = await waitForTask(server, token, firstTask.id);
    expect(waiting).toMatchObject({ state: 'IN_PROGRESS', pauseReason: 'OPEN_ROUTER_INVALID_KEY' });
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]).toMatchObject({
      format: 'openai',
      path: '/openrouter/api/v1/chat/completions',
    });
    expect((model.requests[0].body as { model: string }).model).toBe('anthropic/claude-sonnet-4.5');

    const [request] = logsOf(await allLogs(server, token, firstTask.id), 'NEEDS_ATTENTION');
    expect(request.content).toMatch(
      /OpenRouter refused the API key\. Set a valid OPENROUTER_API_KEY/,
    );
    expect(request.payload.actions.map((action) => action.action)).toEqual(['RETRY']);
    await waitForIdle(server, token, project.id);

    model.enqueue({ text: 'Working now.' });
    const retried = await server
      .as(token)
      .post<TaskResponse & ApiErrorBody>(`/api/tasks/${firstTask.id}/action`, {
        logId: request.id,
        params: { action: 'RETRY' },
      });
    expect(retried.status).toBe(200);
    expect((await waitForTask(server, token, firstTask.id)).state).toBe('COMPLETED');
    expect(model.requests).toHaveLength(2);
  });

  it('no credits (402) needs attention (OPEN_ROUTER_NO_CREDITS); resume retries', async () => {
    const { token } = await signUp(server);
    model.enqueue({ status: 402 });
    const { project, firstTask } = await createProject(server, token, 'A quiz app');
    expect(await waitForTask(server, token, firstTask.id)).toMatchObject({
      state: 'IN_PROGRESS',
      pauseReason: 'OPEN_ROUTER_NO_CREDITS',
    });
    const [request] = logsOf(await allLogs(server, token, firstTask.id), 'NEEDS_ATTENTION');
    expect(request.content).toMatch(/no credits left\. Add credits at openrouter\.ai/);
    await waitForIdle(server, token, project.id);

    model.enqueue({ text: 'Thanks for topping up.' });
    expect(
      (
        await server
          .as(token)
          .post<TaskResponse & ApiErrorBody>(`/api/tasks/${firstTask.id}/resume`)
      ).status,
    ).toBe(200);
    expect((await waitForTask(server, token, firstTask.id)).state).toBe('COMPLETED');
  });
});

describe('the approval threshold', () => {
  let model: ScriptedModelServer;
  let server: TestApp;

  beforeAll(async () => {
    model = await startScriptedModelServer();
    server = await startTestApp({
      agent: scriptedAgent(model),
      turnLimits: { ...DEFAULT_TURN_LIMITS, approvalSteps: 2 },
    });
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  async function stoppedAtThreshold(token: string) {
    const { project, task } = await readyProject(server, model, token);
    model.reset();
    model.enqueue(
      { toolCalls: [{ name: 'list_files', input: {} }] },
      { toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }] },
      { text: 'This reply must wait for the approval.' },
    );
    await sendMessage(server, token, task.id, { content: 'Look around' });
    const waiting = await waitForTask(server, token, task.id);
    expect(waiting).toMatchObject({ state: 'IN_PROGRESS', pauseReason: 'APPROVAL_THRESHOLD' });
    expect(model.requests).toHaveLength(2);
    const [request] = logsOf(await allLogs(server, token, task.id), 'NEEDS_ATTENTION');
    expect(request.content).toMatch(
      /^I have used 2 steps and [\d,]+ tokens on this so far and I am not done yet\. Continue\?$/,
    );
    expect(request.payload.actions.map((action) => action.action)).toEqual(['CONTINUE', 'REJECT']);
    await waitForIdle(server, token, project.id);
    return { task, request };
  }

  it('stops after the configured steps and asks; CONTINUE runs another turn', async () => {
    const { token } = await signUp(server);
    const { task, request } = await stoppedAtThreshold(token);
    const answered = await server
      .as(token)
      .post<TaskResponse & ApiErrorBody>(`/api/tasks/${task.id}/action`, {
        logId: request.id,
        params: { action: 'CONTINUE' },
      });
    expect(answered.status).toBe(200);
    expect(answered.body.task).toMatchObject({ state: 'IN_PROGRESS', pauseReason: null });
    expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');
    expect(model.requests).toHaveLength(3);
    expect(requestText(model.requests[2])).toContain('The person said to go on.');
  });

  it('REJECT ends the task without another turn', async () => {
    const { token } = await signUp(server);
    const { task, request } = await stoppedAtThreshold(token);
    const answered = await server
      .as(token)
      .post<TaskResponse & ApiErrorBody>(`/api/tasks/${task.id}/action`, {
        logId: request.id,
        params: { action: 'REJECT' },
      });
    expect(answered.body.task).toMatchObject({ state: 'COMPLETED', pauseReason: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(model.requests).toHaveLength(2);
  });
});

describe('credit budgets', () => {
  /** Tokens in of the default model (300 cents a million) that cost the free plan's 3 credits. */
  const FREE_BUDGET = 10_000;
  const FREE_CREDITS = 3;
  let model: ScriptedModelServer;
  let server: TestApp;
  const small = { inputTokens: 100, outputTokens: 20 };

  beforeAll(async () => {
    model = await startScriptedModelServer();
    server = await startTestApp({
      agent: scriptedAgent(model),
      billing: billingSettingsFromEnv({ PLAN_CREDITS_FREE: String(FREE_CREDITS) }),
    });
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  const nextMonthUtc = () => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
  };

  it('stops a turn that spends the budget (NO_CREDITS), then refuses new work with 403 Usage limit reached', async () => {
    const { token } = await signUp(server);
    const big: ScriptedReply = {
      toolCalls: [{ name: 'list_files', input: {} }],
      usage: { inputTokens: FREE_BUDGET, outputTokens: 10 },
    };
    model.enqueue({ text: 'Ready.', usage: small }, big, big, big, {
      text: 'Should not be reached.',
      usage: small,
    });
    const { project, firstTask } = await createProject(server, token, 'A budget app');
    const firstDone = await waitForTask(server, token, firstTask.id);
    expect(firstDone.state).toBe('COMPLETED');

    await sendMessage(server, token, firstTask.id, { content: 'Do a lot of work' });
    const stopped = await waitForTask(server, token, firstTask.id);
    expect(stopped).toMatchObject({ state: 'IN_PROGRESS', pauseReason: 'NO_CREDITS' });
    const [request] = logsOf(await allLogs(server, token, firstTask.id), 'NEEDS_ATTENTION');
    expect(request.content).toBe(
      'Your credits have run out, so the assistant stopped. It goes on when you have credits again: upgrade your plan or buy credits.',
    );
    expect(model.pending).toBeGreaterThan(0);
    await waitForIdle(server, token, project.id);

    const projectsBefore = (
      await server.request<ProjectsResponse>('GET', '/api/projects', { token })
    ).body.projects.length;
    const tasksBefore = (await server.request<TasksResponse>('GET', '/api/tasks', { token })).body
      .tasks.length;
    const logsBefore = (await allLogs(server, token, firstTask.id)).length;
    const refusals = [
      await server.request<ApiErrorBody>('POST', '/api/tasks', {
        token,
        body: { projectId: project.id, description: 'More' },
      }),
      await sendMessage(server, token, firstTask.id, { content: 'Keep going' }),
      await server.request<ApiErrorBody>('POST', '/api/projects', {
        token,
        body: { description: 'Another app' },
      }),
      await server.as(token).post<TaskResponse & ApiErrorBody>(`/api/tasks/${firstTask.id}/resume`),
      await server
        .as(token)
        .post<TaskResponse & ApiErrorBody>(`/api/tasks/${firstTask.id}/action`, {
          logId: request.id,
          params: { action: 'RETRY' },
        }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(refusal.body).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Usage limit reached',
        limitResetDate: nextMonthUtc(),
      });
    }
    expect(
      (await server.request<ProjectsResponse>('GET', '/api/projects', { token })).body.projects,
    ).toHaveLength(projectsBefore);
    expect(
      (await server.request<TasksResponse>('GET', '/api/tasks', { token })).body.tasks,
    ).toHaveLength(tasksBefore);
    expect((await allLogs(server, token, firstTask.id)).length).toBe(logsBefore);
    expect((await waitForTask(server, token, firstTask.id)).pauseReason).toBe('NO_CREDITS');
  });

  it('counts each person’s budget on its own', async () => {
    const spender = await signUp(server);
    model.enqueue({ text: 'Expensive.', usage: { inputTokens: FREE_BUDGET + 1, outputTokens: 0 } });
    const first = await createProject(server, spender.token, 'An expensive app');
    await waitForTask(server, spender.token, first.firstTask.id);
    const refused = await server.request<ApiErrorBody>('POST', '/api/projects', {
      token: spender.token,
      body: { description: 'Again' },
    });
    expect(refused.status).toBe(403);

    const other = await signUp(server);
    model.enqueue({ text: 'Cheap.', usage: small });
    const created = await server.request<CreateProjectResponse>('POST', '/api/projects', {
      token: other.token,
      body: { description: 'A cheap app' },
    });
    expect(created.status).toBe(201);
    const done: Task = await waitForTask(
      server,
      other.token,
      withFirstTask(created.body).firstTask.id,
    );
    expect(done.state).toBe('COMPLETED');
  });
});
