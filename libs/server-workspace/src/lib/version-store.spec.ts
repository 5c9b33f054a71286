import { randomUUID } from 'node:crypto';
import { createDatabase, type Database } from '@mason/server-db';
import {
  createTestDatabase,
  createTestDatabaseTarget,
  testDatabaseUrl,
  type TestDatabase,
} from '@mason/server-db/testing';
import { insertProject } from '../test-utils/fixtures';
import { hashContent, putBlobs } from './blobs';
import { FilePathError, WorkspaceLimitError } from './errors';
import { MAX_PROJECT_FILES, VersionStore } from './version-store';

const mode = testDatabaseUrl() ? 'postgres' : 'pglite';

let database: TestDatabase;
let store: VersionStore;
beforeAll(async () => {
  database = await createTestDatabase();
  store = new VersionStore(database.db);
});
afterAll(() => database.close());

/** Stores the files and answers their manifest. */
async function manifestOf(db: Database, files: Record<string, string | Buffer>) {
  const paths = Object.keys(files);
  const hashes = await putBlobs(db, Object.values(files));
  return Object.fromEntries(paths.map((path, index) => [path, hashes[index]]));
}

describe(`VersionStore (${mode})`, () => {
  it('numbers a project’s versions 0, 1, 2 and records who made each and from what', async () => {
    const { projectId } = await insertProject(database.db);
    expect(await store.latestVersion(projectId)).toBeNull();
    const manifest = await manifestOf(database.db, { 'src/a.ts': 'a\n' });

    const first = await store.createVersion({ projectId, manifest, summary: 'Template' });
    expect(first).toMatchObject({
      projectId,
      index: 0,
      taskId: null,
      logSeq: null,
      parentVersionId: null,
    });
    const taskId = randomUUID();
    const second = await store.createVersion(database.db, {
      projectId,
      manifest,
      taskId,
      logSeq: 7,
      summary: 'Added a',
    });
    expect(second).toMatchObject({
      index: 1,
      taskId,
      logSeq: 7,
      parentVersionId: first.id,
      summary: 'Added a',
    });
    const third = await store.createVersion(undefined, { projectId, manifest, summary: 'Third' });
    expect(third.index).toBe(2);

    expect((await store.latestVersion(projectId))?.id).toBe(third.id);
    expect((await store.listVersions(projectId)).map((version) => version.index)).toEqual([
      0, 1, 2,
    ]);
    expect((await store.listVersions(database.db, projectId, { taskId })).map((v) => v.id)).toEqual(
      [second.id],
    );
  });

  it('numbers each project on its own', async () => {
    const one = await insertProject(database.db);
    const two = await insertProject(database.db);
    const manifest = await manifestOf(database.db, { 'index.html': '<div></div>' });
    await store.createVersion({ projectId: one.projectId, manifest, summary: 'one' });
    const other = await store.createVersion({ projectId: two.projectId, manifest, summary: 'two' });
    expect(other.index).toBe(0);
  });

  it('gives two creators at once different, consecutive indexes', async () => {
    const { projectId } = await insertProject(database.db);
    const manifest = await manifestOf(database.db, { 'a.txt': 'a' });
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        store.createVersion({ projectId, manifest, summary: `v${n}` }),
      ),
    );
    expect(created.map((version) => version.index).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
  });

  it('refuses a manifest with a malformed path, a missing blob or too many files', async () => {
    const { projectId } = await insertProject(database.db);
    const [hash] = await putBlobs(database.db, ['x']);
    await expect(
      store.createVersion({ projectId, manifest: { './src/a.ts': hash }, summary: 's' }),
    ).rejects.toThrow(FilePathError);
    await expect(
      store.createVersion({ projectId, manifest: { '../a.ts': hash }, summary: 's' }),
    ).rejects.toThrow(/leaves the project/);
    await expect(
      store.createVersion({
        projectId,
        manifest: { 'a.ts': hashContent('never stored') },
        summary: 's',
      }),
    ).rejects.toThrow(/The content of a\.ts is not stored/);
    const tooMany = Object.fromEntries(
      Array.from({ length: MAX_PROJECT_FILES + 1 }, (_, index) => [`f${index}.txt`, hash]),
    );
    await expect(
      store.createVersion({ projectId, manifest: tooMany, summary: 's' }),
    ).rejects.toThrow(WorkspaceLimitError);
    await expect(
      store.createVersion({ projectId: randomUUID(), manifest: { 'a.ts': hash }, summary: 's' }),
    ).rejects.toThrow(/There is no project/);
    expect(await store.latestVersion(projectId)).toBeNull();
  });

  it('finds a version only through its own project', async () => {
    const mine = await insertProject(database.db);
    const theirs = await insertProject(database.db);
    const manifest = await manifestOf(database.db, { 'a.txt': 'a' });
    const version = await store.createVersion({
      projectId: mine.projectId,
      manifest,
      summary: 's',
    });
    expect((await store.getVersion(mine.projectId, version.id))?.id).toBe(version.id);
    expect(await store.getVersion(theirs.projectId, version.id)).toBeNull();
    expect(await store.getVersion(mine.projectId, randomUUID())).toBeNull();
    expect(await store.getVersion(mine.projectId, 'not-an-id')).toBeNull();
    expect(await store.latestVersion('not-an-id')).toBeNull();
    expect(await store.listVersions('not-an-id')).toEqual([]);
  });

  it('reads one file, or the text files of a manifest', async () => {
    const image = Buffer.from([137, 80, 78, 71, 0, 255]);
    const manifest = await manifestOf(database.db, {
      'src/App.tsx': 'export const App = 1;\n',
      'src/main.tsx': 'import "./App";\n',
      'public/logo.png': image,
    });
    expect((await store.readFile(manifest, './src//App.tsx'))?.toString()).toBe(
      'export const App = 1;\n',
    );
    expect(await store.readFile(database.db, manifest, 'public/logo.png')).toEqual(image);
    expect(await store.readFile(manifest, 'src/missing.ts')).toBeNull();
    await expect(store.readFile(manifest, '/etc/passwd')).rejects.toThrow(FilePathError);

    expect(await store.readTextFiles(manifest)).toEqual(
      new Map([
        ['src/App.tsx', 'export const App = 1;\n'],
        ['src/main.tsx', 'import "./App";\n'],
      ]),
    );
    expect(
      await store.readTextFiles(manifest, ['src/main.tsx', 'nope.ts', 'public/logo.png']),
    ).toEqual(new Map([['src/main.tsx', 'import "./App";\n']]));
  });

  it('diffs two manifests into created, updated and deleted files with line counts', async () => {
    const before = await manifestOf(database.db, {
      'src/App.tsx': 'line 1\nline 2\nline 3\n',
      'src/old.ts': 'a\nb\n',
      'same.txt': 'same\n',
      'logo.png': Buffer.from([0, 1, 2]),
    });
    const after = await manifestOf(database.db, {
      'src/App.tsx': 'line 1\nline two\nline 3\nline 4\n',
      'src/new.ts': 'x\ny\nz\n',
      'same.txt': 'same\n',
      'logo.png': Buffer.from([0, 1, 3]),
    });
    expect(await store.diffManifests(before, after)).toEqual([
      { path: 'logo.png', change: 'UPDATED', additions: 0, deletions: 0 },
      { path: 'src/App.tsx', change: 'UPDATED', additions: 2, deletions: 1 },
      { path: 'src/new.ts', change: 'CREATED', additions: 3, deletions: 0 },
      { path: 'src/old.ts', change: 'DELETED', additions: 0, deletions: 2 },
    ]);
    expect(await store.diffManifests(database.db, null, { 'same.txt': after['same.txt'] })).toEqual(
      [{ path: 'same.txt', change: 'CREATED', additions: 1, deletions: 0 }],
    );
    expect(await store.diffManifests(after, after)).toEqual([]);
  });

  it('reverts by adding a new version equal to the old one, keeping every version', async () => {
    const { projectId } = await insertProject(database.db);
    const v0 = await store.createVersion({
      projectId,
      manifest: await manifestOf(database.db, { 'a.txt': 'first' }),
      summary: 'first',
    });
    const v1 = await store.createVersion({
      projectId,
      manifest: await manifestOf(database.db, { 'a.txt': 'second', 'b.txt': 'b' }),
      summary: 'second',
    });
    const taskId = randomUUID();
    const reverted = await store.revertTo(projectId, v0.id, {
      taskId,
      logSeq: 3,
      summary: 'Reverted to version 0',
    });
    expect(reverted).toMatchObject({
      index: 2,
      manifest: v0.manifest,
      taskId,
      logSeq: 3,
      parentVersionId: v1.id,
      summary: 'Reverted to version 0',
    });
    expect((await store.listVersions(projectId)).map((version) => version.id)).toEqual([
      v0.id,
      v1.id,
      reverted?.id,
    ]);
    expect((await store.readFile(reverted?.manifest ?? {}, 'a.txt'))?.toString()).toBe('first');

    const other = await insertProject(database.db);
    expect(await store.revertTo(other.projectId, v0.id, { taskId: null, summary: 'x' })).toBeNull();
  });

  it('composes into the caller’s transaction: a rollback leaves no version', async () => {
    const { projectId } = await insertProject(database.db);
    const manifest = await manifestOf(database.db, { 'a.txt': 'a' });
    await expect(
      database.db.transaction(async (tx) => {
        const version = await store.createVersion(tx, { projectId, manifest, summary: 's' });
        expect((await store.latestVersion(tx, projectId))?.id).toBe(version.id);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await store.latestVersion(projectId)).toBeNull();
  });
});

describe(`VersionStore across processes (${mode})`, () => {
  it('numbers versions without a gap or a repeat when two database handles create them at once', async () => {
    // PostgreSQL: two connection pools, as two Mason processes have. PGlite is one connection per
    // data folder (one process), so both stores share it there.
    const target = mode === 'postgres' ? await createTestDatabaseTarget() : null;
    const one = target ? await createDatabase(target.options) : database;
    const two = target ? await createDatabase(target.options) : database;
    try {
      const { projectId } = await insertProject(one.db);
      const manifest = await manifestOf(one.db, { 'a.txt': 'a' });
      const stores = [new VersionStore(one.db), new VersionStore(two.db)];
      const created = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          stores[n % 2].createVersion({ projectId, manifest, summary: `v${n}` }),
        ),
      );
      expect(created.map((version) => version.index).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, n) => n),
      );
      const parents = new Set(created.map((version) => version.parentVersionId));
      expect(parents.size).toBe(20); // each one made on top of a different newest version
    } finally {
      if (target) {
        await one.close();
        await two.close();
        await target.dispose();
      }
    }
  });
});
