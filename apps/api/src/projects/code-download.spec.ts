import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import {
  type ApiErrorBody,
  ProjectCodeResponseSchema,
  type ProjectCodeResponse,
} from '@mason/contract';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import { LinkSigner } from '@mason/server-http';
import { SecretBox } from '@mason/server-projects';
import { putBlobs, TEMPLATE_FILES, VersionStore } from '@mason/server-workspace';
import type { VersionManifest } from '@mason/server-db';
import { unzipSync } from 'fflate';
import * as z from 'zod/mini';
import { signUp } from '../test-utils/accounts';
import { pngOfSize } from '../test-utils/images';
import { readyProject, scriptedAgent, sendMessage, waitForTask } from '../test-utils/task-loop';
import { startTestApp, type TestApp } from '../test-utils/test-app';

const run = promisify(execFile);

/** Mason's own folder: its node_modules hold the packages a downloaded project names. */
const MASON_ROOT = join(__dirname, '../../../..');
const REFUSED =
  'This download link does not work: it has expired, or you logged out. Ask for a new one.';

/** A package.json the assistant wrote over the starter's: no scripts, no router, React as a range. */
const SHRUNK_PACKAGE_JSON = `${JSON.stringify(
  { name: 'counter-app', version: '1.2.0', dependencies: { react: '^19.0.0' } },
  null,
  2,
)}\n`;

/** The home page shows the logo from public/. */
const APP_WITH_LOGO = TEMPLATE_FILES['src/App.tsx'].replace(
  '<CardHeader>',
  '<CardHeader>\n        <img src="/logo.png" alt="Logo" className="size-12" />',
);

/** Runs Vite's build() on the folder, in a Node process of its own (Vite is an ES module). */
async function viteBuild(root: string) {
  const script = [
    "import { build } from 'vite';",
    "await build({ root: process.cwd(), logLevel: 'error' });",
  ].join('\n');
  await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    timeout: 120_000,
  });
}

/** Writes a zip's entries into a fresh folder beside Mason's node_modules (a symlink, as if installed). */
async function unpack(entries: Record<string, Uint8Array>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'mason-code-'));
  for (const [path, bytes] of Object.entries(entries)) {
    const target = join(root, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
  await symlink(join(MASON_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

describe('taking the code away (GET /projects/:id/code and its download link)', () => {
  let model: ScriptedModelServer;
  let server: TestApp;
  const folders: string[] = [];

  beforeAll(async () => {
    model = await startScriptedModelServer();
    server = await startTestApp({ agent: scriptedAgent(model) });
  });
  afterAll(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
    await server?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  const codeLink = async (token: string, projectId: string, versionId?: string) => {
    const query = versionId ? `?versionId=${versionId}` : '';
    const response = await server
      .as(token)
      .get<ProjectCodeResponse & ApiErrorBody>(`/api/projects/${projectId}/code${query}`);
    return response;
  };
  const download = (url: string) => fetch(`${server.baseUrl}${url}`);
  const unzip = async (response: Response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    return {
      entries,
      text: (path: string) => {
        const bytes = entries[path];
        if (!bytes) throw new Error(`The zip has no ${path}.`);
        return Buffer.from(bytes).toString('utf8');
      },
    };
  };

  /**
   * A project with three versions: 0 the starter, 1 the assistant's (package.json lost its
   * scripts and most packages, the home page shows /logo.png), 2 with public/logo.png added.
   */
  async function projectWithHistory() {
    const person = await signUp(server);
    const { project, task } = await readyProject(server, model, person.token, 'A counter');
    model.enqueue(
      {
        toolCalls: [
          { name: 'write_file', input: { path: 'package.json', content: SHRUNK_PACKAGE_JSON } },
          { name: 'write_file', input: { path: 'src/App.tsx', content: APP_WITH_LOGO } },
        ],
      },
      { text: 'Trimmed package.json and put the logo on the home page.' },
    );
    expect(
      (await sendMessage(server, person.token, task.id, { content: 'Show the logo' })).status,
    ).toBe(201);
    expect((await waitForTask(server, person.token, task.id)).state).toBe('COMPLETED');

    // The logo as the assets upload adds it: a binary file under public/, in a new version.
    const versions = new VersionStore(server.database.db);
    const newest = await versions.latestVersion(project.id);
    if (!newest) throw new Error('The project has no version.');
    const logo = pngOfSize(3, 2);
    const [logoHash] = await putBlobs(server.database.db, [logo]);
    const withLogo = await versions.createVersion({
      projectId: project.id,
      manifest: { ...(newest.manifest as VersionManifest), 'public/logo.png': logoHash },
      summary: 'Added public/logo.png',
    });
    const first = (await versions.listVersions(project.id)).find((version) => version.index === 0);
    if (!first) throw new Error('The project has no version 0.');
    return { ...person, project, logo, withLogo, first };
  }

  it('downloads the newest version as a Vite + React + TypeScript project that type-checks and builds as it is', async () => {
    const { token, project, logo, withLogo } = await projectWithHistory();

    const response = await codeLink(token, project.id);
    expect(response.status).toBe(200);
    const link = z.parse(ProjectCodeResponseSchema, response.body);
    expect(link.versionId).toBe(withLogo.id);
    const zip = await download(link.downloadUrl);
    expect(zip.headers.get('content-disposition')).toBe('attachment; filename="counter-v2.zip"');
    const { entries, text } = await unzip(zip);

    expect(Object.keys(entries)).toEqual(
      expect.arrayContaining([
        'package.json',
        'index.html',
        'vite.config.ts',
        'tsconfig.json',
        'README.md',
        'src/main.tsx',
        'src/App.tsx',
        'public/logo.png',
      ]),
    );
    expect(Buffer.from(entries['public/logo.png'])).toEqual(logo);
    expect(text('src/App.tsx')).toBe(APP_WITH_LOGO);
    expect(text('README.md')).toMatch(/npm install && npm run dev[\s\S]*npm run build/);
    // The page is titled with the project's name (the starter's says "My app").
    const { body: shown } = await server
      .as(token)
      .get<{ name: string }>(`/api/projects/${project.id}`);
    expect(text('index.html')).toContain(`<title>${shown.name}</title>`);

    // The assistant's package.json stays the project's, with what it lost put back.
    const manifest = JSON.parse(text('package.json'));
    expect(manifest).toMatchObject({ name: 'counter-app', version: '1.2.0' });
    expect(manifest.scripts).toMatchObject({ dev: 'vite', build: 'tsc --noEmit && vite build' });
    const installed = async (name: string) =>
      JSON.parse(await readFile(join(MASON_ROOT, 'node_modules', name, 'package.json'), 'utf8'))
        .version as string;
    for (const name of [
      'react',
      'react-dom',
      'react-router',
      'clsx',
      'tailwind-merge',
      'lucide-react',
    ])
      expect(manifest.dependencies[name]).toBe(await installed(name));
    for (const name of [
      'vite',
      '@vitejs/plugin-react',
      'typescript',
      '@types/react',
      '@types/react-dom',
      '@types/node',
    ])
      expect(manifest.devDependencies[name]).toBe(await installed(name));
    // A lockfile of exactly this package.json: `npm ci` installs it (code-download-e2e runs it).
    const lock = JSON.parse(text('package-lock.json'));
    expect(lock.packages['']).toEqual({
      name: 'counter-app',
      version: '1.2.0',
      dependencies: manifest.dependencies,
      devDependencies: manifest.devDependencies,
    });

    // `npm run build` is `tsc --noEmit && vite build`: both halves, on the unpacked folder, with
    // Mason's packages linked in (fast; code-download-e2e installs a download from the registry
    // outside the workspace, where a package the download lacks is missing).
    const root = await unpack(entries);
    folders.push(root);
    await run(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', root],
      {
        cwd: root,
        timeout: 120_000,
      },
    );
    await viteBuild(root);

    const html = await readFile(join(root, 'dist/index.html'), 'utf8');
    const script = html.match(/<script type="module"[^>]*\bsrc="\/(assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const bundle = await readFile(join(root, 'dist', script as string), 'utf8');
    expect(bundle).toContain('Your app starts here');
    expect(bundle).toContain('/logo.png');
    expect(await readFile(join(root, 'dist/logo.png'))).toEqual(logo);
    expect(existsSync(join(root, 'dist/src'))).toBe(false);
    // Tailwind (its Vite plugin) made the stylesheet from the classes the app uses.
    const style = html.match(/<link rel="stylesheet"[^>]*\bhref="\/(assets\/[^"]+\.css)"/)?.[1];
    const css = await readFile(join(root, 'dist', style as string), 'utf8');
    expect(css).toContain('.size-12{');
    expect(css).toContain('.bg-primary{background-color:var(--primary)}');
    expect(css).not.toContain('.grid-cols-7');
  }, 180_000);

  it('downloads a chosen version, and answers 404 for a version that is not the project’s', async () => {
    const { token, project, first } = await projectWithHistory();

    const response = await codeLink(token, project.id, first.id);
    expect(response.status).toBe(200);
    const link = z.parse(ProjectCodeResponseSchema, response.body);
    expect(link.versionId).toBe(first.id);
    expect(link.fileCount).toBe(Object.keys(TEMPLATE_FILES).length);
    const zip = await download(link.downloadUrl);
    expect(zip.headers.get('content-disposition')).toBe('attachment; filename="counter-v0.zip"');
    const { entries, text } = await unzip(zip);
    expect(text('src/App.tsx')).toBe(TEMPLATE_FILES['src/App.tsx']);
    expect(entries['public/logo.png']).toBeUndefined();
    expect(JSON.parse(text('package.json')).name).toBe('mason-app');

    const other = await projectWithHistory();
    const foreign = await codeLink(token, project.id, other.first.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('This project has no such version.');
    expect((await codeLink(token, project.id, 'not-a-version')).status).toBe(404);
    expect((await codeLink(token, project.id, 'x'.repeat(65))).status).toBe(400);
  }, 60_000);

  it('answers 404 for another person’s project; their link for one project opens no other', async () => {
    const owner = await projectWithHistory();
    const stranger = await signUp(server);
    const strangers = await readyProject(server, model, stranger.token, 'Their own app');

    const asked = await codeLink(stranger.token, owner.project.id);
    expect(asked.status).toBe(404);
    expect(asked.body.message).toBe('This project does not exist, or it is not yours.');
    expect((await codeLink(stranger.token, owner.project.id, owner.first.id)).status).toBe(404);

    // The stranger's own link, pointed at the owner's project and version, opens nothing.
    const own = z.parse(
      ProjectCodeResponseSchema,
      (await codeLink(stranger.token, strangers.project.id)).body,
    );
    const token = new URL(own.downloadUrl, server.baseUrl).searchParams.get('token') ?? '';
    const pointed = await download(
      `/api/projects/${owner.project.id}/code/download?version=${owner.first.id}&token=${encodeURIComponent(token)}`,
    );
    expect(pointed.status).toBe(403);
    expect(((await pointed.json()) as ApiErrorBody).message).toBe(REFUSED);
  }, 60_000);

  it('refuses a wrong, a changed, another version’s, an expired and a logged-out link with 403', async () => {
    const { token, project, first, withLogo } = await projectWithHistory();
    const link = z.parse(ProjectCodeResponseSchema, (await codeLink(token, project.id)).body);
    const signed = new URL(link.downloadUrl, server.baseUrl).searchParams.get('token') ?? '';
    const sessionId = signed.split('.')[1];
    const downloadPath = `/api/projects/${project.id}/code/download`;
    const refused = async (url: string) => {
      const response = await download(url);
      expect(response.status).toBe(403);
      expect(((await response.json()) as ApiErrorBody).message).toBe(REFUSED);
    };

    await refused(`${downloadPath}?version=${withLogo.id}&token=nope`);
    await refused(link.downloadUrl.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')));
    // A link for version 2 does not open version 0.
    await refused(`${downloadPath}?version=${first.id}&token=${encodeURIComponent(signed)}`);

    // Signed with the server's own key for this very project, version and session, but an hour old.
    const signer = new LinkSigner(SecretBox.load(server.config).deriveKey('signed-links'));
    const expired = signer.sign('code', `${project.id}:${withLogo.id}`, sessionId, {
      ttlSeconds: 600,
      now: Date.now() - 60 * 60_000,
    });
    await refused(
      `${downloadPath}?version=${withLogo.id}&token=${encodeURIComponent(expired.token)}`,
    );
    // The same signing, still valid, opens it: the refusal above was the expiry's.
    const fresh = signer.sign('code', `${project.id}:${withLogo.id}`, sessionId, {
      ttlSeconds: 600,
    });
    expect(
      (
        await download(
          `${downloadPath}?version=${withLogo.id}&token=${encodeURIComponent(fresh.token)}`,
        )
      ).status,
    ).toBe(200);

    expect((await server.request('POST', '/api/auth/logout', { token })).status).toBe(204);
    await refused(link.downloadUrl);
  }, 60_000);
});
