import { randomBytes } from 'node:crypto';
import type {
  ApiErrorBody,
  ProjectCodeHostingResponse,
  TaskVersionsResponse,
} from '@mason/contract';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import {
  startGitServer,
  startGithubStandIn,
  type GitServer,
  type GithubStandIn,
} from '@mason/server-code-hosting/testing';
import { connectGithub } from '../test-utils/github';
import { signUp, type SignedUp } from '../test-utils/accounts';
import { createProject, scriptedAgent, sendMessage, waitForTask } from '../test-utils/task-loop';
import { startTestApp, type TestApp } from '../test-utils/test-app';
import { eventually } from '../test-utils/waits';

const CLIENT = { clientId: 'Iv1.mason-api', clientSecret: randomBytes(20).toString('hex') };

/**
 * The whole path through Mason's server (PGlite, or PostgreSQL and pg-boss with
 * TEST_DATABASE_URL): a person connects GitHub (the stand-in, through the real code exchange),
 * links a repository, and each version the assistant makes arrives as a commit on a real git
 * server (git http-backend), with the turn's summary and the person as co-author.
 */
describe('a project’s versions pushed to its GitHub repository', () => {
  let model: ScriptedModelServer;
  let gitServer: GitServer;
  let github: GithubStandIn;
  let server: TestApp;
  let ada: SignedUp;

  beforeAll(async () => {
    model = await startScriptedModelServer();
    gitServer = await startGitServer({ acceptToken: (token) => github.liveTokens.has(token) });
    github = await startGithubStandIn({
      ...CLIENT,
      login: 'ada-codes',
      git: gitServer,
      repositories: [{ name: 'counter' }],
    });
    server = await startTestApp({
      agent: scriptedAgent(model),
      github: { ...CLIENT, apiUrl: github.apiUrl },
    });
    ada = await signUp(server);
    await connectGithub(server, ada.token);
  });
  afterAll(async () => {
    await server?.close();
    await github?.close();
    await gitServer?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  const codeHosting = (token: string, projectId: string) =>
    server
      .as(token)
      .get<ProjectCodeHostingResponse & ApiErrorBody>(`/api/projects/${projectId}/code-hosting`);
  const pushed = (projectId: string, versionId: string) =>
    eventually(`version ${versionId} pushed`, async () => {
      const { body } = await codeHosting(ada.token, projectId);
      if (body.sync.state === 'FAILED') throw new Error(`The push failed: ${body.sync.error}`);
      return body.sync.state === 'PUSHED' && body.sync.pushedVersionId === versionId
        ? body
        : undefined;
    });
  const versionsOf = async (taskId: string) =>
    (await server.as(ada.token).get<TaskVersionsResponse>(`/api/tasks/${taskId}/versions`)).body;

  it('pushes the versions of the assistant’s turns as commits: the summary as message, the person as co-author', async () => {
    model.enqueue(
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'src/counter.ts', content: 'export const start = 0;\n' },
          },
        ],
      },
      { text: 'Added the counter.' },
    );
    const { project, firstTask } = await createProject(server, ada.token, 'A counter app');
    expect((await waitForTask(server, ada.token, firstTask.id)).state).toBe('COMPLETED');

    const linked = await server
      .as(ada.token)
      .put<ProjectCodeHostingResponse>(`/api/projects/${project.id}/code-hosting`, {
        fullName: 'ada-codes/counter',
        branch: 'main',
      });
    expect(linked.status).toBe(200);
    expect(linked.body.link).toMatchObject({ fullName: 'ada-codes/counter', branch: 'main' });

    const first = await versionsOf(firstTask.id);
    const newest = first.versions[first.versions.length - 1];
    expect(newest).toBeDefined();
    const done = await pushed(project.id, newest?.versionId ?? '');
    expect(done.sync.pushedCommit).toBe(
      (await gitServer.git('ada-codes/counter', 'rev-parse', 'main')).trim(),
    );
    expect(await gitServer.git('ada-codes/counter', 'show', 'main:src/counter.ts')).toBe(
      'export const start = 0;\n',
    );
    const message = await gitServer.git(
      'ada-codes/counter',
      'log',
      '-1',
      '--format=%an|%s%n%b',
      'main',
    );
    expect(message).toContain(`Mason|${newest?.summary ?? ''}`);
    expect(message).toContain(`Co-authored-by: Ada Lovelace <${ada.email}>`);

    // The next turn's version follows as the next commit.
    model.enqueue(
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'src/counter.ts', content: 'export const start = 10;\n' },
          },
        ],
      },
      { text: 'The counter starts at ten.' },
    );
    const sent = await sendMessage(server, ada.token, firstTask.id, {
      content: 'Start the counter at ten',
    });
    expect(sent.status).toBeLessThan(300);
    await waitForTask(
      server,
      ada.token,
      firstTask.id,
      (task) => task.state === 'COMPLETED' && task.latestVersionId !== newest?.versionId,
    );
    const after = await versionsOf(firstTask.id);
    const next = after.versions[after.versions.length - 1];
    expect(next?.versionId).not.toBe(newest?.versionId);
    await pushed(project.id, next?.versionId ?? '');
    expect(await gitServer.git('ada-codes/counter', 'show', 'main:src/counter.ts')).toBe(
      'export const start = 10;\n',
    );
    const subjects = (await gitServer.git('ada-codes/counter', 'log', '--format=%s', 'main'))
      .split('\n')
      .filter(Boolean);
    expect(subjects.slice(0, 2)).toEqual([next?.summary, newest?.summary]);
    // Mason's answers never carry the token.
    const answer = JSON.stringify((await codeHosting(ada.token, project.id)).body);
    for (const token of github.liveTokens) expect(answer).not.toContain(token);
  });

  it('answers 404 for another person’s project and changes nothing', async () => {
    model.enqueue({ text: 'Ready when you are.' });
    const { project, firstTask } = await createProject(server, ada.token, 'Another app');
    await waitForTask(server, ada.token, firstTask.id);
    const bea = await signUp(server);
    const base = `/api/projects/${project.id}/code-hosting`;
    expect((await server.as(bea.token).get(base)).status).toBe(404);
    expect(
      (await server.as(bea.token).put(base, { fullName: 'ada-codes/counter', branch: 'bea' }))
        .status,
    ).toBe(404);
    expect((await server.as(bea.token).post(`${base}/sync`)).status).toBe(404);
    expect((await codeHosting(ada.token, project.id)).body.link).toBeNull();
  });

  it('answers 404 to GitHub’s webhook on a server without GITHUB_WEBHOOK_SECRET', async () => {
    const response = await fetch(`${server.baseUrl}/api/github/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-github-event': 'push' },
      body: JSON.stringify({ ref: 'refs/heads/main', repository: { id: 1 } }),
    });
    expect(response.status).toBe(404);
  });
});
