import type {
  ApiErrorBody,
  ProjectFilesResponse,
  ProjectPreviewResponse,
  ProjectStatusResponse,
  TaskVersionsResponse,
  VisualEditsResponse,
} from '@mason/contract';
import { signUp } from '../test-utils/accounts';
import { allLogs, createProject, logsOf, sendMessage, waitForTask } from '../test-utils/task-loop';
import { reportPreviewError } from '../test-utils/preview-host';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';

// DESIGN.md: automatic work never undoes a person's work. An automatic repair answers only an
// error of the first render of the assistant's own newest version; any other error waits for
// the person's "Fix with AI" (the console's message), and a repair edits the newest version.

/** The assistant's app: the button at 4:7 is what the person restyles in the preview. */
const BUTTON_APP = `export function App() {
  return (
    <main>
      <button className="bg-blue-600 text-white">Add expense</button>
    </main>
  );
}
`;
const BUTTON = {
  componentName: 'App',
  filePath: 'src/App.tsx',
  line: 4,
  column: 7,
  tagName: 'button',
  page: '/',
};
/** What the console's "Fix with AI" puts in the chat (consoleErrorsMessage). */
const fixWithAi = (error: string) => `Fix these errors from the preview:\n\n1. Error: ${error}`;

describe('automatic repair never undoes a person’s work', () => {
  const env = useScriptedTestApp();

  async function sourceOf(token: string, projectId: string) {
    const files = await env.server.request<ProjectFilesResponse>(
      'GET',
      `/api/projects/${projectId}/files?filePath=src/App.tsx`,
      { token },
    );
    return files.body.files[0]?.content ?? '';
  }

  async function newestPreview(token: string, projectId: string) {
    const preview = await env.server.request<ProjectPreviewResponse & ApiErrorBody>(
      'GET',
      `/api/projects/${projectId}/preview`,
      { token },
    );
    return preview.body;
  }

  /** The assistant's version 1 (BUTTON_APP), then the person's visual edit: a green button. */
  async function greenButtonByThePerson(key: string) {
    const { token } = await signUp(env.server);
    env.model.enqueueFor(
      key,
      { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: BUTTON_APP } }] },
      { text: 'Built it.' },
    );
    const { project, firstTask } = await createProject(env.server, token, `A ${key} tracker`);
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
    const edit = await env.server.request<VisualEditsResponse & ApiErrorBody>(
      'POST',
      `/api/projects/${project.id}/visual-edits`,
      {
        token,
        body: {
          baseVersionId: (await newestPreview(token, project.id)).versionId,
          edits: [
            {
              selectedLayout: BUTTON,
              command: 'UPDATE',
              newClassValue: 'bg-green-600 text-white',
            },
          ],
        },
      },
    );
    expect(edit.status).toBe(200);
    expect(edit.body.version).toMatchObject({ index: 2, origin: 'PERSON' });
    const edited = await sourceOf(token, project.id);
    expect(edited).toContain('bg-green-600');
    expect(edited).not.toContain('bg-blue-600');
    return { token, project, taskId: firstTask.id };
  }

  /** Nothing started by itself: no repair notice, no turn, no model call. */
  async function expectNoRepair(token: string, projectId: string, taskId: string, calls: number) {
    const logs = await allLogs(env.server, token, taskId);
    expect(logsOf(logs, 'ERROR')).toEqual([]);
    const status = await env.server.request<ProjectStatusResponse>(
      'GET',
      `/api/projects/${projectId}/status`,
      { token },
    );
    expect(status.body.activeTaskId).toBeNull();
    expect((await waitForTask(env.server, token, taskId)).state).toBe('COMPLETED');
    expect(env.model.requests.length).toBe(calls);
  }

  it('an error of the person’s visual edit starts no repair; the edit stays; Fix with AI repairs by an edit on top of it', async () => {
    const { token, project, taskId } = await greenButtonByThePerson('green-edit');
    const calls = env.model.requests.length;

    // Version 2 is the person's: even an error as it loads waits for them.
    const preview = await newestPreview(token, project.id);
    expect(await reportPreviewError(env.port, preview.url, 'Error: Render exploded', 'load')).toBe(
      204,
    );
    await expectNoRepair(token, project.id, taskId, calls);
    expect(await sourceOf(token, project.id)).toContain('bg-green-600');

    // The person chooses Fix with AI: the assistant edits the newest version, the edit stays.
    env.model.enqueueFor(
      'green-edit',
      { toolCalls: [{ name: 'read_preview_errors', input: {} }] },
      { toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }] },
      {
        toolCalls: [
          {
            name: 'edit_file',
            input: {
              path: 'src/App.tsx',
              old_string: '<main>',
              new_string: '<main className="p-4">',
            },
          },
        ],
      },
      { text: 'Fixed the crash.' },
    );
    const sent = await sendMessage(env.server, token, taskId, {
      content: fixWithAi('Render exploded'),
    });
    expect(sent.status).toBe(201);
    expect((await waitForTask(env.server, token, taskId)).state).toBe('COMPLETED');
    const logs = await allLogs(env.server, token, taskId);
    const read = logsOf(logs, 'TOOL_RESULT').find((log) => log.payload.toolName === 'read_file');
    expect(read?.content).toContain('bg-green-600');
    const source = await sourceOf(token, project.id);
    expect(source).toContain('<main className="p-4">');
    expect(source).toContain('bg-green-600');
    const versions = await env.server.request<TaskVersionsResponse>(
      'GET',
      `/api/tasks/${taskId}/versions`,
      { token },
    );
    expect(versions.body.versions.map(({ index, origin }) => [index, origin])).toEqual([
      [1, 'ASSISTANT'],
      [2, 'PERSON'],
      [3, 'ASSISTANT'],
    ]);
  });

  it('an error after the load (a click’s) of the assistant’s own version starts no repair by itself', async () => {
    const { token } = await signUp(env.server);
    env.model.enqueueFor(
      'click-error',
      { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: BUTTON_APP } }] },
      { text: 'Built it.' },
    );
    const { project, firstTask } = await createProject(env.server, token, 'A click-error demo');
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
    const calls = env.model.requests.length;
    const preview = await newestPreview(token, project.id);

    expect(
      await reportPreviewError(env.port, preview.url, 'Error: Clicked too hard', 'after-load'),
    ).toBe(204);
    await expectNoRepair(token, project.id, firstTask.id, calls);

    // The error is kept for the assistant: Fix with AI gives it to the turn the person starts.
    env.model.enqueueFor(
      'click-error',
      { toolCalls: [{ name: 'read_preview_errors', input: {} }] },
      { text: 'The click handler threw; fixed.' },
    );
    expect(
      (
        await sendMessage(env.server, token, firstTask.id, {
          content: fixWithAi('Clicked too hard'),
        })
      ).status,
    ).toBe(201);
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
    const logs = await allLogs(env.server, token, firstTask.id);
    const errors = logsOf(logs, 'TOOL_RESULT').find(
      (log) => log.payload.toolName === 'read_preview_errors',
    );
    expect(errors?.content).toContain('Error: Clicked too hard');
    expect(logsOf(logs, 'ERROR')).toEqual([]);
  });

  it('when the assistant’s own version errs as it loads after the person’s edit, the repair edits the newest version and keeps the edit', async () => {
    const { token, project, taskId } = await greenButtonByThePerson('own-error');
    env.model.enqueueFor(
      'own-error',
      {
        toolCalls: [
          {
            name: 'edit_file',
            input: {
              path: 'src/App.tsx',
              old_string: '  return (',
              new_string: "  throw new Error('Title missing');\n  return (",
            },
          },
        ],
      },
      { text: 'Added the title.' },
    );
    expect((await sendMessage(env.server, token, taskId, { content: 'Add a title' })).status).toBe(
      201,
    );
    expect((await waitForTask(env.server, token, taskId)).state).toBe('COMPLETED');
    const preview = await newestPreview(token, project.id);
    expect(preview.versionIndex).toBe(3);

    env.model.enqueueFor(
      'own-error',
      { toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }] },
      {
        toolCalls: [
          {
            name: 'edit_file',
            input: {
              path: 'src/App.tsx',
              old_string: "  throw new Error('Title missing');\n",
              new_string: '',
            },
          },
        ],
      },
      { text: 'Removed the throw.' },
    );
    expect(await reportPreviewError(env.port, preview.url, 'Error: Title missing', 'load')).toBe(
      204,
    );
    const logs = await allLogs(env.server, token, taskId);
    expect(logsOf(logs, 'ERROR').map((log) => log.content)).toEqual([
      'The preview of version 3 stopped with an error: Error: Title missing Fixing it (attempt 1 of 2).',
    ]);
    expect((await waitForTask(env.server, token, taskId)).state).toBe('COMPLETED');

    // The repair read the newest version (the person's green button in it) and changed a line.
    const after = await allLogs(env.server, token, taskId);
    const reads = logsOf(after, 'TOOL_RESULT').filter(
      (log) => log.payload.toolName === 'read_file',
    );
    expect(reads.at(-1)?.content).toContain('bg-green-600');
    const source = await sourceOf(token, project.id);
    expect(source).not.toContain('Title missing');
    expect(source).toContain('bg-green-600');
    const versions = await env.server.request<TaskVersionsResponse>(
      'GET',
      `/api/tasks/${taskId}/versions`,
      { token },
    );
    expect(versions.body.versions.map(({ index, origin }) => [index, origin])).toEqual([
      [1, 'ASSISTANT'],
      [2, 'PERSON'],
      [3, 'ASSISTANT'],
      [4, 'REPAIR'],
    ]);
  });
});
