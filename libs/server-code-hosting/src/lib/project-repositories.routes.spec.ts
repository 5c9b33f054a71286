import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {
  ApiErrorBody,
  GithubAuthorizeUrlResponse,
  ProjectCodeHostingResponse,
} from '@mason/contract';
import { githubIntegrations, projectRepositories, projects } from '@mason/server-db';
import { InProcessJobQueue, type JobQueue } from '@mason/server-jobs';
import {
  type DomainHarness,
  type HarnessUser,
  reversingSealer,
  startDomainHarness,
} from '@mason/server-testing';
import { createProjectFromTemplate, putBlobs, VersionStore } from '@mason/server-workspace';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { startGitServer, startGithubStandIn, type GitServer, type GithubStandIn } from '../testing';
import { codeHostingRoutes } from './code-hosting.routes';
import { CodeHostingMessages, CodeHostingService, type SecretSealer } from './code-hosting.service';
import { GitPusher, PushMessages } from './git-pusher';
import { createGithubClient } from './github-client';
import { projectRepositoriesRoutes } from './project-repositories.routes';
import {
  ProjectRepositoriesService,
  ProjectRepositoryMessages,
} from './project-repositories.service';

const CLIENT = { clientId: 'Iv1.mason-push', clientSecret: randomBytes(20).toString('hex') };

const sealer: SecretSealer = reversingSealer;

/** A logger that keeps every line it is given, to look for secrets in. */
function recordingLogger(lines: string[]): FastifyBaseLogger {
  const write = (...args: unknown[]) => {
    lines.push(
      JSON.stringify(args, (_key, value: unknown) =>
        value instanceof Error ? { message: value.message, stack: value.stack } : value,
      ),
    );
  };
  const logger = {
    level: 'debug',
    fatal: write,
    error: write,
    warn: write,
    info: write,
    debug: write,
    trace: write,
    silent: write,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

/** Polls `read` until `done` holds, at most 20 s (the push runs in the background). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > deadline)
      throw new Error(`Timed out; the last answer was ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  return last;
}

describe('a project linked to a repository: every version pushed as a git commit, over a real git server', () => {
  let gitServer: GitServer;
  let github: GithubStandIn;
  let harness: DomainHarness;
  let gitDir: string;
  let queue: JobQueue;
  let workers = 0;
  const logLines: string[] = [];
  let ada: HarnessUser;
  let bea: HarnessUser;

  beforeAll(async () => {
    gitDir = await mkdtemp(path.join(os.tmpdir(), 'mason-pushes-'));
    gitServer = await startGitServer({ acceptToken: (token) => github.liveTokens.has(token) });
    github = await startGithubStandIn({
      ...CLIENT,
      login: 'ada-codes',
      git: gitServer,
      repositories: [
        { name: 'mug-shop', branches: ['main'] },
        { name: 'others-work', canPush: false },
      ],
    });
    harness = await startDomainHarness(async (api, { db }) => {
      const log = recordingLogger(logLines);
      const client = createGithubClient({ ...CLIENT, apiUrl: github.apiUrl });
      queue = startQueue(db, log);
      await queue.start();
      await api.register(codeHostingRoutes, {
        service: new CodeHostingService({
          db,
          github: client,
          secrets: sealer,
          publicUrl: 'https://mason.test',
          log,
        }),
      });
      await api.register(projectRepositoriesRoutes, {
        service: new ProjectRepositoriesService({
          db,
          github: client,
          secrets: sealer,
          log,
          wake: (projectId) => queue.wake(projectId),
          gitDir,
        }),
      });
    });
    ada = await harness.signUp('ada');
    bea = await harness.signUp('bea');
    await connect(ada);
  });
  afterAll(async () => {
    await queue?.close();
    await harness?.close();
    await github?.close();
    await gitServer?.close();
    if (gitDir) await rm(gitDir, { recursive: true, force: true });
  });

  /** A `git-push` queue as a Mason process runs it (a new worker each time: a restart). */
  function startQueue(db: DomainHarness['db'], log: FastifyBaseLogger): JobQueue {
    workers += 1;
    const pusher = new GitPusher({
      db,
      secrets: sealer,
      gitDir,
      log,
      workerId: `w${workers}`,
      // Retries after 100 ms, 200 ms, 400 ms ... (5 s, 10 s, 20 s ... by default).
      retryBaseMs: 100,
    });
    return new InProcessJobQueue({
      kind: 'git-push',
      source: pusher,
      concurrency: 2,
      sweepMs: 250,
      log,
    });
  }

  async function connect(user: HarnessUser) {
    const { url, state } = (
      await harness.as(user).get<GithubAuthorizeUrlResponse>('/api/github/authorize-url')
    ).body;
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
    const connected = await harness
      .as(user)
      .post('/api/github/access-code', { state, code: back.searchParams.get('code') });
    expect(connected.status).toBe(200);
  }

  /** A project of `user` on the starter app (version 0). */
  async function project(user: HarnessUser) {
    const [row] = await harness.db
      .insert(projects)
      .values({
        userId: user.id,
        name: 'Mugs',
        description: 'Mugs',
        type: 'INTERNAL',
        status: 'READY',
      })
      .returning();
    const projectId = (row as { id: string }).id;
    await createProjectFromTemplate(harness.db, projectId, { summary: 'The starter app' });
    return projectId;
  }

  /** A new version of the project: its newest files with `changes` written over them. */
  async function makeVersion(projectId: string, summary: string, changes: Record<string, string>) {
    const store = new VersionStore(harness.db);
    const latest = await store.latestVersion(projectId);
    const paths = Object.keys(changes);
    const hashes = await putBlobs(
      harness.db,
      paths.map((file) => Buffer.from(changes[file] ?? '')),
    );
    const manifest = { ...latest?.manifest };
    paths.forEach((file, index) => (manifest[file] = hashes[index] as string));
    return store.createVersion({ projectId, manifest, summary });
  }

  const stateOf = async (user: HarnessUser, projectId: string) =>
    harness
      .as(user)
      .get<ProjectCodeHostingResponse & ApiErrorBody>(`/api/projects/${projectId}/code-hosting`);
  const pushedTo = (projectId: string, versionId: string) =>
    until(
      async () => (await stateOf(ada, projectId)).body,
      (answer) => answer.sync.state === 'PUSHED' && answer.sync.pushedVersionId === versionId,
    );
  const log = (fullName: string, branch: string) =>
    gitServer.git(fullName, 'log', '--format=%an <%ae>|%s%n%b', branch);

  it('links a repository, and pushes each version as one commit on the branch: its summary, Mason as author, the person as co-author', async () => {
    const projectId = await project(ada);
    const linked = await harness
      .as(ada)
      .put<ProjectCodeHostingResponse>(`/api/projects/${projectId}/code-hosting`, {
        fullName: 'ada-codes/mug-shop',
        branch: 'feature/mason',
      });
    expect(linked.status).toBe(200);
    expect(linked.body.link).toEqual({
      repositoryId: '1000',
      fullName: 'ada-codes/mug-shop',
      htmlUrl: `${github.webUrl}/ada-codes/mug-shop`,
      branch: 'feature/mason',
      internal: false,
    });
    expect(['PENDING', 'PUSHED']).toContain(linked.body.sync.state);

    const [first] = await new VersionStore(harness.db).listVersions(projectId);
    const pushed = await pushedTo(projectId, first?.id ?? '');
    expect(pushed.sync.error).toBeNull();
    expect(pushed.sync.pushedAt).toEqual(expect.any(String));
    expect(pushed.sync.pushedCommit).toBe(
      (await gitServer.git('ada-codes/mug-shop', 'rev-parse', 'feature/mason')).trim(),
    );
    expect(await log('ada-codes/mug-shop', 'feature/mason')).toBe(
      `Mason <mason@users.noreply.mason.dev>|The starter app\nCo-authored-by: Ada Lovelace <${ada.email}>\n\n`,
    );

    const second = await makeVersion(projectId, 'Add a price list', {
      'src/App.tsx': 'export default function App() { return <h1>Mugs: $12</h1>; }\n',
      'src/prices/list.ts': 'export const prices = [12];\n',
    });
    await pushedTo(projectId, second.id);
    const third = await makeVersion(projectId, 'Cheaper mugs', {
      'src/prices/list.ts': 'export const prices = [9];\n',
    });
    const done = await pushedTo(projectId, third.id);
    const subjects = await gitServer.git(
      'ada-codes/mug-shop',
      'log',
      '--format=%s',
      'feature/mason',
    );
    expect(subjects).toBe('Cheaper mugs\nAdd a price list\nThe starter app\n');
    expect(
      await gitServer.git('ada-codes/mug-shop', 'show', 'feature/mason:src/prices/list.ts'),
    ).toBe('export const prices = [9];\n');
    expect(await gitServer.git('ada-codes/mug-shop', 'show', 'feature/mason~1:src/App.tsx')).toBe(
      'export default function App() { return <h1>Mugs: $12</h1>; }\n',
    );
    // The whole tree of a version is its files, nothing more.
    const files = (
      await gitServer.git('ada-codes/mug-shop', 'ls-tree', '-r', '--name-only', 'feature/mason')
    )
      .split('\n')
      .filter(Boolean);
    expect(files.sort()).toEqual(Object.keys(third.manifest).sort());
    expect(done.sync.pushedCommit).toBe(
      (await gitServer.git('ada-codes/mug-shop', 'rev-parse', 'feature/mason')).trim(),
    );
    // Linking the same repository and branch again keeps what was pushed.
    const again = await harness
      .as(ada)
      .put<ProjectCodeHostingResponse>(`/api/projects/${projectId}/code-hosting`, {
        fullName: 'ada-codes/mug-shop',
        branch: 'feature/mason',
      });
    expect(again.body.sync).toEqual(done.sync);
    // Only the chosen branch was made.
    expect(await gitServer.branches('ada-codes/mug-shop')).toEqual(['feature/mason']);

    // Unlinking stops the pushes; nothing at GitHub is deleted.
    const unlinked = await harness
      .as(ada)
      .delete<ProjectCodeHostingResponse>(`/api/projects/${projectId}/code-hosting`);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body).toEqual({
      link: null,
      conflict: null,
      merging: null,
      sync: {
        state: 'IDLE',
        pushedVersionId: null,
        pushedCommit: null,
        pushedAt: null,
        error: null,
        retryAt: null,
      },
    });
    expect(await gitServer.git('ada-codes/mug-shop', 'log', '--format=%s', 'feature/mason')).toBe(
      subjects,
    );
  });

  it('creates a repository on the person’s account for the project and pushes to its default branch', async () => {
    const projectId = await project(ada);
    const created = await harness
      .as(ada)
      .post<ProjectCodeHostingResponse & ApiErrorBody>(
        `/api/projects/${projectId}/code-hosting/repository`,
        { name: 'bakery', private: true },
      );
    expect(created.status).toBe(201);
    expect(created.body.link).toEqual({
      repositoryId: expect.any(String),
      fullName: 'ada-codes/bakery',
      htmlUrl: `${github.webUrl}/ada-codes/bakery`,
      branch: 'main',
      internal: true,
    });
    const [first] = await new VersionStore(harness.db).listVersions(projectId);
    await pushedTo(projectId, first?.id ?? '');
    expect(await gitServer.git('ada-codes/bakery', 'log', '--format=%s', 'main')).toBe(
      'The starter app\n',
    );

    // A name the account has already: 400, and the link stays as it was.
    const again = await harness
      .as(ada)
      .post<ApiErrorBody>(`/api/projects/${projectId}/code-hosting/repository`, {
        name: 'bakery',
        private: false,
      });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ProjectRepositoryMessages.nameTaken);
    expect((await stateOf(ada, projectId)).body.link?.fullName).toBe('ada-codes/bakery');
  });

  it('refuses bad input, repositories the account cannot reach or push to (400), and changes nothing', async () => {
    const projectId = await project(ada);
    const link = (body: unknown) =>
      harness.as(ada).put<ApiErrorBody>(`/api/projects/${projectId}/code-hosting`, body);
    for (const body of [
      {},
      { fullName: 'ada-codes/mug-shop' },
      { fullName: 'no-slash', branch: 'main' },
      { fullName: 'ada-codes/mug-shop', branch: 'bad..branch' },
      { fullName: 'ada-codes/mug-shop', branch: '' },
      { fullName: 'a/b/c', branch: 'main' },
    ])
      expect((await link(body)).status).toBe(400);
    const unknown = await link({ fullName: 'ada-codes/nothing-here', branch: 'main' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(ProjectRepositoryMessages.unreachableRepository);
    const readOnly = await link({ fullName: 'ada-codes/others-work', branch: 'main' });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.message).toBe(ProjectRepositoryMessages.cannotPush);
    const badName = await harness
      .as(ada)
      .post(`/api/projects/${projectId}/code-hosting/repository`, {
        name: 'no spaces',
        private: true,
      });
    expect(badName.status).toBe(400);
    expect((await stateOf(ada, projectId)).body.link).toBeNull();
    // Asking for a push with nothing linked.
    expect(
      (await harness.as(ada).post(`/api/projects/${projectId}/code-hosting/sync`)).status,
    ).toBe(409);
  });

  it('answers 404 for another person’s project, and 409 to a person without GitHub', async () => {
    const adas = await project(ada);
    await harness.as(ada).put(`/api/projects/${adas}/code-hosting`, {
      fullName: 'ada-codes/mug-shop',
      branch: 'ada-only',
    });
    const before = (await stateOf(ada, adas)).body;
    const base = `/api/projects/${adas}/code-hosting`;
    const asBea = harness.as(bea);
    for (const answer of [
      await asBea.get(base),
      await asBea.put(base, { fullName: 'ada-codes/mug-shop', branch: 'bea' }),
      await asBea.delete(base),
      await asBea.post(`${base}/sync`),
      await asBea.post(`${base}/repository`, { name: 'stolen', private: false }),
    ])
      expect(answer.status).toBe(404);
    expect((await stateOf(ada, adas)).body.link).toEqual(before.link);

    const beas = await project(bea);
    const unconnected = await asBea.put<ApiErrorBody>(`/api/projects/${beas}/code-hosting`, {
      fullName: 'ada-codes/mug-shop',
      branch: 'main',
    });
    expect(unconnected.status).toBe(409);
    expect(unconnected.body.message).toBe(CodeHostingMessages.notConnected);
  });

  it('never overwrites commits made outside Mason: a diverged branch is merged by file, the outside commit stays in its history', async () => {
    const projectId = await project(ada);
    await harness.as(ada).put(`/api/projects/${projectId}/code-hosting`, {
      fullName: 'ada-codes/mug-shop',
      branch: 'shared',
    });
    const [first] = await new VersionStore(harness.db).listVersions(projectId);
    await pushedTo(projectId, first?.id ?? '');

    // Someone pushes a commit of their own to the branch.
    const repo = 'ada-codes/mug-shop';
    const tree = (await gitServer.git(repo, 'rev-parse', 'shared^{tree}')).trim();
    const outside = (
      await gitServer.git(
        repo,
        '-c',
        'user.name=Someone Else',
        '-c',
        'user.email=someone@example.com',
        'commit-tree',
        tree,
        '-p',
        'shared',
        '-m',
        'A fix made on GitHub',
      )
    ).trim();
    await gitServer.git(repo, 'update-ref', 'refs/heads/shared', outside);

    const next = await makeVersion(projectId, 'Mason’s next change', { 'README.md': '# Mugs\n' });
    const merged = await until(
      async () => (await stateOf(ada, projectId)).body,
      (answer) =>
        answer.sync.state === 'FAILED' ||
        (answer.sync.state === 'PUSHED' &&
          answer.sync.pushedVersionId !== first?.id &&
          answer.sync.pushedVersionId !== next.id),
    );
    expect(merged.sync.error).toBeNull();
    const versions = await new VersionStore(harness.db).listVersions(projectId);
    const newest = versions[versions.length - 1];
    expect(newest?.summary).toBe('Merged 1 commit from GitHub');
    expect(merged.sync.pushedVersionId).toBe(newest?.id);
    const head = (await gitServer.git(repo, 'rev-parse', 'shared')).trim();
    expect(merged.sync.pushedCommit).toBe(head);
    const [ours, theirs] = (await gitServer.git(repo, 'log', '-1', '--format=%P', 'shared'))
      .trim()
      .split(' ');
    expect(theirs).toBe(outside);
    expect(await gitServer.git(repo, 'log', '-1', '--format=%s', ours ?? '')).toBe(
      'Mason’s next change\n',
    );
    expect(await gitServer.git(repo, 'show', 'shared:README.md')).toBe('# Mugs\n');
  });

  it('a push the git server cannot take now fails with the reason, is tried again with back-off, and goes through once it answers', async () => {
    const projectId = await project(ada);
    await harness.as(ada).put(`/api/projects/${projectId}/code-hosting`, {
      fullName: 'ada-codes/mug-shop',
      branch: 'outage',
    });
    const [first] = await new VersionStore(harness.db).listVersions(projectId);
    await pushedTo(projectId, first?.id ?? '');

    gitServer.failWith(503);
    const next = await makeVersion(projectId, 'Made during an outage', { 'README.md': '# Out\n' });
    const failed = await until(
      async () => (await stateOf(ada, projectId)).body,
      (answer) => answer.sync.state === 'FAILED',
    );
    expect(failed.sync.error).toBe(
      'GitHub could not be reached to push; Mason tries again shortly.',
    );
    expect(failed.sync.pushedVersionId).toBe(first?.id);
    const [waiting] = await harness.db
      .select()
      .from(projectRepositories)
      .where(eq(projectRepositories.projectId, projectId));
    expect(waiting?.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting?.retryAt?.getTime()).toBeGreaterThan(waiting?.updatedAt.getTime() ?? 0);
    expect(failed.sync.retryAt).toEqual(expect.any(String));

    // Nobody asks again: the retry pushes once the server answers.
    gitServer.failWith(null);
    await pushedTo(projectId, next.id);
    expect(await gitServer.git('ada-codes/mug-shop', 'log', '--format=%s', 'outage')).toBe(
      'Made during an outage\nThe starter app\n',
    );
    const [after] = await harness.db
      .select()
      .from(projectRepositories)
      .where(eq(projectRepositories.projectId, projectId));
    expect(after?.attempts).toBe(0);
    expect(after?.lastError).toBeNull();
  });

  it('a token GitHub refuses fails the push with the reason, and never shows the token; pushing again after reconnecting works', async () => {
    const projectId = await project(ada);
    await harness.as(ada).put(`/api/projects/${projectId}/code-hosting`, {
      fullName: 'ada-codes/mug-shop',
      branch: 'tokens',
    });
    const [first] = await new VersionStore(harness.db).listVersions(projectId);
    await pushedTo(projectId, first?.id ?? '');

    const [row] = await harness.db
      .select()
      .from(githubIntegrations)
      .where(eq(githubIntegrations.userId, ada.id));
    const realToken = sealer.open(row?.sealedToken ?? '');
    const wrongToken = `gho_${randomBytes(18).toString('hex')}`;
    await harness.db
      .update(githubIntegrations)
      .set({ sealedToken: sealer.seal(wrongToken) })
      .where(eq(githubIntegrations.userId, ada.id));
    const refusedBefore = gitServer.requests.filter((request) => request.status === 401).length;

    const next = await makeVersion(projectId, 'Change while the token is wrong', {
      'README.md': '# Tokens\n',
    });
    const failed = await until(
      async () => (await stateOf(ada, projectId)).body,
      (answer) => answer.sync.state === 'FAILED',
    );
    expect(failed.sync.error).toBe(
      'GitHub refused the push: it did not accept the connected account’s access. Connect GitHub again, then push.',
    );
    expect(gitServer.requests.filter((request) => request.status === 401).length).toBeGreaterThan(
      refusedBefore,
    );
    expect((await gitServer.git('ada-codes/mug-shop', 'log', '--format=%s', 'tokens')).trim()).toBe(
      'The starter app',
    );
    const everything = JSON.stringify([failed, logLines]);
    expect(everything).not.toContain(wrongToken);
    expect(everything).not.toContain(realToken);
    // It is not retried on its own: the same token would be refused again.
    const [stored] = await harness.db
      .select()
      .from(projectRepositories)
      .where(eq(projectRepositories.projectId, projectId));
    expect(stored?.retryAt).toBeNull();
    expect(failed.sync.retryAt).toBeNull();

    // With the right token again (reconnected), asking for a push pushes.
    await harness.db
      .update(githubIntegrations)
      .set({ sealedToken: sealer.seal(realToken) })
      .where(eq(githubIntegrations.userId, ada.id));
    const asked = await harness
      .as(ada)
      .post<ProjectCodeHostingResponse>(`/api/projects/${projectId}/code-hosting/sync`);
    expect(asked.status).toBe(200);
    expect(['PENDING', 'PUSHED']).toContain(asked.body.sync.state);
    await pushedTo(projectId, next.id);
  });

  it('after a restart, a new worker on the same database pushes what was left pending (a dead worker’s claim, without the old copy of the commits)', async () => {
    const projectId = await project(ada);
    await harness.as(ada).put(`/api/projects/${projectId}/code-hosting`, {
      fullName: 'ada-codes/mug-shop',
      branch: 'restart',
    });
    const [first] = await new VersionStore(harness.db).listVersions(projectId);
    await pushedTo(projectId, first?.id ?? '');

    // The process stops; a version is made while no worker runs (another process, or just before).
    await queue.close();
    const pending = await makeVersion(projectId, 'Made while Mason restarted', {
      'README.md': '# Restart\n',
    });
    expect((await stateOf(ada, projectId)).body.sync.state).toBe('PENDING');
    // A worker that died holding the push: its claim ran out.
    await harness.db
      .update(projectRepositories)
      .set({ workerId: 'dead-worker', leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(projectRepositories.projectId, projectId));

    // A new process starts, on another machine (its own DATA_DIR: no copy of the commits):
    // nothing wakes it, its sweep finds the push.
    await rm(path.join(gitDir, `${projectId}.git`), { recursive: true, force: true });
    queue = startQueue(harness.db, recordingLogger(logLines));
    await queue.start();
    await pushedTo(projectId, pending.id);
    expect(await gitServer.git('ada-codes/mug-shop', 'log', '--format=%s', 'restart')).toBe(
      'Made while Mason restarted\nThe starter app\n',
    );
  });

  it('a project that changed owners is not pushed with the account of the person who linked it', async () => {
    const projectId = await project(ada);
    await harness.as(ada).put(`/api/projects/${projectId}/code-hosting`, {
      fullName: 'ada-codes/mug-shop',
      branch: 'handed-over',
    });
    const [first] = await new VersionStore(harness.db).listVersions(projectId);
    await pushedTo(projectId, first?.id ?? '');
    await harness.db.update(projects).set({ userId: bea.id }).where(eq(projects.id, projectId));

    await makeVersion(projectId, 'Made by the new owner', { 'README.md': '# Bea\n' });
    const failed = await until(
      async () => (await stateOf(bea, projectId)).body,
      (answer) => answer.sync.state === 'FAILED',
    );
    expect(failed.sync.error).toBe(PushMessages.newOwner);
    expect(
      (await gitServer.git('ada-codes/mug-shop', 'log', '--format=%s', 'handed-over')).trim(),
    ).toBe('The starter app');
    expect((await stateOf(ada, projectId)).status).toBe(404);
  });

  it('after GitHub is disconnected, a push fails and says to connect again (the link stays)', async () => {
    const projectId = await project(ada);
    await harness.as(ada).put(`/api/projects/${projectId}/code-hosting`, {
      fullName: 'ada-codes/mug-shop',
      branch: 'disconnected',
    });
    const [first] = await new VersionStore(harness.db).listVersions(projectId);
    await pushedTo(projectId, first?.id ?? '');
    expect((await harness.as(ada).post('/api/github/disconnect')).status).toBe(200);

    await makeVersion(projectId, 'After disconnecting', { 'README.md': '# Gone\n' });
    const failed = await until(
      async () => (await stateOf(ada, projectId)).body,
      (answer) => answer.sync.state === 'FAILED',
    );
    expect(failed.sync.error).toBe(PushMessages.notConnected);
    expect(failed.link?.branch).toBe('disconnected');
    expect(
      (await gitServer.git('ada-codes/mug-shop', 'log', '--format=%s', 'disconnected')).trim(),
    ).toBe('The starter app');
  });
});
