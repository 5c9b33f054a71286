import { mkdir, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startGitServer, type GitServer } from '../../testing/git-server';
import { seedRepository } from '../../testing/seed-repository';
import { cloneRepository, DEFAULT_IMPORT_LIMITS, type CloneOptions } from './clone-repository';
import { RepositoryImportError } from './repository-import-error';

const SEED_TOKEN = 'seed-token';
const PICTURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10, 0x0a]);

let server: GitServer;

const clone = (options: Partial<CloneOptions> & Pick<CloneOptions, 'url'>) =>
  cloneRepository({ limits: DEFAULT_IMPORT_LIMITS, allowLoopback: true, ...options });

/** The failure a clone ends with, and its sentence. */
async function failureOf(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RepositoryImportError);
  const { failure, message } = error as RepositoryImportError;
  return { failure, message };
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

beforeAll(async () => {
  server = await startGitServer({
    acceptToken: (token) => token === SEED_TOKEN || token === 'reader-token',
    anonymousRead: (fullName) => fullName.startsWith('public/'),
  });
  await seedRepository(
    server,
    'public/shop',
    {
      main: {
        'package.json': '{"name":"shop"}\n',
        'src/App.tsx': 'export const App = () => <h1>Shop</h1>;\n',
        'public/logo.png': PICTURE,
        '.gitignore': 'node_modules\n.env\n',
      },
      develop: { 'src/App.tsx': 'export const App = () => <h1>Shop, next</h1>;\n' },
    },
    {
      token: SEED_TOKEN,
      // Ignored files on the author's disk never reach the repository, nor the import.
      beforeCommit: async (dir) => {
        await mkdir(path.join(dir, 'node_modules/left'), { recursive: true });
        await writeFile(path.join(dir, 'node_modules/left/index.js'), 'module.exports = 1;\n');
        await writeFile(path.join(dir, '.env'), 'SECRET=1\n');
        await symlink('package.json', path.join(dir, 'link.json')).catch(() => undefined);
      },
    },
  );
  await seedRepository(
    server,
    'private/notes',
    { main: { 'README.md': '# Notes\n' } },
    { token: SEED_TOKEN },
  );
});

afterAll(async () => {
  await server?.close();
});

describe('cloneRepository', () => {
  it('imports every tracked file of the default branch, byte for byte, and nothing ignored', async () => {
    const cloned = await clone({ url: server.cloneUrl('public/shop') });

    expect(cloned.branch).toBe('main');
    expect(cloned.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(cloned.files.map((file) => file.path)).toEqual([
      '.gitignore',
      'package.json',
      'public/logo.png',
      'src/App.tsx',
    ]);
    expect(cloned.skipped).toEqual(['link.json']);
    const byPath = new Map(cloned.files.map((file) => [file.path, file.content]));
    expect(Buffer.from(byPath.get('public/logo.png') ?? [])).toEqual(Buffer.from(PICTURE));
    expect(text(byPath.get('src/App.tsx') ?? new Uint8Array())).toContain('<h1>Shop</h1>');
  });

  it('imports the branch it is asked for', async () => {
    const cloned = await clone({ url: server.cloneUrl('public/shop'), branch: 'develop' });

    expect(cloned.branch).toBe('develop');
    const app = cloned.files.find((file) => file.path === 'src/App.tsx');
    expect(text(app?.content ?? new Uint8Array())).toContain('Shop, next');
  });

  it('says so when the branch does not exist', async () => {
    const { failure, message } = await failureOf(
      clone({ url: server.cloneUrl('public/shop'), branch: 'nope' }),
    );

    expect(failure).toBe('NO_BRANCH');
    expect(message).toBe('That repository has no branch named "nope".');
  });

  it('says so when there is no repository at the address', async () => {
    const { failure, message } = await failureOf(clone({ url: server.cloneUrl('public/missing') }));

    expect(failure).toBe('NOT_FOUND');
    expect(message).toMatch(/^There is no public git repository at that address/);
  });

  it('reads a private repository with a token, and not without one', async () => {
    const url = server.cloneUrl('private/notes');

    const cloned = await clone({ url, token: 'reader-token' });
    expect(cloned.files.map((file) => file.path)).toEqual(['README.md']);

    expect((await failureOf(clone({ url }))).failure).toBe('NOT_FOUND');
    expect((await failureOf(clone({ url, token: 'stolen-token' }))).failure).toBe('NOT_FOUND');
  });

  it('refuses loopback addresses unless the setting allows them, by address and by name', async () => {
    const url = server.cloneUrl('public/shop');
    const byName = url.replace('127.0.0.1', 'localhost');
    const refusals = [
      await failureOf(clone({ url, allowLoopback: false })),
      await failureOf(clone({ url: byName, allowLoopback: false })),
      await failureOf(clone({ url: 'http://169.254.169.254/latest/meta-data.git' })),
      await failureOf(clone({ url: 'http://10.1.2.3/owner/name.git' })),
    ];

    for (const refusal of refusals) {
      expect(refusal).toEqual({
        failure: 'PRIVATE_ADDRESS',
        message:
          'That address points to a private or local network. Mason imports only from public addresses.',
      });
    }
  });

  it('stops at the limits with a sentence that names them', async () => {
    const url = server.cloneUrl('public/shop');

    const files = await failureOf(
      clone({ url, limits: { ...DEFAULT_IMPORT_LIMITS, maxFiles: 3 } }),
    );
    expect(files).toEqual({
      failure: 'TOO_LARGE',
      message: 'That repository has more than 3 files, the most a Mason project holds.',
    });

    const bytes = await failureOf(
      clone({ url, limits: { ...DEFAULT_IMPORT_LIMITS, maxBytes: 20 } }),
    );
    expect(bytes.failure).toBe('TOO_LARGE');
    expect(bytes.message).toBe(
      "That repository's files pass 1 KB, the most a Mason project holds.",
    );

    const download = await failureOf(
      clone({ url, limits: { ...DEFAULT_IMPORT_LIMITS, maxDownloadBytes: 64 } }),
    );
    expect(download).toEqual({
      failure: 'TOO_LARGE',
      message: 'That repository is larger than Mason imports: its download passed 1 KB.',
    });
  });

  it('gives up on a host that does not answer in time', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const limits = { ...DEFAULT_IMPORT_LIMITS, timeoutMs: 300 };

      const late = await failureOf(clone({ url: `http://127.0.0.1:${port}/a/b.git`, limits }));

      expect(late).toEqual({
        failure: 'UNREACHABLE',
        message:
          'The repository did not finish downloading within 1 second. Try again, or import a smaller repository.',
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
