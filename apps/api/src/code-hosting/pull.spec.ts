import { execFile } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type {
  Project,
  ProjectCodeHostingResponse,
  ProjectFilesResponse,
  RevertTaskResponse,
  TaskVersionsResponse,
} from '@mason/contract';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import {
  pushOutsideCommits,
  startGitServer,
  startGithubStandIn,
  type GitServer,
  type GithubStandIn,
} from '@mason/server-code-hosting/testing';
import { connectGithub } from '../test-utils/github';
import { signUp, subscribe, type SignedUp } from '../test-utils/accounts';
import {
  allLogs,
  createProject,
  scriptedAgent,
  sendMessage,
  waitForTask,
} from '../test-utils/task-loop';
import { startTestApp, type TestApp } from '../test-utils/test-app';
import { eventually } from '../test-utils/waits';

const run = promisify(execFile);
const CLIENT = { clientId: 'Iv1.mason-pull', clientSecret: randomBytes(20).toString('hex') };
const WEBHOOK_SECRET = randomBytes(24).toString('hex');
const REPOSITORIES = ['pulled', 'hooked', 'paused', 'conflicting', 'merged'];

/**
 * Commits made outside Mason come back (PGlite, or PostgreSQL and pg-boss with
 * TEST_DATABASE_URL): "Ada" pushes with the `git` CLI to a real git server (git http-backend), and
 * Mason pulls her commits as a version on sync, on GitHub's signed webhook, and when a task
 * continues after a USER_COMMIT pause; a diverged history keeps both sides.
 */
describe('commits made outside Mason', () => {
  let model: ScriptedModelServer;
  let gitServer: GitServer;
  let github: GithubStandIn;
  let server: TestApp;
  let ada: SignedUp;
  /** What the server logged (info and up): never a token or the webhook secret. */
  const logs: string[] = [];

  beforeAll(async () => {
    model = await startScriptedModelServer();
    gitServer = await startGitServer({ acceptToken: (token) => github.liveTokens.has(token) });
    github = await startGithubStandIn({
      ...CLIENT,
      login: 'ada-codes',
      git: gitServer,
      repositories: REPOSITORIES.map((name) => ({ name })),
    });
    server = await startTestApp(
      {
        agent: scriptedAgent(model),
        github: { ...CLIENT, apiUrl: github.apiUrl, webhookSecret: WEBHOOK_SECRET },
      },
      { logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } },
    );
    ada = await signUp(server);
    // One project a test: more than the free plan's three.
    await subscribe(server, ada.token, 'PRO');
    await connectGithub(server, ada.token);
  });
  afterAll(async () => {
    await server?.close();
    await github?.close();
    await gitServer?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  const token = () => [...github.liveTokens][0] ?? '';
  const codeHosting = async (projectId: string) =>
    (
      await server
        .as(ada.token)
        .get<ProjectCodeHostingResponse>(`/api/projects/${projectId}/code-hosting`)
    ).body;
  const projectOf = async (projectId: string) =>
    (await server.as(ada.token).get<Project>(`/api/projects/${projectId}`)).body;
  const filesOf = async (projectId: string) => {
    const { body } = await server
      .as(ada.token)
      .get<ProjectFilesResponse>(`/api/projects/${projectId}/files`);
    return new Map(body.files.map((file) => [file.path, file.content]));
  };
  const head = async (repository: string) =>
    (await gitServer.git(`ada-codes/${repository}`, 'rev-parse', 'main')).trim();
  /** Waits until the sync answer holds (a failure other than the one expected fails). */
  const syncState = (projectId: string, done: (answer: ProjectCodeHostingResponse) => boolean) =>
    eventually(`the sync of ${projectId}`, async () => {
      const answer = await codeHosting(projectId);
      return done(answer) ? answer : undefined;
    });
  const writeTurn = (filePath: string, content: string, text: string) =>
    model.enqueue(
      { toolCalls: [{ name: 'write_file', input: { path: filePath, content } }] },
      { text },
    );

  /** A project whose assistant wrote src/counter.ts, linked to `repository` and pushed. */
  async function linkedProject(repository: string) {
    writeTurn('src/counter.ts', 'export const start = 0;\n', 'Added the counter.');
    const { project, firstTask } = await createProject(server, ada.token, `A ${repository} app`);
    expect((await waitForTask(server, ada.token, firstTask.id)).state).toBe('COMPLETED');
    const linked = await server
      .as(ada.token)
      .put<ProjectCodeHostingResponse>(`/api/projects/${project.id}/code-hosting`, {
        fullName: `ada-codes/${repository}`,
        branch: 'main',
      });
    expect(linked.status).toBe(200);
    const latest = (await projectOf(project.id)).latestVersionId;
    const pushed = await syncState(
      project.id,
      (answer) => answer.sync.state === 'PUSHED' && answer.sync.pushedVersionId === latest,
    );
    return { project, firstTask, pushed, repositoryId: linked.body.link?.repositoryId ?? '' };
  }

  it('pulls commits pushed outside Mason as one new version when the person syncs', async () => {
    const { project, pushed } = await linkedProject('pulled');
    const before = await projectOf(project.id);
    const remote = await pushOutsideCommits(
      gitServer,
      'ada-codes/pulled',
      'main',
      [{ 'src/counter.ts': 'export const start = 5;\n' }, { 'README.md': '# Counter\n' }],
      { token: token() },
    );
    expect(remote).not.toBe(pushed.sync.pushedCommit);

    const synced = await server
      .as(ada.token)
      .post<ProjectCodeHostingResponse>(`/api/projects/${project.id}/code-hosting/sync`);
    expect(synced.status).toBe(200);
    const after = await syncState(
      project.id,
      (answer) => answer.sync.pushedCommit === remote && answer.sync.state === 'PUSHED',
    );
    const pulled = await projectOf(project.id);
    expect(pulled.latestVersionId).not.toBe(before.latestVersionId);
    expect(after.sync.pushedVersionId).toBe(pulled.latestVersionId);
    expect(pulled.lastChange?.summary).toBe('Pulled 2 commits from GitHub');
    const files = await filesOf(project.id);
    expect(files.get('src/counter.ts')).toBe('export const start = 5;\n');
    expect(files.get('README.md')).toBe('# Counter\n');

    // The next version goes on top of Ada's commits (a fast-forward: her commits stay).
    const again = await pushOutsideCommits(
      gitServer,
      'ada-codes/pulled',
      'main',
      [{ 'README.md': '# Counter, by Ada\n' }],
      { token: token() },
    );
    await server.as(ada.token).post(`/api/projects/${project.id}/code-hosting/sync`);
    await syncState(project.id, (answer) => answer.sync.pushedCommit === again);
    expect((await projectOf(project.id)).lastChange?.summary).toBe('Pulled 1 commit from GitHub');
    // Answers never carry the token.
    expect(JSON.stringify(await codeHosting(project.id))).not.toContain(token());
  });

  describe('GitHub’s webhook', () => {
    const sign = (body: string, secret = WEBHOOK_SECRET) =>
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/api/github/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-github-event': 'push', ...headers },
        body,
      });

    it('queues a pull on a signed push event; refuses a wrong or missing signature; ignores other repositories', async () => {
      const { project, repositoryId } = await linkedProject('hooked');
      const before = await projectOf(project.id);
      const remote = await pushOutsideCommits(
        gitServer,
        'ada-codes/hooked',
        'main',
        [{ 'src/counter.ts': 'export const start = 7;\n' }],
        { token: token() },
      );
      const event = JSON.stringify({
        ref: 'refs/heads/main',
        after: remote,
        repository: { id: Number(repositoryId), full_name: 'ada-codes/hooked' },
      });

      const wrong = await post(event, { 'x-hub-signature-256': sign(event, 'not-the-secret') });
      expect(wrong.status).toBe(401);
      const missing = await post(event, {});
      expect(missing.status).toBe(401);
      const tampered = await post(event.replace('main', 'mainx'), {
        'x-hub-signature-256': sign(event),
      });
      expect(tampered.status).toBe(401);
      expect((await projectOf(project.id)).latestVersionId).toBe(before.latestVersionId);
      expect((await codeHosting(project.id)).sync.pushedCommit).not.toBe(remote);

      const unknown = JSON.stringify({
        ref: 'refs/heads/main',
        repository: { id: 987654321, full_name: 'someone/else' },
      });
      const ignored = await post(unknown, { 'x-hub-signature-256': sign(unknown) });
      expect(ignored.status).toBe(202);

      const accepted = await post(event, { 'x-hub-signature-256': sign(event) });
      expect(accepted.status).toBe(202);
      const answer = await syncState(project.id, (sync) => sync.sync.pushedCommit === remote);
      const pulled = await projectOf(project.id);
      expect(answer.sync.pushedVersionId).toBe(pulled.latestVersionId);
      expect(pulled.lastChange?.summary).toBe('Pulled 1 commit from GitHub');
      expect((await filesOf(project.id)).get('src/counter.ts')).toBe('export const start = 7;\n');
    });
  });

  it('pauses a task with USER_COMMIT before its turn, and continuing pulls the commits first', async () => {
    const { project, firstTask } = await linkedProject('paused');
    await pushOutsideCommits(
      gitServer,
      'ada-codes/paused',
      'main',
      [{ 'src/counter.ts': 'export const start = 42;\n' }, { 'src/extra.ts': 'export {};\n' }],
      { token: token() },
    );
    model.reset();
    const sent = await sendMessage(server, ada.token, firstTask.id, { content: 'Count by twos' });
    expect(sent.status).toBeLessThan(300);
    const paused = await waitForTask(
      server,
      ada.token,
      firstTask.id,
      (task) => task.pauseReason !== null || task.state === 'COMPLETED',
    );
    expect(paused.pauseReason).toBe('USER_COMMIT');
    expect(model.requests).toHaveLength(0);
    const card = (await allLogs(server, ada.token, firstTask.id)).findLast(
      (log) => log.type === 'NEEDS_ATTENTION',
    );
    expect(card?.content).toBe(
      "Someone pushed 2 commits to main on GitHub since Mason's last version. Continue to bring them in first, so the assistant works on top of them.",
    );
    expect(card?.payload).toMatchObject({
      reason: 'USER_COMMIT',
      actions: [{ action: 'CONTINUE', label: 'Continue' }],
    });
    expect(model.requests).toHaveLength(0);

    model.enqueue(
      { toolCalls: [{ name: 'read_file', input: { path: 'src/counter.ts' } }] },
      { text: 'The counter starts at 42 now.' },
    );
    const resumed = await server.as(ada.token).post(`/api/tasks/${firstTask.id}/resume`);
    expect(resumed.status).toBe(200);
    const done = await waitForTask(server, ada.token, firstTask.id, (task) =>
      ['COMPLETED', 'FAILED'].includes(task.state),
    );
    expect(done.state).toBe('COMPLETED');
    const read = (await allLogs(server, ada.token, firstTask.id)).findLast(
      (log) => log.type === 'TOOL_RESULT',
    );
    expect(read?.content).toContain('export const start = 42;');
    expect((await projectOf(project.id)).lastChange?.summary).toBe('Pulled 2 commits from GitHub');
    expect((await filesOf(project.id)).get('src/extra.ts')).toBe('export {};\n');
  });

  /**
   * Two turns (counter = 0, then 1), pushed; Ada pushes `outside`; Mason reverts to the first
   * turn's version (counter = 0 again) before it has pulled: both sides moved on.
   */
  async function diverge(repository: string, outside: Record<string, string | null>) {
    const linked = await linkedProject(repository);
    writeTurn('src/counter.ts', 'export const start = 1;\n', 'The counter starts at one.');
    const first = (await projectOf(linked.project.id)).latestVersionId ?? '';
    await sendMessage(server, ada.token, linked.firstTask.id, { content: 'Start at one' });
    await waitForTask(
      server,
      ada.token,
      linked.firstTask.id,
      (task) => task.state === 'COMPLETED' && task.latestVersionId !== first,
    );
    const second = (await projectOf(linked.project.id)).latestVersionId;
    const base = await syncState(
      linked.project.id,
      (answer) => answer.sync.state === 'PUSHED' && answer.sync.pushedVersionId === second,
    );
    const remote = await pushOutsideCommits(
      gitServer,
      `ada-codes/${repository}`,
      'main',
      [outside],
      {
        token: token(),
      },
    );
    const reverted = await server
      .as(ada.token)
      .post<RevertTaskResponse>(`/api/tasks/${linked.firstTask.id}/revert`, { versionId: first });
    expect(reverted.status).toBe(200);
    return {
      ...linked,
      base: base.sync.pushedCommit ?? '',
      remote,
      reverted: reverted.body.version,
    };
  }

  it('keeps both sides of a diverged history when both changed the same file, and says so', async () => {
    const { project, firstTask, remote, reverted } = await diverge('conflicting', {
      'src/counter.ts': 'export const start = 99;\n',
    });
    const failed = await syncState(project.id, (answer) => answer.sync.state === 'FAILED');
    expect(failed.sync.error).toBe(
      'Mason has 1 version and GitHub has 1 commit the other does not have, and both changed src/counter.ts, so Mason merged nothing and pushed nothing. Both are kept.',
    );
    expect(failed.sync.retryAt).toBeNull();
    // GitHub's branch is untouched; Mason's versions are all there.
    expect(await head('conflicting')).toBe(remote);
    const versions = (
      await server.as(ada.token).get<TaskVersionsResponse>(`/api/tasks/${firstTask.id}/versions`)
    ).body.versions;
    expect(versions.map((version) => version.versionId)).toContain(reverted.versionId);
    expect((await filesOf(project.id)).get('src/counter.ts')).toBe('export const start = 0;\n');
    // Ada's commit is kept in Mason's own repository of the project.
    const gitdir = path.join(server.config.gitDir, `${project.id}.git`);
    const kept = await run('git', ['--git-dir', gitdir, 'rev-parse', 'refs/mason/remote/main']);
    expect(kept.stdout.trim()).toBe(remote);
    const content = await run('git', ['--git-dir', gitdir, 'show', `${remote}:src/counter.ts`]);
    expect(content.stdout).toBe('export const start = 99;\n');
  });

  it('merges a diverged history whose sides changed different files: a version whose commit has both parents', async () => {
    const { project, remote } = await diverge('merged', { 'README.md': '# Merged\n' });
    const settled = await eventually('the merge', async () => {
      const sync = await codeHosting(project.id);
      if (sync.sync.state === 'FAILED') throw new Error(`The sync failed: ${sync.sync.error}`);
      const latest = await projectOf(project.id);
      return latest.lastChange?.summary === 'Merged 1 commit from GitHub' ? latest : undefined;
    });
    const answer = await syncState(
      project.id,
      (sync) => sync.sync.pushedVersionId === settled.latestVersionId,
    );
    expect(answer.sync.pushedCommit).toBe(await head('merged'));
    const parents = (await gitServer.git('ada-codes/merged', 'log', '-1', '--format=%P', 'main'))
      .trim()
      .split(' ');
    expect(parents).toHaveLength(2);
    expect(parents[1]).toBe(remote);
    const masonSide = (
      await gitServer.git('ada-codes/merged', 'show', `${parents[0]}:src/counter.ts`)
    ).trim();
    expect(masonSide).toBe('export const start = 0;');
    const files = await filesOf(project.id);
    expect(files.get('README.md')).toBe('# Merged\n');
    expect(files.get('src/counter.ts')).toBe('export const start = 0;\n');
    expect(await gitServer.git('ada-codes/merged', 'show', 'main:README.md')).toBe('# Merged\n');
  });

  it('logs what it pulled, and never a token or the webhook secret', () => {
    const logged = logs.join('');
    expect(logged).toContain('Commits pulled');
    expect(logged).not.toContain(WEBHOOK_SECRET);
    expect(github.liveTokens.size).toBeGreaterThan(0);
    for (const live of github.liveTokens) expect(logged).not.toContain(live);
  });
});
