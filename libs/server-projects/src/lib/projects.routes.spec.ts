import {
  ErrorMessages,
  type ApiErrorBody,
  type CreateProjectResponse,
  type Project,
  type ProjectStatusResponse,
} from '@mason/contract';
import { SessionLinks } from '@mason/server-auth';
import { type Database, versions } from '@mason/server-db';
import { eq } from 'drizzle-orm';
import { type DomainHarness, type HarnessUser, startDomainHarness } from '@mason/server-testing';
import { projectsPlugin } from './projects-plugin';
import { SecretBox } from './secret-box';
import { MemoryRepositoriesPort, memoryPreview, MemoryTasksPort } from './test-utils/memory-ports';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('projects routes over HTTP', () => {
  let harness: DomainHarness;
  let tasks: MemoryTasksPort;
  let database: Database;
  const repositories = new MemoryRepositoriesPort();
  let alice: HarnessUser;
  let bob: HarnessUser;
  /** Projects whose variables changed, in order (what the preview was told). */
  const envChanges: string[] = [];

  beforeAll(async () => {
    harness = await startDomainHarness(async (api, { db, background }) => {
      database = db;
      tasks = new MemoryTasksPort(db);
      const secrets = SecretBox.load({ secretKey: KEY, secretKeyFile: '' });
      await api.register(projectsPlugin, {
        ctx: {
          config: { projectMaxBytes: 10 * 1024 * 1024 },
          db,
          links: new SessionLinks(db, secrets.deriveKey('signed-links')),
          secrets,
          background,
          tasks,
          preview: { ...memoryPreview, envChanged: (projectId) => envChanges.push(projectId) },
          repositories,
        },
      });
    });
    alice = await harness.signUp('alice');
    bob = await harness.signUp('bob');
  });

  afterAll(() => harness?.close());

  beforeEach(() => {
    tasks.budget = { ok: true };
    tasks.projectLimit = null;
  });

  async function create(description: string) {
    const created = await harness.as(alice).post<CreateProjectResponse>('/api/projects', {
      description,
    });
    expect(created.status).toBe(201);
    const { project, firstTask } = created.body;
    if (!firstTask) throw new Error('A described project starts with a task.');
    return { project, firstTask };
  }

  it('creates a project with its first task, starts the turn and lists it', async () => {
    const startedBefore = tasks.started.length;
    const { project, firstTask } = await create('A bakery website with a menu');

    expect(project).toMatchObject({ status: 'BUILDING', firstTaskId: firstTask.id });
    expect(project.previewUrl).toBe(`http://${project.id}.preview.test/`);
    expect(tasks.started).toHaveLength(startedBefore + 1);
    const listed = await harness.as(alice).get<{ projects: Project[] }>('/api/projects');
    expect(listed.status).toBe(200);
    expect(listed.body.projects.map((p) => p.id)).toContain(project.id);
    const bobs = await harness.as(bob).get<{ projects: Project[] }>('/api/projects');
    expect(bobs.body.projects.map((p) => p.id)).not.toContain(project.id);
  });

  it('renames a project', async () => {
    const { project } = await create('A todo list');

    const renamed = await harness
      .as(alice)
      .put<Project>(`/api/projects/${project.id}`, { name: 'Groceries' });

    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Groceries');
    const read = await harness.as(alice).get<Project>(`/api/projects/${project.id}`);
    expect(read.body.name).toBe('Groceries');
  });

  it('tells where a project stands as its task works, then fails', async () => {
    const { project, firstTask } = await create('A weather dashboard');
    const status = () =>
      harness.as(alice).get<ProjectStatusResponse>(`/api/projects/${project.id}/status`);

    expect((await status()).body).toMatchObject({ status: 'BUILDING', activeTaskId: firstTask.id });
    await tasks.finish(firstTask.id, 'FAILED');
    expect((await status()).body.status).toBe('FAILED');
  });

  it('deletes a project and stops its tasks', async () => {
    const { project, firstTask } = await create('A photo gallery');

    const deleted = await harness.as(alice).delete(`/api/projects/${project.id}`);

    expect(deleted.status).toBe(200);
    expect(tasks.deleted).toContain(firstTask.id);
    expect((await harness.as(alice).get(`/api/projects/${project.id}`)).status).toBe(404);
  });

  it("answers 403 'Usage limit reached' with the reset date when the budget is spent", async () => {
    const resetsAt = new Date('2030-01-01T00:00:00.000Z');
    tasks.budget = { ok: false, resetsAt };

    const refused = await harness
      .as(alice)
      .post<ApiErrorBody>('/api/projects', { description: 'A blog' });

    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: 'Usage limit reached',
      limitResetDate: resetsAt.toISOString(),
    });
  });

  it("refuses a project past the plan's limit with a 403 that says so, and creates nothing", async () => {
    const carol = await harness.signUp('carol');
    tasks.projectLimit = 3;
    for (const description of ['A blog', 'A shop', 'A wiki']) {
      const made = await harness.as(carol).post('/api/projects', { description });
      expect(made.status).toBe(201);
    }
    const startedBefore = tasks.started.length;

    const refused = await harness
      .as(carol)
      .post<ApiErrorBody>('/api/projects', { description: 'A fourth one' });

    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ErrorMessages.projectLimitReached);
    expect(refused.body.limitResetDate).toBeUndefined();
    const listed = await harness.as(carol).get<{ projects: Project[] }>('/api/projects');
    expect(listed.body.projects.map((p) => p.description).sort()).toEqual([
      'A blog',
      'A shop',
      'A wiki',
    ]);
    expect(tasks.started).toHaveLength(startedBefore);
    // Another person's projects do not count against carol's limit, nor hers against theirs.
    expect((await harness.as(bob).post('/api/projects', { description: 'Bob’s' })).status).toBe(
      201,
    );

    // Deleting one makes room again.
    await harness.as(carol).delete(`/api/projects/${listed.body.projects[0]?.id}`);
    const again = await harness.as(carol).post('/api/projects', { description: 'A fourth one' });
    expect(again.status).toBe(201);
  });

  it("answers 404 for another user's project, whatever the call", async () => {
    const { project } = await create('A recipe book');
    const path = `/api/projects/${project.id}`;

    expect((await harness.as(bob).get(path)).status).toBe(404);
    expect((await harness.as(bob).put(path, { name: 'Mine now' })).status).toBe(404);
    expect((await harness.as(bob).get(`${path}/status`)).status).toBe(404);
    expect((await harness.as(bob).delete(path)).status).toBe(404);
    expect((await harness.as(alice).get<Project>(path)).body.name).not.toBe('Mine now');
  });

  it('tells the preview when a variable is set or deleted, and not when nothing changed', async () => {
    const { project } = await create('A weather app');
    const env = `/api/projects/${project.id}/env`;
    envChanges.length = 0;

    const set = await harness.as(alice).post(env, { key: 'VITE_CITY', value: 'Lisbon' });
    expect(set.status).toBe(200);
    expect(envChanges).toEqual([project.id]);
    expect((await harness.as(alice).delete(`${env}/VITE_CITY`)).status).toBe(200);
    expect(envChanges).toEqual([project.id, project.id]);

    expect((await harness.as(alice).delete(`${env}/VITE_CITY`)).status).toBe(404);
    expect((await harness.as(alice).post(env, { key: '1BAD', value: 'x' })).status).toBe(400);
    expect((await harness.as(bob).post(env, { key: 'VITE_CITY', value: 'Porto' })).status).toBe(
      404,
    );
    expect(envChanges).toEqual([project.id, project.id]);
  });

  describe('importing a repository (EXTERNAL)', () => {
    const url = 'https://git.example.com/ada/shop';
    const bytes = (text: string) => new TextEncoder().encode(text);
    repositories.repositories.set(url, {
      name: 'shop',
      url,
      branch: 'develop',
      commit: '0123456789abcdef0123456789abcdef01234567',
      repositoryId: null,
      files: [
        { path: 'package.json', content: bytes('{"name":"shop"}\n') },
        { path: 'src/App.tsx', content: bytes('export const App = () => null;\n') },
        { path: 'src/bad\\name.ts', content: bytes('// a backslash: no project path\n') },
      ],
      skipped: ['link.json'],
    });
    const projectCount = async () =>
      (await harness.as(alice).get<{ projects: Project[] }>('/api/projects')).body.projects.length;

    it('makes the repository version 0 of an EXTERNAL project, and starts no turn without a description', async () => {
      tasks.budget = { ok: false, resetsAt: new Date('2030-01-01T00:00:00.000Z') };
      const startedBefore = tasks.started.length;

      const created = await harness.as(alice).post<CreateProjectResponse>('/api/projects', {
        type: 'EXTERNAL',
        repositoryUrl: url,
        branch: 'develop',
      });

      expect(created.status).toBe(201);
      expect(created.body.firstTask).toBeNull();
      expect(created.body.project).toMatchObject({
        name: 'shop',
        type: 'EXTERNAL',
        branch: 'develop',
        status: 'READY',
        firstTaskId: null,
        description: `Imported from ${url}`,
      });
      expect(repositories.requests.at(-1)).toEqual({ userId: alice.id, url, branch: 'develop' });
      expect(tasks.started).toHaveLength(startedBefore);
      const paths = await harness
        .as(alice)
        .get<{ filePaths: string[] }>(`/api/projects/${created.body.project.id}/filepaths`);
      expect(paths.body.filePaths).toEqual(['package.json', 'src/App.tsx']);
      const made = await database
        .select({ summary: versions.summary })
        .from(versions)
        .where(eq(versions.projectId, created.body.project.id));
      expect(made.map((version) => version.summary)).toEqual([
        'Imported shop from develop (0123456); left out what a project cannot hold: link.json, src/bad\\name.ts',
      ]);
    });

    it('starts the first task when a description is given', async () => {
      const startedBefore = tasks.started.length;

      const created = await harness.as(alice).post<CreateProjectResponse>('/api/projects', {
        type: 'EXTERNAL',
        repositoryUrl: url,
        name: 'My shop',
        description: 'Add a cart page',
      });

      expect(created.status).toBe(201);
      expect(created.body.project).toMatchObject({ name: 'My shop', type: 'EXTERNAL' });
      expect(created.body.firstTask).toMatchObject({ description: 'Add a cart page' });
      expect(tasks.started).toHaveLength(startedBefore + 1);
    });

    it('imports a repository of the connected account by id, linked to it', async () => {
      repositories.repositories.set('4242', {
        name: 'notes',
        url: 'https://github.com/ada/notes',
        branch: 'main',
        commit: 'fedcba9876543210fedcba9876543210fedcba98',
        repositoryId: '4242',
        files: [{ path: 'NOTES.md', content: bytes('# Notes\n') }],
        skipped: [],
      });

      const created = await harness.as(alice).post<CreateProjectResponse>('/api/projects', {
        type: 'EXTERNAL',
        repositoryId: '4242',
      });

      expect(created.status).toBe(201);
      expect(created.body.project).toMatchObject({
        name: 'notes',
        type: 'EXTERNAL',
        branch: 'main',
        repositoryId: '4242',
      });
      expect(repositories.requests.at(-1)).toEqual({ userId: alice.id, repositoryId: '4242' });
      const link = repositories.linked.get(created.body.project.id);
      expect(link?.repository.commit).toBe('fedcba9876543210fedcba9876543210fedcba98');
      const [version] = await database
        .select({ id: versions.id })
        .from(versions)
        .where(eq(versions.projectId, created.body.project.id));
      expect(link?.versionId).toBe(version?.id);
    });

    it("answers the importer's refusal and creates nothing", async () => {
      const before = await projectCount();

      const refused = await harness.as(alice).post<ApiErrorBody>('/api/projects', {
        type: 'EXTERNAL',
        repositoryUrl: 'https://git.example.com/nobody/nothing',
      });

      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('There is no public git repository at that address.');
      expect(await projectCount()).toBe(before);
    });

    it('refuses an import that is not EXTERNAL, an EXTERNAL project without an address, and a project without a description', async () => {
      const before = await projectCount();
      const attempts = [
        { description: 'A shop', repositoryUrl: url },
        { type: 'EXTERNAL' },
        { type: 'INTERNAL' },
      ];

      const answers = [];
      for (const body of attempts) {
        answers.push((await harness.as(alice).post<ApiErrorBody>('/api/projects', body)).body);
      }

      expect(answers.map((answer) => answer.message)).toEqual([
        'To import a repository, make the project EXTERNAL.',
        expect.stringContaining('Enter the address of the repository to import, or pick one'),
        expect.stringContaining('Describe what to build.'),
      ]);
      expect(await projectCount()).toBe(before);
    });
  });

  it('answers 401 without a session', async () => {
    expect((await harness.request('GET', '/api/projects')).status).toBe(401);
  });
});
