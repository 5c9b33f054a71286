import { createTestDatabase, type TestDatabase } from '@mason/server-db/testing';
import { entryOf, previewUnsupportedReason } from './app-layout';
import { putBlobs } from './blobs';
import { TEMPLATE_FILES } from './template';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A version's manifest of these files (stored as blobs). */
async function manifestOf(files: Record<string, string>) {
  const paths = Object.keys(files);
  const hashes = await putBlobs(
    database.db,
    paths.map((path) => files[path] ?? ''),
  );
  return Object.fromEntries(paths.map((path, position) => [path, hashes[position] ?? '']));
}

const reasonOf = async (files: Record<string, string>) =>
  previewUnsupportedReason(database.db, await manifestOf(files));

describe('entryOf', () => {
  it("reads the module script of an index.html, or takes the starter's", () => {
    expect(entryOf('<script type="module" src="/src/index.jsx"></script>')).toBe('src/index.jsx');
    expect(entryOf('<script src="./app/main.ts" type="module"></script>')).toBe('app/main.ts');
    expect(entryOf(undefined)).toBe('src/main.tsx');
  });
});

describe('previewUnsupportedReason', () => {
  it('previews the starter, a Vite app with its own entry, and src/main.tsx without an index.html', async () => {
    expect(await reasonOf({ ...TEMPLATE_FILES })).toBeNull();
    expect(
      await reasonOf({
        'index.html': '<div id="root"></div><script type="module" src="/src/index.jsx"></script>',
        'src/index.jsx': 'export {};',
      }),
    ).toBeNull();
    expect(await reasonOf({ 'src/main.tsx': 'export {};' })).toBeNull();
  });

  it('says why it does not preview a Next.js app or an index.html whose module is missing', async () => {
    const nextApp = await reasonOf({
      'package.json': '{"dependencies":{"next":"15.0.0","react":"19.0.0"}}',
      'pages/index.js': 'export default function Home() { return null; }',
    });
    expect(nextApp).toMatch(
      /^The preview runs Vite \+ React apps: an index.html at the project's root that loads a module such as src\/main\.tsx\. It has no index\.html at its root, so it is not previewed\./,
    );
    const missing = await reasonOf({
      'index.html': '<script type="module" src="/src/app.ts"></script>',
    });
    expect(missing).toContain('Its index.html loads src/app.ts, which is not one of its files');
    const plainSite = await reasonOf({ 'index.html': '<h1>Hello</h1>' });
    expect(plainSite).toContain('Its index.html loads no module script');
  });
});
