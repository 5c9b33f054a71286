import { randomUUID } from 'node:crypto';
import type { VersionRow } from '@mason/server-db';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '@mason/server-db/testing';
import { insertProject } from '../test-utils/fixtures';
import { putBlobs } from './blobs';
import { BinaryFileError, FilePathError, WorkspaceLimitError } from './errors';
import { createProjectFromTemplate, TEMPLATE_FILES } from './template';
import { MAX_PROJECT_FILES, VersionStore } from './version-store';
import { MAX_FILE_BYTES, WorkingTree } from './working-tree';

const mode = testDatabaseUrl() ? 'postgres' : 'pglite';

let database: TestDatabase;
let store: VersionStore;
beforeAll(async () => {
  database = await createTestDatabase();
  store = new VersionStore(database.db);
});
afterAll(() => database.close());

async function templateProject(): Promise<{ projectId: string; v0: VersionRow }> {
  const { projectId } = await insertProject(database.db);
  const v0 = await createProjectFromTemplate(database.db, projectId, { summary: 'Template' });
  return { projectId, v0 };
}

describe(`WorkingTree (${mode})`, () => {
  it('shows the base version’s files, sorted, and reads them as text', async () => {
    const { v0 } = await templateProject();
    const tree = new WorkingTree(database.db, v0);
    expect(tree.baseVersionId).toBe(v0.id);
    expect(await tree.list()).toEqual(Object.keys(TEMPLATE_FILES).sort());
    expect(await tree.read('src/App.tsx')).toBe(TEMPLATE_FILES['src/App.tsx']);
    expect(await tree.read('./src//main.tsx')).toBe(TEMPLATE_FILES['src/main.tsx']);
    expect(await tree.read('src/Missing.tsx')).toBeNull();
  });

  it('keeps writes and deletes in memory until commit, leaving the stored version as it was', async () => {
    const { projectId, v0 } = await templateProject();
    const tree = new WorkingTree(database.db, v0);
    await tree.write('src/components/Counter.tsx', 'export const Counter = () => null;\n');
    await tree.write('src/App.tsx', `${TEMPLATE_FILES['src/App.tsx']}// more\n`);
    expect(await tree.delete('README.md')).toBe(true);
    expect(await tree.delete('README.md')).toBe(false);
    expect(await tree.delete('nothing-here.txt')).toBe(false);

    expect(await tree.read('README.md')).toBeNull();
    expect(await tree.read('src/components/Counter.tsx')).toBe(
      'export const Counter = () => null;\n',
    );
    expect(await tree.list()).toContain('src/components/Counter.tsx');
    expect(await tree.list()).not.toContain('README.md');
    expect(tree.changedPaths()).toEqual(['README.md', 'src/App.tsx', 'src/components/Counter.tsx']);
    expect(tree.hasChanges()).toBe(true);

    // Nothing is stored yet.
    expect((await store.latestVersion(projectId))?.id).toBe(v0.id);
    expect(Object.keys(v0.manifest)).toContain('README.md');
  });

  it('commits the changes as one new version and answers what changed', async () => {
    const { projectId, v0 } = await templateProject();
    const tree = new WorkingTree(database.db, v0);
    await tree.write('src/components/Counter.tsx', 'export const a = 1;\nexport const b = 2;\n');
    await tree.write(
      'src/App.tsx',
      TEMPLATE_FILES['src/App.tsx'].replace('Your app starts here', 'Todos'),
    );
    await tree.delete('README.md');
    const taskId = randomUUID();

    const result = await database.db.transaction((tx) =>
      tree.commit(tx, { projectId, taskId, logSeq: 4, summary: 'Added a counter' }),
    );
    expect(result?.version).toMatchObject({
      projectId,
      index: 1,
      taskId,
      logSeq: 4,
      parentVersionId: v0.id,
      summary: 'Added a counter',
    });
    expect(result?.changes).toEqual([
      {
        path: 'README.md',
        change: 'DELETED',
        additions: 0,
        deletions: TEMPLATE_FILES['README.md'].split('\n').length - 1,
      },
      { path: 'src/App.tsx', change: 'UPDATED', additions: 1, deletions: 1 },
      { path: 'src/components/Counter.tsx', change: 'CREATED', additions: 2, deletions: 0 },
    ]);
    const stored = await store.latestVersion(projectId);
    expect(stored?.id).toBe(result?.version.id);
    const files = await store.readTextFiles(stored?.manifest ?? {});
    expect(files.has('README.md')).toBe(false);
    expect(files.get('src/App.tsx')).toContain('Todos');
    expect(files.get('src/components/Counter.tsx')).toBe(
      'export const a = 1;\nexport const b = 2;\n',
    );
  });

  it('treats a rewrite with the same content, or a file made and removed again, as no change', async () => {
    const { projectId, v0 } = await templateProject();
    const tree = new WorkingTree(database.db, v0);
    await tree.write('src/App.tsx', TEMPLATE_FILES['src/App.tsx']);
    await tree.write('scratch.txt', 'temporary');
    await tree.delete('scratch.txt');
    await tree.delete('README.md');
    await tree.write('README.md', TEMPLATE_FILES['README.md']);
    expect(tree.changedPaths()).toEqual([]);
    expect(tree.hasChanges()).toBe(false);
    expect(
      await database.db.transaction((tx) =>
        tree.commit(tx, { projectId, taskId: null, summary: 'x' }),
      ),
    ).toBeNull();
    expect((await store.listVersions(projectId)).length).toBe(1);
  });

  it('leaves no version when the caller’s transaction rolls back', async () => {
    const { projectId, v0 } = await templateProject();
    const tree = new WorkingTree(database.db, v0);
    await tree.write('a.txt', 'a');
    await expect(
      database.db.transaction(async (tx) => {
        await tree.commit(tx, { projectId, taskId: null, summary: 'x' });
        throw new Error('the turn failed');
      }),
    ).rejects.toThrow('the turn failed');
    expect((await store.latestVersion(projectId))?.id).toBe(v0.id);
  });

  it('applies its changes onto a version made meanwhile instead of undoing it', async () => {
    const { projectId, v0 } = await templateProject();
    const turn = new WorkingTree(database.db, v0);
    await turn.write('src/App.tsx', 'export function App() { return null; }\n');

    // Meanwhile, someone else adds a file (a visual edit, another task).
    const other = new WorkingTree(database.db, v0);
    await other.write('src/theme.css', ':root { --x: 1; }\n');
    const v1 = await other.commit(database.db, { projectId, taskId: null, summary: 'Theme' });

    const v2 = await turn.commit(database.db, { projectId, taskId: null, summary: 'Turn' });
    expect(v2?.version.parentVersionId).toBe(v1?.version.id);
    expect(v2?.changes.map((change) => change.path)).toEqual(['src/App.tsx']);
    expect(Object.keys(v2?.version.manifest ?? {})).toContain('src/theme.css');
  });

  it('starts empty without a base and commits the first version', async () => {
    const { projectId } = await insertProject(database.db);
    const tree = new WorkingTree(database.db);
    expect(tree.baseVersionId).toBeNull();
    expect(await tree.list()).toEqual([]);
    await tree.write('index.html', '<div id="root"></div>');
    const result = await tree.commit(database.db, { projectId, taskId: null, summary: 'First' });
    expect(result?.version.index).toBe(0);
    expect(result?.changes).toEqual([
      { path: 'index.html', change: 'CREATED', additions: 1, deletions: 0 },
    ]);
  });

  it('refuses paths that leave the project, for every operation', async () => {
    const tree = new WorkingTree(database.db, (await templateProject()).v0);
    await expect(tree.read('../secrets.txt')).rejects.toThrow(FilePathError);
    await expect(tree.write('/etc/passwd', 'x')).rejects.toThrow(/is absolute/);
    await expect(tree.delete('src/../../x')).rejects.toThrow(/leaves the project/);
    await expect(tree.write('node_modules/react/index.js', 'x')).rejects.toThrow(/node_modules/);
    expect(tree.hasChanges()).toBe(false);
  });

  it('refuses a file inside a file, or a file where a folder is', async () => {
    const tree = new WorkingTree(database.db, (await templateProject()).v0);
    await expect(tree.write('src/App.tsx/index.ts', 'x')).rejects.toThrow(
      'src/App.tsx is a file, so src/App.tsx/index.ts cannot be created inside it. Choose another path.',
    );
    await expect(tree.write('src/lib', 'x')).rejects.toThrow(/src\/lib is a folder/);
    // Once the folder is empty, the name is free.
    for (const file of ['src/lib/supabase.ts', 'src/lib/utils.ts']) await tree.delete(file);
    await expect(tree.write('src/lib', 'now a file')).resolves.toBeUndefined();
  });

  it(`refuses a file over ${MAX_FILE_BYTES} bytes and a project over ${MAX_PROJECT_FILES} files`, async () => {
    const tree = new WorkingTree(database.db);
    await expect(tree.write('big.txt', 'x'.repeat(MAX_FILE_BYTES + 1))).rejects.toThrow(
      WorkspaceLimitError,
    );
    await expect(tree.write('big.txt', 'é'.repeat(MAX_FILE_BYTES / 2 + 1))).rejects.toThrow(
      /big\.txt would be 1\.0 MB; one file can hold at most 1\.0 MB of text/,
    );
    await tree.write('exact.txt', 'x'.repeat(MAX_FILE_BYTES));
    for (let index = 1; index < MAX_PROJECT_FILES; index += 1)
      await tree.write(`f/${index}.txt`, '');
    await expect(tree.write('one-too-many.txt', '')).rejects.toThrow(
      /already has 2000 files, the most it can hold/,
    );
    await tree.write('exact.txt', 'rewriting a file is fine');
    await tree.delete('f/1.txt');
    await expect(tree.write('one-too-many.txt', '')).resolves.toBeUndefined();
  });

  it('refuses a write that would make the files hold more than maxBytes, counting the base', async () => {
    const { v0 } = await templateProject();
    const templateBytes = Object.values(TEMPLATE_FILES).reduce(
      (sum, text) => sum + Buffer.byteLength(text, 'utf8'),
      0,
    );
    const tree = new WorkingTree(database.db, v0, { maxBytes: templateBytes + 1000 });
    await tree.write('src/fits.ts', 'x'.repeat(1000));
    await expect(tree.write('src/more.ts', 'x')).rejects.toThrow(
      /The project is full: with src\/more\.ts it would hold .* a project holds at most/,
    );
    await expect(tree.write('src/more.ts', 'x')).rejects.toThrow(WorkspaceLimitError);
    // Rewriting a file counts its new size only, and a delete frees room.
    await tree.write('src/fits.ts', 'x'.repeat(500));
    await tree.write('src/more.ts', 'x'.repeat(500));
    await tree.delete('README.md');
    await tree.write(
      'src/more.ts',
      'x'.repeat(500 + Buffer.byteLength(TEMPLATE_FILES['README.md'])),
    );
    expect((await tree.list()).includes('src/more.ts')).toBe(true);
  });

  it('once warmed, reads the base files and checks its limit without asking the database', async () => {
    const { v0 } = await templateProject();
    let unreachable = false;
    // The database as the tree sees it: it fails every call once the tree is warmed. (The
    // template's contents may come from memory: they were stored in this process.)
    const executor = new Proxy(database.db, {
      get(target, property, receiver) {
        if (unreachable) throw new Error('The database was asked.');
        return Reflect.get(target, property, receiver);
      },
    });
    const tree = new WorkingTree(executor, v0, { maxBytes: 10 * 1024 * 1024 });
    await tree.warm();
    unreachable = true;
    expect(() => executor.select()).toThrow('The database was asked.');
    expect(await tree.read('src/App.tsx')).toBe(TEMPLATE_FILES['src/App.tsx']);
    await tree.write('src/App.tsx', 'export const App = () => null;\n');
    expect(await tree.read('src/App.tsx')).toBe('export const App = () => null;\n');
    expect(await tree.read('README.md')).toBe(TEMPLATE_FILES['README.md']);
  });

  it('says that a binary file cannot be read as text, and lists it', async () => {
    const { projectId } = await insertProject(database.db);
    const [png] = await putBlobs(database.db, [Buffer.from([137, 80, 78, 71, 0, 0, 0, 13])]);
    const version = await store.createVersion({
      projectId,
      manifest: { 'public/logo.png': png },
      summary: 's',
    });
    const tree = new WorkingTree(database.db, version);
    expect(await tree.list()).toEqual(['public/logo.png']);
    await expect(tree.read('public/logo.png')).rejects.toThrow(BinaryFileError);
    await expect(tree.read('public/logo.png')).rejects.toThrow(
      /public\/logo\.png is a binary file \(1 KB\)/,
    );
  });

  it('checks the files as they are now, including unsaved writes', async () => {
    const tree = new WorkingTree(database.db, (await templateProject()).v0);
    expect(await tree.check()).toEqual([]);
    await tree.write('src/App.tsx', 'export function App() {\n  return <div></span>;\n}\n');
    expect(await tree.check()).toEqual([
      expect.objectContaining({ severity: 'error', file: 'src/App.tsx', line: 2, column: 17 }),
    ]);
    await tree.delete('src/App.tsx');
    expect(await tree.check()).toEqual([
      expect.objectContaining({
        file: 'src/main.tsx',
        message: expect.stringContaining("Cannot find './App'"),
      }),
    ]);
  });

  it('hands the files, binary ones as bytes, to a check given in its options', async () => {
    const { projectId } = await insertProject(database.db);
    const [png, text] = await putBlobs(database.db, [Buffer.from([0, 1, 2]), 'hello']);
    const version = await store.createVersion({
      projectId,
      manifest: { 'a.png': png, 'a.txt': text },
      summary: 's',
    });
    const seen: Array<[string, string | Uint8Array]> = [];
    const tree = new WorkingTree(database.db, version, {
      check: async (files) => {
        seen.push(...files);
        return [];
      },
    });
    await tree.write('b.txt', 'new');
    await tree.check();
    expect(seen).toEqual([
      ['a.png', Buffer.from([0, 1, 2])],
      ['a.txt', 'hello'],
      ['b.txt', 'new'],
    ]);
  });
});
