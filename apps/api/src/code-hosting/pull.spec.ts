import { execFile } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type {
  CodeHostingConflictDetailResponse,
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
const REPOSITORIES = ['pulled', 'hooked', 'paused', 'conflicting', 'merged', 'assisted', 'deleted'];

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
    const { project, firstTask, pushed } = await linkedProject('pulled');
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
    // The pulled version is in the task's history like one the assistant made.
    const announced = (await allLogs(server, ada.token, firstTask.id)).findLast(
      (entry) => entry.type === 'VERSION',
    );
    expect(announced?.content).toMatch(/^Version \d+: Pulled 2 commits from GitHub$/);
    const listed = await server
      .as(ada.token)
      .get<TaskVersionsResponse>(`/api/tasks/${firstTask.id}/versions`);
    expect(listed.body.versions.map((version) => version.versionId)).toContain(
      pulled.latestVersionId,
    );
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

  /** Waits for the conflict the sync records (a push or another failure fails). */
  const conflictOf = async (projectId: string) => {
    const failed = await syncState(projectId, (answer) => answer.sync.state !== 'PENDING');
    expect(failed.sync.state).toBe('FAILED');
    return failed;
  };
  const resolve = (projectId: string, body: unknown) =>
    server
      .as(ada.token)
      .post<ProjectCodeHostingResponse>(`/api/projects/${projectId}/code-hosting/conflict`, body);
  /** The parents of the branch's head on the git server. */
  const headParents = async (repository: string) =>
    (await gitServer.git(`ada-codes/${repository}`, 'log', '-1', '--format=%P', 'main'))
      .trim()
      .split(' ');

  it('keeps both sides when both changed the same file, shows them, and merges with the side the person keeps', async () => {
    const { project, firstTask, remote, reverted } = await diverge('conflicting', {
      'src/counter.ts': 'export const start = 99;\n',
    });
    const failed = await conflictOf(project.id);
    expect(failed.sync.error).toBe(
      'Mason has 1 version and GitHub has 1 commit the other does not have, and both changed src/counter.ts. Choose which side to keep, file by file, in the project’s code hosting settings: nothing is merged or pushed until then, and both sides are kept.',
    );
    expect(failed.sync.retryAt).toBeNull();
    expect(failed.conflict).toEqual({
      theirs: remote,
      githubCommits: 1,
      masonVersions: 1,
      files: ['src/counter.ts'],
    });
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

    // The person sees the file as it was and on both sides.
    const detail = await server
      .as(ada.token)
      .get<CodeHostingConflictDetailResponse>(`/api/projects/${project.id}/code-hosting/conflict`);
    expect(detail.status).toBe(200);
    expect(detail.body.files).toEqual([
      {
        path: 'src/counter.ts',
        base: { kind: 'TEXT', text: 'export const start = 1;\n' },
        mason: { kind: 'TEXT', text: 'export const start = 0;\n' },
        github: { kind: 'TEXT', text: 'export const start = 99;\n' },
      },
    ]);

    // A choice that leaves a file out, names another one, or answers an older look: refused.
    const missing = await resolve(project.id, {
      theirs: remote,
      files: [{ path: 'src/other.ts', keep: 'MASON' }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: 'Choose a side for src/counter.ts.' });
    const stale = await resolve(project.id, {
      theirs: '0'.repeat(40),
      files: [{ path: 'src/counter.ts', keep: 'MASON' }],
    });
    expect(stale.status).toBe(409);
    expect((await codeHosting(project.id)).conflict?.theirs).toBe(remote);

    const chosen = await resolve(project.id, {
      theirs: remote,
      files: [{ path: 'src/counter.ts', keep: 'GITHUB' }],
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.conflict).toBeNull();
    const settled = await eventually('the merge', async () => {
      const latest = await projectOf(project.id);
      return latest.lastChange?.summary === 'Merged 1 commit from GitHub, choosing per file'
        ? latest
        : undefined;
    });
    const pushed = await syncState(
      project.id,
      (answer) => answer.sync.pushedVersionId === settled.latestVersionId,
    );
    expect(pushed.sync.state).toBe('PUSHED');
    expect(pushed.conflict).toBeNull();
    expect(pushed.sync.pushedCommit).toBe(await head('conflicting'));
    // The merge commit has Mason's version and Ada's commit as parents: both histories stay.
    const parents = await headParents('conflicting');
    expect(parents).toHaveLength(2);
    expect(parents[1]).toBe(remote);
    expect(
      await gitServer.git('ada-codes/conflicting', 'show', `${parents[0]}:src/counter.ts`),
    ).toBe('export const start = 0;\n');
    expect((await filesOf(project.id)).get('src/counter.ts')).toBe('export const start = 99;\n');
    expect(await gitServer.git('ada-codes/conflicting', 'show', 'main:src/counter.ts')).toBe(
      'export const start = 99;\n',
    );
    // The merge is in the task's history like any version.
    const entries = await allLogs(server, ada.token, firstTask.id);
    expect(
      entries.some(
        (entry) =>
          entry.type === 'VERSION' &&
          entry.content.endsWith(': Merged 1 commit from GitHub, choosing per file'),
      ),
    ).toBe(true);
    const after = await server
      .as(ada.token)
      .get(`/api/projects/${project.id}/code-hosting/conflict`);
    expect(after.status).toBe(404);
  });

  it('asks the assistant to merge a file both changed, and pushes the merge once its markers are gone', async () => {
    const { project, firstTask, remote } = await diverge('assisted', {
      'src/counter.ts': 'export const start = 99;\n',
    });
    await conflictOf(project.id);
    model.reset();
    const merged = 'export const start = 99;\nexport const previous = 0;\n';
    model.enqueue(
      { toolCalls: [{ name: 'read_file', input: { path: 'src/counter.ts' } }] },
      { toolCalls: [{ name: 'write_file', input: { path: 'src/counter.ts', content: merged } }] },
      { text: 'Merged both sides of the counter.' },
    );
    const chosen = await resolve(project.id, {
      theirs: remote,
      files: [{ path: 'src/counter.ts', keep: 'ASSISTANT' }],
    });
    expect(chosen.status).toBe(200);
    const pushed = await eventually('the assistant’s merge pushed', async () => {
      const answer = await codeHosting(project.id);
      if (answer.sync.state === 'FAILED') throw new Error(`The sync failed: ${answer.sync.error}`);
      const latest = await projectOf(project.id);
      return answer.sync.state === 'PUSHED' &&
        answer.sync.pushedVersionId === latest.latestVersionId
        ? answer
        : undefined;
    });
    expect(pushed.merging).toBeNull();
    // The person's request went into the task, and the assistant read the file with markers.
    const entries = await allLogs(server, ada.token, firstTask.id);
    const asked = entries.findLast((entry) => entry.type === 'USER_MESSAGE');
    expect(asked?.content).toContain('Merge the changes from GitHub in src/counter.ts.');
    const read = entries.find(
      (entry) => entry.type === 'TOOL_RESULT' && entry.content.includes('<<<<<<< Mason'),
    );
    expect(read?.content).toContain('=======');
    expect(read?.content).toContain('>>>>>>> GitHub');
    // One merge commit, with both parents and the assistant's files: no markers reached GitHub.
    const parents = await headParents('assisted');
    expect(parents).toHaveLength(2);
    expect(parents[1]).toBe(remote);
    expect(await gitServer.git('ada-codes/assisted', 'show', 'main:src/counter.ts')).toBe(merged);
    const history = await gitServer.git('ada-codes/assisted', 'log', '--format=%s', 'main');
    expect(history).not.toContain('choosing per file');
  });

  it('refuses to let the assistant merge a file that is not text on both sides', async () => {
    const { project, remote } = await diverge('deleted', {
      'src/counter.ts': null,
    });
    const failed = await conflictOf(project.id);
    expect(failed.conflict?.files).toEqual(['src/counter.ts']);
    const detail = await server
      .as(ada.token)
      .get<CodeHostingConflictDetailResponse>(`/api/projects/${project.id}/code-hosting/conflict`);
    expect(detail.body.files[0]?.github).toEqual({ kind: 'MISSING', text: null });
    const refused = await resolve(project.id, {
      theirs: remote,
      files: [{ path: 'src/counter.ts', keep: 'ASSISTANT' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: 'The assistant merges text files only: choose Mason’s or GitHub’s src/counter.ts.',
    });
    // Keeping GitHub's side deletes the file, in a merge.
    expect(
      (
        await resolve(project.id, {
          theirs: remote,
          files: [{ path: 'src/counter.ts', keep: 'GITHUB' }],
        })
      ).status,
    ).toBe(200);
    await eventually('the merge', async () =>
      (await projectOf(project.id)).lastChange?.summary ===
      'Merged 1 commit from GitHub, choosing per file'
        ? true
        : undefined,
    );
    expect((await filesOf(project.id)).has('src/counter.ts')).toBe(false);
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
