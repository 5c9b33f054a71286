import {
  type ApiErrorBody,
  type CreateProjectResponse,
  type ProjectFilePathsResponse,
  type ProjectFilesResponse,
  type ProjectsResponse,
} from '@mason/contract';
import { seedRepository, startGitServer, type GitServer } from '@mason/server-code-hosting/testing';
import { TEMPLATE_FILES } from '@mason/server-workspace';
import { signUp } from '../test-utils/accounts';
import { projectPreview, requestAsHost } from '../test-utils/preview-host';
import { startTestApp, type TestApp } from '../test-utils/test-app';

const TOKEN = 'seed-token';
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
  let server: TestApp;
  /** A server with the default setting: loopback addresses are refused. */
  let strict: TestApp;

  beforeAll(async () => {
    git = await startGitServer({
      acceptToken: (token) => token === TOKEN,
      anonymousRead: (fullName) => fullName.startsWith('public/'),
    });
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
    server = await startTestApp({ gitImportAllowLoopback: true });
    strict = await startTestApp();
  });

  afterAll(async () => {
    await server?.close();
    await strict?.close();
    await git?.close();
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
      [{}, 400, /Enter the address of the repository to import\./],
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
});
