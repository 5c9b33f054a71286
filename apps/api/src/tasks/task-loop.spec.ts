import type {
  Project,
  ProjectFilesResponse,
  TaskLogOf,
  TaskLogsResponse,
  TaskVersionsResponse,
} from '@mason/contract';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import { signUp } from '../test-utils/accounts';
import { startTestApp, type TestApp } from '../test-utils/test-app';
import { allLogs, createProject, scriptedAgent, waitForTask } from '../test-utils/task-loop';

describe('the task loop with a scripted model', () => {
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

  it('builds the described app: the first turn edits files, checks them, and makes version 1', async () => {
    const { token } = await signUp(server);
    model.enqueue(
      { toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }] },
      {
        text: ['I will add ', 'a counter.'],
        toolCalls: [
          {
            name: 'write_file',
            input: {
              path: 'src/components/Counter.tsx',
              content:
                "import { useState } from 'react';\nexport function Counter() {\n  const [n, setN] = useState(0);\n  return <button onClick={() => setN(n + 1)}>{n}</button>;\n}\n",
            },
          },
        ],
      },
      { toolCalls: [{ name: 'check_project', input: {} }] },
      { text: 'Added a counter component.' },
    );
    const { project, firstTask } = await createProject(server, token, 'A counter app');
    expect(firstTask.state).toBe('PENDING');
    expect(project.latestVersionId).not.toBeNull();

    const task = await waitForTask(server, token, firstTask.id);
    expect(task.state).toBe('COMPLETED');

    const logs = await allLogs(server, token, task.id);
    expect(logs.map((log) => log.id)).toEqual(logs.map((_, index) => String(index + 1)));
    expect(logs[0]).toMatchObject({ type: 'USER_MESSAGE', content: 'A counter app' });
    const types = logs.map((log) => log.type);
    expect(types).toEqual(
      expect.arrayContaining(['TOOL_CALL', 'TOOL_RESULT', 'AI_MESSAGE', 'FILE_CHANGE', 'VERSION']),
    );
    const change = logs.find((log) => log.type === 'FILE_CHANGE') as TaskLogOf<'FILE_CHANGE'>;
    expect(change.payload).toMatchObject({ path: 'src/components/Counter.tsx', change: 'CREATED' });
    const check = logs.find(
      (log) => log.type === 'TOOL_RESULT' && log.payload.toolName === 'check_project',
    );
    expect(check?.content).toMatch(/builds/i);

    const versions = await server.request<TaskVersionsResponse>(
      'GET',
      `/api/tasks/${task.id}/versions`,
      { token },
    );
    expect(versions.body.versions).toHaveLength(1);
    expect(versions.body.versions[0]).toMatchObject({ index: 1, taskId: task.id });
    expect(versions.body.versions[0].previewUrl).toMatch(
      new RegExp(`^http://p-${project.id}-v1\\.`),
    );

    const files = await server.request<ProjectFilesResponse>(
      'GET',
      `/api/projects/${project.id}/files?filePath=src/components/Counter.tsx`,
      { token },
    );
    expect(files.body.files[0].content).toContain('export function Counter');
    expect(files.body.versionId).toBe(versions.body.versions[0].versionId);
  });

  it('a turn that changed no file completes as "No changes made" (task, log and project say so) until a turn changes one', async () => {
    const { token } = await signUp(server);
    model.enqueue(
      { text: 'It already does what you describe.' },
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'src/note.ts', content: 'export const note = 1;\n' },
          },
        ],
      },
      { text: 'Added a note.' },
    );
    const { project, firstTask } = await createProject(server, token, 'A quiet app');
    const quiet = await waitForTask(server, token, firstTask.id);
    expect(quiet).toMatchObject({ state: 'COMPLETED', noChanges: true });
    const statuses = (await allLogs(server, token, firstTask.id)).filter(
      (log) => log.type === 'STATUS',
    );
    expect(statuses.at(-1)).toMatchObject({
      content: 'No changes made',
      payload: { state: 'COMPLETED', noChanges: true },
    });
    const card = await server.request<Project>('GET', `/api/projects/${project.id}`, { token });
    // Only the starter (version 0) exists: no change to show on the card yet.
    expect(card.body).toMatchObject({ status: 'READY', noChanges: true, lastChange: null });

    const sent = await server.request('POST', `/api/tasks/${firstTask.id}/logs`, {
      token,
      body: { content: 'Add a note file.' },
    });
    expect(sent.status).toBe(201);
    const changed = await waitForTask(
      server,
      token,
      firstTask.id,
      (task) => task.state === 'COMPLETED' && task.latestVersionId !== quiet.latestVersionId,
    );
    expect(changed).toMatchObject({ state: 'COMPLETED', noChanges: false });
    const after = (await allLogs(server, token, firstTask.id)).filter(
      (log) => log.type === 'STATUS',
    );
    expect(after.at(-1)).toMatchObject({ content: 'Done', payload: { state: 'COMPLETED' } });
    const again = await server.request<Project>('GET', `/api/projects/${project.id}`, { token });
    expect(again.body).toMatchObject({ status: 'READY', noChanges: false });
    expect(again.body.lastChange?.summary).toMatch(/note/i);
    expect(Date.parse(again.body.lastChange?.at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(card.body.createdAt),
    );
  });

  it('answers a poll from the newest entry with nothing new, and the next poll with what came after', async () => {
    const { token } = await signUp(server);
    model.enqueue({ text: 'First answer.' }, { text: 'Second answer.' });
    const { firstTask } = await createProject(server, token, 'A poll test');
    await waitForTask(server, token, firstTask.id);
    const head = (await allLogs(server, token, firstTask.id)).at(-1)?.id ?? '0';
    const poll = () =>
      server.request<TaskLogsResponse>(
        'GET',
        `/api/tasks/${firstTask.id}/logs?afterLogId=${head}`,
        { token },
      );
    // Twice: the first reads the task, the second is answered from what the server knows.
    for (const answer of [await poll(), await poll()]) {
      expect(answer.body).toEqual({ logs: [], hasMoreBefore: true, hasMoreAfter: false });
    }
    const sent = await server.request('POST', `/api/tasks/${firstTask.id}/logs`, {
      token,
      body: { content: 'Again, please.' },
    });
    expect(sent.status).toBe(201);
    const next = await poll();
    expect(next.body.logs[0]).toMatchObject({ id: String(Number(head) + 1), type: 'USER_MESSAGE' });

    // Another user polling the same head learns nothing, not even that the task exists.
    const other = await signUp(server);
    const stranger = await server.request(
      'GET',
      `/api/tasks/${firstTask.id}/logs?afterLogId=${head}`,
      {
        token: other.token,
      },
    );
    expect(stranger.status).toBe(404);
  });
});
