import { createTestDatabase, type TestDatabase } from '@mason/server-db/testing';
import { putBlobs } from './blobs';
import { FilePathError } from './errors';
import {
  isTextContent,
  projectFilePaths,
  projectFilesFromManifest,
  toProjectFile,
} from './project-files';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('isTextContent', () => {
  it('takes valid UTF-8 without NUL bytes as text', () => {
    expect(isTextContent(Buffer.from('plain text, ünïcode, emoji 🎉\n'))).toBe(true);
    expect(isTextContent(Buffer.alloc(0))).toBe(true);
    expect(isTextContent(Buffer.from('a\0b'))).toBe(false);
    expect(isTextContent(Buffer.from([0xff, 0xfe, 0x41]))).toBe(false);
    expect(isTextContent(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))).toBe(false);
  });
});

describe('project files for GET /projects/:id/files', () => {
  it('answers text as utf8 and binary content as base64, with byte sizes', () => {
    expect(toProjectFile('a.txt', Buffer.from('héllo'))).toEqual({
      path: 'a.txt',
      content: 'héllo',
      encoding: 'utf8',
      size: 6,
    });
    expect(toProjectFile('a.png', Buffer.from([0, 1, 255]))).toEqual({
      path: 'a.png',
      content: 'AAH/',
      encoding: 'base64',
      size: 3,
    });
  });

  it('reads every file, one file, or a folder, sorted by path', async () => {
    const [app, main, button, logo] = await putBlobs(database.db, [
      'app',
      'main',
      'button',
      Buffer.from([0, 1]),
    ]);
    const manifest = {
      'src/main.tsx': main,
      'src/App.tsx': app,
      'src/components/Button.tsx': button,
      'src/components-old.txt': app,
      'public/logo.png': logo,
    };
    expect(projectFilePaths(manifest)).toEqual([
      'public/logo.png',
      'src/App.tsx',
      'src/components-old.txt',
      'src/components/Button.tsx',
      'src/main.tsx',
    ]);
    const all = await projectFilesFromManifest(database.db, manifest);
    expect(all.map((file) => [file.path, file.encoding])).toEqual([
      ['public/logo.png', 'base64'],
      ['src/App.tsx', 'utf8'],
      ['src/components-old.txt', 'utf8'],
      ['src/components/Button.tsx', 'utf8'],
      ['src/main.tsx', 'utf8'],
    ]);
    expect(
      await projectFilesFromManifest(database.db, manifest, { filePath: 'src/App.tsx' }),
    ).toEqual([{ path: 'src/App.tsx', content: 'app', encoding: 'utf8', size: 3 }]);
    const folder = await projectFilesFromManifest(database.db, manifest, {
      filePath: 'src/components/',
    });
    expect(folder.map((file) => file.path)).toEqual(['src/components/Button.tsx']);
    expect(await projectFilesFromManifest(database.db, manifest, { filePath: 'nothing' })).toEqual(
      [],
    );
    await expect(
      projectFilesFromManifest(database.db, manifest, { filePath: '../x' }),
    ).rejects.toThrow(FilePathError);
  });
});
