import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '@mason/server-db/testing';
import { insertProject } from '../test-utils/fixtures';
import { checkFiles } from './check-files';
import { normalizeProjectPath } from './paths';
import { RUNTIME_PACKAGES, TEMPLATE_FILES, createProjectFromTemplate } from './template';
import { VersionStore } from './version-store';

const mode = testDatabaseUrl() ? 'postgres' : 'pglite';

describe('TEMPLATE_FILES', () => {
  it('is a React + TypeScript app in the Vite layout, with Tailwind, a theme and a component kit', () => {
    expect(Object.keys(TEMPLATE_FILES).sort()).toEqual([
      'README.md',
      'index.html',
      'package.json',
      'src/App.tsx',
      'src/components/Layout.tsx',
      'src/components/auth/auth-screen.tsx',
      'src/components/auth/session.tsx',
      ...[
        'badge',
        'button',
        'card',
        'checkbox',
        'dialog',
        'dropdown-menu',
        'input',
        'label',
        'select',
        'skeleton',
        'switch',
        'table',
        'tabs',
        'textarea',
        'toast',
      ].map((name) => `src/components/ui/${name}.tsx`),
      'src/globals.css',
      'src/lib/supabase.ts',
      'src/lib/utils.ts',
      'src/main.tsx',
      'src/vite-env.d.ts',
      'tsconfig.json',
      'vite.config.ts',
    ]);
    for (const path of Object.keys(TEMPLATE_FILES)) expect(normalizeProjectPath(path)).toBe(path);
    expect(TEMPLATE_FILES['index.html']).toContain('<div id="root"></div>');
    expect(TEMPLATE_FILES['index.html']).toContain(
      '<script type="module" src="/src/main.tsx"></script>',
    );
    // Dark by default (SPEC.md 3: theme zinc, radius 1, dark).
    expect(TEMPLATE_FILES['index.html']).toContain('<html lang="en" class="dark">');
    expect(TEMPLATE_FILES['src/main.tsx']).toContain('createRoot(container)');
    expect(TEMPLATE_FILES['src/main.tsx']).toContain('<BrowserRouter>');
    expect(TEMPLATE_FILES['src/main.tsx']).toContain("import './globals.css';");
    const theme = TEMPLATE_FILES['src/globals.css'];
    expect(theme).toMatch(/^@import ['"]tailwindcss['"];/m);
    expect(theme).toContain('--radius: 1rem;');
    for (const name of [
      'background',
      'foreground',
      'primary',
      'muted',
      'accent',
      'destructive',
      'border',
      'input',
      'ring',
    ]) {
      expect(theme).toContain(`--color-${name}: var(--${name});`);
      // A value in light (:root) and one in dark (.dark).
      expect(theme.match(new RegExp(`^  --${name}: `, 'gm'))).toHaveLength(2);
    }
    expect(TEMPLATE_FILES['vite.config.ts']).toContain('plugins: [react(), tailwindcss()]');
  });

  it('depends on the runtime packages, with scripts that run Vite and Tailwind', () => {
    const manifest = JSON.parse(TEMPLATE_FILES['package.json']);
    // Every package a Mason app may import, so the downloaded code installs and runs with Vite.
    expect(Object.keys(manifest.dependencies).sort()).toEqual(
      [...RUNTIME_PACKAGES].filter((name) => !name.includes('/') || name.startsWith('@')).sort(),
    );
    expect(Object.keys(manifest.devDependencies)).toEqual(
      expect.arrayContaining(['vite', '@vitejs/plugin-react', 'tailwindcss', '@tailwindcss/vite']),
    );
    expect(manifest.scripts).toMatchObject({ dev: 'vite', preview: 'vite preview' });
    expect(() => JSON.parse(TEMPLATE_FILES['tsconfig.json'])).not.toThrow();
  });

  it('is the starter folder’s files, as bundled by scripts/bundle-starter.mjs', () => {
    const starter = join(__dirname, '../../starter');
    const files = readdirSync(starter, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        join(entry.parentPath, entry.name)
          .slice(starter.length + 1)
          .split('\\')
          .join('/'),
      );
    // Out of date: run `npx nx run server-workspace:bundle-starter`.
    expect(TEMPLATE_FILES).toEqual(
      Object.fromEntries(files.map((file) => [file, readFileSync(join(starter, file), 'utf8')])),
    );
  });

  it('compiles without a warning', async () => {
    expect(await checkFiles(new Map(Object.entries(TEMPLATE_FILES)))).toEqual([]);
  });
});

describe(`createProjectFromTemplate (${mode})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('writes the template as the project’s version 0, and only once', async () => {
    const { projectId } = await insertProject(database.db);
    const version = await createProjectFromTemplate(database.db, projectId, {
      summary: 'Started from the template',
    });
    expect(version).toMatchObject({
      projectId,
      index: 0,
      taskId: null,
      parentVersionId: null,
      summary: 'Started from the template',
    });
    const store = new VersionStore(database.db);
    expect(Object.fromEntries(await store.readTextFiles(version.manifest))).toEqual(TEMPLATE_FILES);

    await expect(
      createProjectFromTemplate(database.db, projectId, { summary: 'again' }),
    ).rejects.toThrow(/already has files/);
    expect(await store.listVersions(projectId)).toHaveLength(1);
  });
});
