import type { Project } from '@mason/contract';
import { signUp } from '../test-utils/accounts';
import { allLogs, createProject, logsOf, requestText, waitForTask } from '../test-utils/task-loop';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';

// name_project: on a project's first turn, while the project has the name Mason made from its
// description, the assistant gives it a short name.
describe('the assistant names a new project', () => {
  const env = useScriptedTestApp();

  const projectOf = async (token: string, id: string) =>
    (await env.server.request<Project>('GET', `/api/projects/${id}`, { token })).body;

  it('renames a project made from a description, with at most four words', async () => {
    const { token } = await signUp(env.server);
    env.model.enqueueFor(
      'bookshelf',
      { toolCalls: [{ name: 'name_project', input: { name: 'A very long name for this app' } }] },
      { toolCalls: [{ name: 'name_project', input: { name: 'Shelf Life' } }] },
      { text: 'Named it.' },
    );
    const { project, firstTask } = await createProject(
      env.server,
      token,
      'A bookshelf tracker for the books I read',
    );
    expect(project.name).toBe('Bookshelf Tracker Books Read');
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
    expect((await projectOf(token, project.id)).name).toBe('Shelf Life');

    const results = logsOf(await allLogs(env.server, token, firstTask.id), 'TOOL_RESULT');
    expect(results.map((log) => [log.payload.isError, log.content])).toEqual([
      [true, expect.stringContaining('At most 4 words.')],
      [false, 'The project is named “Shelf Life”.'],
    ]);
    // The model was asked to, and offered the tool.
    expect(requestText(env.model.requests[0])).toContain('name_project');
    expect(requestText(env.model.requests[0])).toContain('still has the name Mason made');
  });

  it('is not offered when the person named the project, nor on later turns', async () => {
    const { token } = await signUp(env.server);
    env.model.enqueueFor('named-by-person', { text: 'Ready.' }, { text: 'Still ready.' });
    const created = await env.server.request<{ project: Project; firstTask: { id: string } }>(
      'POST',
      '/api/projects',
      { token, body: { description: 'A named-by-person app', name: 'My Own Name' } },
    );
    expect(created.status).toBe(201);
    const { project, firstTask } = created.body;
    await waitForTask(env.server, token, firstTask.id);
    expect(requestText(env.model.requests.at(-1))).not.toContain('name_project');
    expect((await projectOf(token, project.id)).name).toBe('My Own Name');
  });
});
