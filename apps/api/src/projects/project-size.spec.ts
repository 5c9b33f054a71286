import type { ApiErrorBody, ProjectCodeResponse, ProjectFilePathsResponse } from '@mason/contract';
import { TEMPLATE_FILES } from '@mason/server-workspace';
import { signUp } from '../test-utils/accounts';
import {
  allLogs,
  logsOf,
  readyProject,
  sendMessage,
  uploadStaticFiles,
  waitForTask,
} from '../test-utils/task-loop';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';

const TEMPLATE_BYTES = Object.values(TEMPLATE_FILES).reduce(
  (total, text) => total + Buffer.byteLength(text, 'utf8'),
  0,
);
/** Room for 40 KB beside the starter app. */
const PROJECT_MAX_BYTES = TEMPLATE_BYTES + 40_000;

/** PROJECT_MAX_BYTES bounds a project's newest files and its uploads together. */
describe('the size of a project', () => {
  const env = useScriptedTestApp({ projectMaxBytes: PROJECT_MAX_BYTES });

  const filePaths = async (token: string, projectId: string) =>
    (
      await env.server.request<ProjectFilePathsResponse>(
        'GET',
        `/api/projects/${projectId}/filepaths`,
        {
          token,
        },
      )
    ).body.filePaths;

  it('refuses the assistant a write that would make the project too large, with a reason it can act on', async () => {
    const { token } = await signUp(env.server);
    const { project, task } = await readyProject(env.server, env.model, token);
    env.model.enqueue(
      {
        toolCalls: [
          { name: 'write_file', input: { path: 'src/fits.ts', content: 'x'.repeat(30_000) } },
          { name: 'write_file', input: { path: 'src/too-big.ts', content: 'x'.repeat(20_000) } },
        ],
      },
      { text: 'One of them did not fit.' },
    );
    await sendMessage(env.server, token, task.id, { content: 'Write two files' });
    expect((await waitForTask(env.server, token, task.id)).state).toBe('COMPLETED');

    const results = logsOf(await allLogs(env.server, token, task.id), 'TOOL_RESULT').filter(
      (log) => log.payload.toolName === 'write_file',
    );
    expect(results.map((log) => log.payload.isError)).toEqual([false, true]);
    expect(results[1]?.content).toMatch(
      /^Refused: The project is full: with src\/too-big\.ts it would hold .*, and a project holds at most/,
    );
    const paths = await filePaths(token, project.id);
    expect(paths).toContain('src/fits.ts');
    expect(paths).not.toContain('src/too-big.ts');
  });

  it('refuses an upload that would make the project too large, and stores nothing', async () => {
    const { token } = await signUp(env.server);
    const { project } = await readyProject(env.server, env.model, token);
    const fits = await uploadStaticFiles(env.server, token, project.id, [
      { name: 'a.txt', content: 'a'.repeat(30_000) },
    ]);
    expect(fits.status).toBe(201);
    const tooMuch = await uploadStaticFiles(env.server, token, project.id, [
      { name: 'b.txt', content: 'b'.repeat(20_000) },
    ]);
    expect(tooMuch.status).toBe(413);
    expect((tooMuch.body as ApiErrorBody).message).toMatch(
      /^This project is full: it holds .* of files and uploads, and a project holds at most/,
    );
  });

  it('counts every file of the code download, also two with the same content', async () => {
    const { token } = await signUp(env.server);
    const { project, task } = await readyProject(env.server, env.model, token);
    const twin = 'export const same = 1;\n';
    env.model.enqueue(
      {
        toolCalls: [
          { name: 'write_file', input: { path: 'src/a.ts', content: twin } },
          { name: 'write_file', input: { path: 'src/b.ts', content: twin } },
        ],
      },
      { text: 'Two twins.' },
    );
    await sendMessage(env.server, token, task.id, { content: 'Write twins' });
    await waitForTask(env.server, token, task.id);
    const code = await env.server.request<ProjectCodeResponse>(
      'GET',
      `/api/projects/${project.id}/code`,
      { token },
    );
    expect(code.body.sizeBytes).toBe(TEMPLATE_BYTES + 2 * Buffer.byteLength(twin));
  });
});
