import { randomBytes } from 'node:crypto';
import {
  type ApiErrorBody,
  type CreateProjectResponse,
  type GithubRepositoriesResponse,
  type ProjectCodeHostingResponse,
  type ProjectFilePathsResponse,
  type ProjectFilesResponse,
  type ProjectsResponse,
} from '@mason/contract';
import {
  seedRepository,
  startGitServer,
  startGithubStandIn,
  type GitServer,
  type GithubStandIn,
} from '@mason/server-code-hosting/testing';
import { putBlobs, TEMPLATE_FILES, VersionStore } from '@mason/server-workspace';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import { signUp } from '../test-utils/accounts';
import { projectPreview, requestAsHost } from '../test-utils/preview-host';
import { scriptedAgent, waitForTask } from '../test-utils/task-loop';
import { connectGithub } from '../test-utils/github';
import { startTestApp, type TestApp } from '../test-utils/test-app';
import { eventually } from '../test-utils/waits';

const TOKEN = 'seed-token';
const CLIENT = { clientId: 'Iv1.mason-import', clientSecret: randomBytes(20).toString('hex') };
/** The imported app's home page says so: the preview shows the repository's code. */
const IMPORTED_APP = TEMPLATE_FILES['src/App.tsx'].replace(
  'Your app starts here',
  'Imported from the shop repository',
);
const PICTURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);

// POST /projects with type EXTERNAL: a git repository (cloned over HTTP from a real git server on
// loopback, `git http-backend`) becomes the project's version 0, and the preview runs it.
describe('importing a repository as a project (EXTERNAL)', () => {
  let git: GitServer;
  let github: GithubStandIn;
  let model: ScriptedModelServer;
  let server: TestApp;
  /** A server with the default setting: loopback addresses are refused. */
  let strict: TestApp;

  beforeAll(async () => {
    git = await startGitServer({
      acceptToken: (token) => token === TOKEN || github.liveTokens.has(token),
      anonymousRead: (fullName) => fullName.startsWith('public/'),
    });
    // A GitHub account with a private repository (on the git server), reached by its token only.
    github = await startGithubStandIn({
      ...CLIENT,
      login: 'ada-codes',
      git,
      repositories: [{ name: 'notes', private: true }],
    });
    await seedRepository(
      git,
      'ada-codes/notes',
      { main: { ...TEMPLATE_FILES, 'NOTES.md': '# Notes\n' } },
      { token: TOKEN },
    );
    await seedRepository(
      git,
      'public/shop',
      {
        main: { ...TEMPLATE_FILES, 'src/App.tsx': IMPORTED_APP, 'public/logo.png': PICTURE },
        redesign: { 'README.md': '# The redesign\n' },
      },
      { token: TOKEN },
    );
    await seedRepository(
      git,
      'public/next-blog',
      {
        main: {
          'package.json': '{"dependencies":{"next":"15.0.0","react":"19.0.0"}}\n',
          'pages/index.js': 'export default function Home() { return <h1>Blog</h1>; }\n',
        },
      },
      { token: TOKEN },
    );
    model = await startScriptedModelServer();
    server = await startTestApp({
      agent: scriptedAgent(model),
      gitImportAllowLoopback: true,
      github: { ...CLIENT, apiUrl: github.apiUrl },
    });
    strict = await startTestApp();
  });

  afterAll(async () => {
    await server?.close();
    await strict?.close();
    await github?.close();
    await git?.close();
    await model?.close();
  });

  const port = (app: TestApp) => Number(new URL(app.baseUrl).port);
  const importAs = (app: TestApp, token: string, body: Record<string, unknown>) =>
    app.request<CreateProjectResponse & ApiErrorBody>('POST', '/api/projects', {
      token,
      body: { type: 'EXTERNAL', ...body },
    });
  const projectCount = async (app: TestApp, token: string) =>
    (await app.request<ProjectsResponse>('GET', '/api/projects', { token })).body.projects.length;

  it("makes the default branch's files version 0, and previews them", async () => {
    const { token } = await signUp(server);

    const created = await importAs(server, token, { repositoryUrl: git.cloneUrl('public/shop') });

    expect(created.status).toBe(201);
    const { project, firstTask } = created.body;
    expect(firstTask).toBeNull();
    expect(project).toMatchObject({ name: 'shop', type: 'EXTERNAL', branch: 'main' });
    const paths = await server.request<ProjectFilePathsResponse>(
      'GET',
      `/api/projects/${project.id}/filepaths`,
      { token },
    );
    expect(paths.body.filePaths).toEqual(
      [...Object.keys(TEMPLATE_FILES), 'public/logo.png'].sort(),
    );
    const app = await server.request<ProjectFilesResponse>(
      'GET',
      `/api/projects/${project.id}/files?filePath=src/App.tsx`,
      { token },
    );
    expect(app.body.files[0]?.content).toBe(IMPORTED_APP);

    // The preview builds the imported code and serves its files as they are.
    const preview = await projectPreview(server, token, project.id);
    const access = new URL(preview.url).search;
    const page = await requestAsHost(port(server), preview.url);
    expect(page.status).toBe(200);
    const bundleUrl = /<script type="module" src="([^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(bundleUrl).toContain('?mason_preview=');
    const bundle = await requestAsHost(port(server), new URL(bundleUrl, preview.origin).toString());
    expect(bundle.status).toBe(200);
    const built = bundle.body;
    expect(built).toContain('Imported from the shop repository');
    const logo = await requestAsHost(port(server), `${preview.origin}/logo.png${access}`);
    expect(logo.bytes.equals(PICTURE)).toBe(true);
    expect(preview.unsupportedReason).toBeNull();
  });

  it('imports an app the preview cannot run, and the preview says why', async () => {
    const { token } = await signUp(server);

    const created = await importAs(server, token, {
      repositoryUrl: git.cloneUrl('public/next-blog'),
    });

    expect(created.status).toBe(201);
    const preview = await projectPreview(server, token, created.body.project.id);
    expect(preview.unsupportedReason).toMatch(
      /^The preview runs Vite \+ React apps: .* It has no index\.html at its root, so it is not previewed\./,
    );
  });

  it('imports the branch asked for, and starts the first task when described', async () => {
    const { token } = await signUp(server);

    const created = await importAs(server, token, {
      repositoryUrl: git.cloneUrl('public/shop'),
      branch: 'redesign',
      name: 'Shop redesign',
      description: 'Make the home page list the products',
    });

    expect(created.status).toBe(201);
    expect(created.body.project).toMatchObject({ name: 'Shop redesign', branch: 'redesign' });
    expect(created.body.firstTask).toMatchObject({
      description: 'Make the home page list the products',
    });
    const paths = await server.request<ProjectFilePathsResponse>(
      'GET',
      `/api/projects/${created.body.project.id}/filepaths`,
      { token },
    );
    expect(paths.body.filePaths).toContain('README.md');
  });

  it('lets the assistant work on the imported code as on any other: its tools, its check, a version', async () => {
    const { token } = await signUp(server);
    const key = 'imported-shop-welcome';
    model.enqueueFor(
      key,
      { toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }] },
      {
        toolCalls: [
          {
            name: 'edit_file',
            input: {
              path: 'src/App.tsx',
              old_string: 'Imported from the shop repository',
              new_string: 'Welcome to the shop',
            },
          },
        ],
      },
      { toolCalls: [{ name: 'check_project', input: {} }] },
      { text: 'The home page now welcomes people to the shop.' },
    );

    const created = await importAs(server, token, {
      repositoryUrl: git.cloneUrl('public/shop'),
      description: `Make the heading welcome people to the shop (${key})`,
    });

    expect(created.status).toBe(201);
    const taskId = created.body.firstTask?.id ?? '';
    const task = await waitForTask(server, token, taskId);
    expect(task.state).toBe('COMPLETED');
    const app = await server.request<ProjectFilesResponse>(
      'GET',
      `/api/projects/${created.body.project.id}/files?filePath=src/App.tsx`,
      { token },
    );
    expect(app.body.files[0]?.content).toBe(
      IMPORTED_APP.replace('Imported from the shop repository', 'Welcome to the shop'),
    );
  });

  it('answers a clear 4xx for an address it cannot import, and creates nothing', async () => {
    const { token } = await signUp(server);
    const refusals = [
      [{ repositoryUrl: 'ssh://git@github.com/ada/shop.git' }, 400, /^Mason imports over https/],
      [
        { repositoryUrl: git.cloneUrl('public/missing') },
        422,
        /^There is no public git repository/,
      ],
      [{ repositoryUrl: git.cloneUrl('private/notes') }, 422, /^There is no public git repository/],
      [
        { repositoryUrl: git.cloneUrl('public/shop'), branch: 'nope' },
        422,
        /^That repository has no branch named "nope"\.$/,
      ],
      [{}, 400, /Enter the address of the repository to import, or pick one/],
    ] as const;

    for (const [body, status, message] of refusals) {
      const refused = await importAs(server, token, body);
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status,
        message: expect.stringMatching(message),
      });
    }
    expect(await projectCount(server, token)).toBe(0);
  });

  it('refuses loopback addresses unless GIT_IMPORT_ALLOW_LOOPBACK is set', async () => {
    const { token } = await signUp(strict);

    const refused = await importAs(strict, token, { repositoryUrl: git.cloneUrl('public/shop') });

    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'That address points to a private or local network. Mason imports only from public addresses.',
    );
    expect(await projectCount(strict, token)).toBe(0);
  });

  describe('from the connected GitHub account (repositoryId)', () => {
    it('imports a private repository with the connection, linked: the next version is a commit on top', async () => {
      const { token } = await signUp(server);
      await connectGithub(server, token);
      const listed = await server
        .as(token)
        .get<GithubRepositoriesResponse>('/api/github/repositories');
      const notes = listed.body.repositories.find((repository) => repository.name === 'notes');
      expect(notes).toBeDefined();
      const imported = (await git.git('ada-codes/notes', 'rev-parse', 'main')).trim();

      const created = await importAs(server, token, { repositoryId: notes?.id });

      expect(created.status).toBe(201);
      const { project } = created.body;
      expect(project).toMatchObject({
        name: 'notes',
        type: 'EXTERNAL',
        branch: 'main',
        repositoryId: notes?.id,
      });
      const paths = await server.request<ProjectFilePathsResponse>(
        'GET',
        `/api/projects/${project.id}/filepaths`,
        { token },
      );
      expect(paths.body.filePaths).toContain('NOTES.md');
      const linked = await server
        .as(token)
        .get<ProjectCodeHostingResponse>(`/api/projects/${project.id}/code-hosting`);
      expect(linked.body).toMatchObject({
        link: { fullName: 'ada-codes/notes', branch: 'main', internal: false },
        sync: { state: 'PUSHED', pushedCommit: imported, error: null },
      });

      // A version Mason makes goes to the branch as a commit whose parent is the imported one.
      const [hash] = await putBlobs(server.database.db, ['# Notes, edited in Mason\n']);
      const versions = new VersionStore(server.database.db);
      const newest = await versions.latestVersion(project.id);
      await versions.createVersion({
        projectId: project.id,
        manifest: { ...newest?.manifest, 'NOTES.md': hash ?? '' },
        summary: 'Edit the notes',
      });
      await server.as(token).post(`/api/projects/${project.id}/code-hosting/sync`, {});
      const head = await eventually('the version pushed on top of the import', async () => {
        const line = (
          await git.git('ada-codes/notes', 'log', '-1', '--format=%H %P %s', 'main')
        ).trim();
        return line.endsWith('Edit the notes') ? line : undefined;
      });
      expect(head.split(' ')[1]).toBe(imported);
      expect(await git.git('ada-codes/notes', 'show', 'main:NOTES.md')).toBe(
        '# Notes, edited in Mason\n',
      );
    });

    it('refuses without a connection (409) and a repository the account does not reach (422)', async () => {
      const stranger = await signUp(server);
      const withoutConnection = await importAs(server, stranger.token, { repositoryId: '1' });
      expect(withoutConnection.status).toBe(409);
      expect(withoutConnection.body.message).toBe('Connect your GitHub account first.');

      await connectGithub(server, stranger.token);
      const unknown = await importAs(server, stranger.token, { repositoryId: '987654' });
      expect(unknown.status).toBe(422);
      expect(unknown.body.message).toBe(
        'Your GitHub account cannot reach that repository. Pick one from the list.',
      );
      expect(await projectCount(server, stranger.token)).toBe(0);
    });
  });
});
