import {
  type ApiErrorBody,
  type Project,
  type ProjectPreviewResponse,
  type ProjectStatusResponse,
} from '@mason/contract';
import { signUp } from '../test-utils/accounts';
import {
  allLogs,
  createProject,
  eventually,
  logsOf,
  requestText,
  waitForTask,
} from '../test-utils/task-loop';
import { reportPreviewError } from '../test-utils/preview-host';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';

const THROWING_APP = `export function App() {
  throw new Error('Render exploded');
}
`;
const FIXED_APP = `export function App() {
  return <h1>Fixed</h1>;
}
`;

describe('the repair loop for runtime errors the preview reports', () => {
  const env = useScriptedTestApp();

  /** What the bridge of an open preview posts when the app throws as the version loads. */
  const reportError = (previewUrl: string, message: string) =>
    reportPreviewError(env.port, previewUrl, message, 'load');

  it('starts a turn that reads the error and fixes it, at most twice after the person’s last message', async () => {
    const { token } = await signUp(env.server);
    env.model.enqueueFor(
      'crashing-app',
      {
        toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: THROWING_APP } }],
      },
      { text: 'Built it.' },
      { toolCalls: [{ name: 'read_preview_errors', input: {} }] },
      { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: FIXED_APP } }] },
      { text: 'Fixed the crash: App threw while rendering.' },
      { text: 'It renders now; I could not reproduce the error.' },
    );
    const { project, firstTask } = await createProject(env.server, token, 'A crashing-app demo');
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
    const preview = await env.server.request<ProjectPreviewResponse & ApiErrorBody>(
      'GET',
      `/api/projects/${project.id}/preview`,
      { token },
    );
    expect(preview.body.versionIndex).toBe(1);

    expect(await reportError(preview.body.url, 'Error: Render exploded')).toBe(204);
    // The repair turn ends by making version 2 (in the transaction that ends the turn).
    await eventually('the repair turn to make version 2', async () => {
      const logs = await allLogs(env.server, token, firstTask.id);
      return logsOf(logs, 'VERSION').some((log) => log.payload.index === 2) ? logs : undefined;
    });
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
    const fixed = await allLogs(env.server, token, firstTask.id);
    const [repair] = logsOf(fixed, 'ERROR');
    expect(repair?.content).toBe(
      'The preview of version 1 stopped with an error: Error: Render exploded Fixing it (attempt 1 of 2).',
    );
    expect(repair?.payload.code).toBe('PREVIEW_RUNTIME_ERROR');
    // The assistant got the error as a message, read it with its tool, and made version 2.
    const repairRequest = env.model.requests.find((request) =>
      requestText(request).includes('reported an error'),
    );
    expect(requestText(repairRequest)).toContain('Render exploded');
    const toolResult = logsOf(fixed, 'TOOL_RESULT').find(
      (log) => log.payload.toolName === 'read_preview_errors',
    );
    expect(toolResult?.content).toContain(
      'Uncaught error in version 1 on page /: Error: Render exploded',
    );
    expect(logsOf(fixed, 'VERSION').map((log) => log.payload.index)).toEqual([1, 2]);

    // The same version reported twice starts one repair only; a second version gets the second
    // attempt; then the loop stops until the person writes again.
    expect(await reportError(preview.body.url, 'Error: still broken')).toBe(204);
    await eventually('the second attempt', async () => {
      const logs = await allLogs(env.server, token, firstTask.id);
      return logsOf(logs, 'AI_MESSAGE').some((log) => log.content.startsWith('It renders now'))
        ? logs
        : undefined;
    });
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
    expect(await reportError(preview.body.url, 'Error: still broken')).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await allLogs(env.server, token, firstTask.id);
    expect(logsOf(after, 'ERROR').map((log) => log.content)).toEqual([
      'The preview of version 1 stopped with an error: Error: Render exploded Fixing it (attempt 1 of 2).',
      'The preview of version 2 stopped with an error: Error: still broken Fixing it (attempt 2 of 2).',
    ]);
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
  });

  it('with automatic repair switched off, says so in the chat and starts no turn', async () => {
    const { token } = await signUp(env.server);
    env.model.enqueueFor(
      'no-repair-app',
      {
        toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: THROWING_APP } }],
      },
      { text: 'Built it.' },
    );
    const { project, firstTask } = await createProject(env.server, token, 'A no-repair-app demo');
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
    const off = await env.server.request<Project & ApiErrorBody>(
      'PUT',
      `/api/projects/${project.id}`,
      {
        token,
        body: { autoRepair: false },
      },
    );
    expect(off.status).toBe(200);
    expect(off.body.autoRepair).toBe(false);
    const preview = await env.server.request<ProjectPreviewResponse & ApiErrorBody>(
      'GET',
      `/api/projects/${project.id}/preview`,
      { token },
    );
    const requestsBefore = env.model.requests.length;

    expect(await reportError(preview.body.url, 'Error: Render exploded')).toBe(204);
    const logs = await eventually('the notice in the chat', async () => {
      const all = await allLogs(env.server, token, firstTask.id);
      return logsOf(all, 'ERROR').length > 0 ? all : undefined;
    });
    expect(logsOf(logs, 'ERROR').map((log) => log.content)).toEqual([
      "The preview of version 1 stopped with an error: Error: Render exploded Automatic repair is off for this project: use Fix with AI in the preview's console, or say what to fix.",
    ]);
    const task = await waitForTask(env.server, token, firstTask.id);
    expect(task).toMatchObject({ state: 'COMPLETED', pauseReason: null });
    // The notice is written in the transaction that decides: no turn was queued with it.
    const status = await env.server.request<ProjectStatusResponse>(
      'GET',
      `/api/projects/${project.id}/status`,
      { token },
    );
    expect(status.body.activeTaskId).toBeNull();
    expect(env.model.requests.length).toBe(requestsBefore);
  });
});
