import type { ProjectFilesResponse, TaskLogOf, TaskVersionsResponse } from '@mason/contract';
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
});
