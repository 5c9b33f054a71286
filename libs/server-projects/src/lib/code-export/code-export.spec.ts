import { TEMPLATE_FILES } from '@mason/server-workspace';
import { APP_PACKAGE_VERSIONS } from './app-packages';
import { exportProjectFiles, mergePackageJson, packageNameFor } from './code-export';

const encode = (text: string) => new TextEncoder().encode(text);
const text = (files: ReadonlyMap<string, Uint8Array>, path: string) => {
  const bytes = files.get(path);
  if (!bytes) throw new Error(`There is no ${path} in the export.`);
  return new TextDecoder().decode(bytes);
};
const filesOf = (record: Record<string, string | Uint8Array>) =>
  new Map(
    Object.entries(record).map(([path, content]) => [
      path,
      typeof content === 'string' ? encode(content) : content,
    ]),
  );
const starter = () => filesOf(TEMPLATE_FILES);
const packageJsonOf = (files: ReadonlyMap<string, Uint8Array>) =>
  JSON.parse(text(files, 'package.json')) as {
    name: string;
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
    [field: string]: unknown;
  };

describe('exportProjectFiles', () => {
  it('keeps the starter app, titled with the project’s name, adds a .gitignore and a lockfile, and pins exact versions', () => {
    const exported = exportProjectFiles(starter(), { projectName: 'Recipe box' });
    expect([...exported.keys()].sort()).toEqual(
      [...Object.keys(TEMPLATE_FILES), '.gitignore', 'package-lock.json'].sort(),
    );
    const renamed = ['package.json', 'index.html', 'README.md'];
    for (const path of Object.keys(TEMPLATE_FILES).filter((path) => !renamed.includes(path)))
      expect(text(exported, path)).toBe(TEMPLATE_FILES[path]);
    // The page and the README are the project's, not "My app".
    expect(text(exported, 'index.html')).toBe(
      TEMPLATE_FILES['index.html'].replace('<title>My app</title>', '<title>Recipe box</title>'),
    );
    expect(text(exported, 'README.md')).toBe(
      TEMPLATE_FILES['README.md'].replace(/^# My app\n/, '# Recipe box\n'),
    );
    expect(text(exported, 'README.md')).toMatch(
      /`npm install && npm run dev`[\s\S]*`npm run build`/,
    );
    expect(text(exported, '.gitignore').split('\n')).toEqual(
      expect.arrayContaining(['node_modules', 'dist']),
    );

    const manifest = packageJsonOf(exported);
    expect(manifest.name).toBe('mason-app');
    expect(manifest.scripts).toEqual(JSON.parse(TEMPLATE_FILES['package.json']).scripts);
    expect(manifest.dependencies).toEqual(APP_PACKAGE_VERSIONS.dependencies);
    expect(manifest.devDependencies).toEqual(APP_PACKAGE_VERSIONS.devDependencies);
    expect(manifest.dependencies['react']).toMatch(/^\d+\.\d+\.\d+$/);
    // vite.config.ts imports node:url: `tsc` needs Node's types.
    expect(manifest.devDependencies['@types/node']).toBe(
      APP_PACKAGE_VERSIONS.devDependencies['@types/node'],
    );

    const lock = JSON.parse(text(exported, 'package-lock.json'));
    expect(lock).toMatchObject({ name: 'mason-app', version: '0.1.0', lockfileVersion: 3 });
    expect(lock.packages['']).toEqual({
      name: 'mason-app',
      version: '0.1.0',
      dependencies: manifest.dependencies,
      devDependencies: manifest.devDependencies,
    });
  });

  it('replaces a lockfile the project kept; leaves none when package.json names a package the lock cannot hold', () => {
    const files = starter();
    files.set('package-lock.json', encode('{"lockfileVersion":3,"packages":{}}'));
    const lock = JSON.parse(
      text(exportProjectFiles(files, { projectName: 'A' }), 'package-lock.json'),
    );
    expect(lock.packages['node_modules/react'].version).toBe(
      APP_PACKAGE_VERSIONS.dependencies.react,
    );

    const manifest = JSON.parse(TEMPLATE_FILES['package.json']);
    manifest.dependencies['left-pad'] = '^1.3.0';
    files.set('package.json', encode(JSON.stringify(manifest)));
    const exported = exportProjectFiles(files, { projectName: 'A' });
    expect(packageJsonOf(exported).dependencies['left-pad']).toBe('^1.3.0');
    expect(exported.has('package-lock.json')).toBe(false);
  });

  it('merges a package.json that lost packages and scripts: what the project set stays, what it needs comes back', () => {
    const files = starter();
    files.set(
      'package.json',
      encode(
        JSON.stringify({
          name: 'my-shop',
          description: 'A shop',
          scripts: { dev: 'vite --port 3000', lint: 'eslint .' },
          dependencies: { react: '^18.0.0', 'date-fns': '^4.1.0' },
          devDependencies: { react: '^19.0.0', vite: '^5.0.0', eslint: '^9.0.0' },
        }),
      ),
    );
    const manifest = packageJsonOf(exportProjectFiles(files, { projectName: 'Shop' }));
    expect(manifest).toMatchObject({ name: 'my-shop', description: 'A shop', private: true });
    expect(manifest.scripts).toEqual({
      dev: 'vite --port 3000',
      build: 'tsc --noEmit && vite build',
      preview: 'vite preview',
      lint: 'eslint .',
    });
    expect(manifest.dependencies).toEqual({
      ...APP_PACKAGE_VERSIONS.dependencies,
      'date-fns': '^4.1.0',
    });
    expect(Object.keys(manifest.dependencies)).toEqual(Object.keys(manifest.dependencies).sort());
    expect(manifest.devDependencies).toEqual({
      ...APP_PACKAGE_VERSIONS.devDependencies,
      eslint: '^9.0.0',
    });
  });

  it.each([
    ['no package.json', undefined],
    ['a package.json that is not JSON', '{ "name": "broken", '],
    ['a package.json that is a list', '["react"]'],
  ])('writes a whole package.json for a project with %s', (_case, content) => {
    const files = starter();
    if (content === undefined) files.delete('package.json');
    else files.set('package.json', encode(content));
    const manifest = packageJsonOf(exportProjectFiles(files, { projectName: 'Très Bon Café!' }));
    expect(manifest.name).toBe('tres-bon-cafe');
    expect(manifest.scripts).toMatchObject({
      dev: 'vite',
      build: expect.stringContaining('vite build'),
    });
    expect(manifest.dependencies).toEqual(APP_PACKAGE_VERSIONS.dependencies);
  });

  it('adds what a Vite project needs when the project lacks it, and keeps the project’s own', () => {
    const files = starter();
    for (const path of [
      'vite.config.ts',
      'tsconfig.json',
      'index.html',
      'README.md',
      'src/vite-env.d.ts',
    ])
      files.delete(path);
    files.set('vite.config.js', encode('export default {};\n'));
    const exported = exportProjectFiles(files, { projectName: 'Notes <&> "more"' });

    expect(exported.has('vite.config.ts')).toBe(false);
    expect(text(exported, 'vite.config.js')).toBe('export default {};\n');
    expect(text(exported, 'tsconfig.json')).toBe(TEMPLATE_FILES['tsconfig.json']);
    expect(text(exported, 'src/vite-env.d.ts')).toBe(TEMPLATE_FILES['src/vite-env.d.ts']);
    const html = text(exported, 'index.html');
    expect(html).toContain('<title>Notes &lt;&amp;&gt; &quot;more&quot;</title>');
    expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
    const readme = text(exported, 'README.md');
    expect(readme).toMatch(/^# Notes <&> "more"\n/);
    expect(readme).toContain('npm install && npm run dev');
    expect(readme).toContain('npm run build');

    const withoutConfig = starter();
    withoutConfig.delete('vite.config.ts');
    expect(text(exportProjectFiles(withoutConfig, { projectName: 'A' }), 'vite.config.ts')).toBe(
      TEMPLATE_FILES['vite.config.ts'],
    );
  });

  it('points index.html at the entry the preview uses when it loads no module script', () => {
    const files = starter();
    files.delete('src/main.tsx');
    files.set('src/main.jsx', encode("import './index.css';\n"));
    files.set('index.html', encode('<html><body><div id="root"></div></body></html>'));
    expect(text(exportProjectFiles(files, { projectName: 'A' }), 'index.html')).toBe(
      '<html><body><div id="root"></div>  <script type="module" src="/src/main.jsx"></script>\n  </body></html>',
    );

    files.delete('index.html');
    expect(text(exportProjectFiles(files, { projectName: 'A' }), 'index.html')).toContain(
      '<script type="module" src="/src/main.jsx"></script>',
    );
  });

  it('adds how to run it to a README that does not say, and leaves one that does alone', () => {
    const files = starter();
    files.set('README.md', encode('# Weather\n\nShows the weather.\n'));
    expect(text(exportProjectFiles(files, { projectName: 'Weather' }), 'README.md')).toMatch(
      /^# Weather\n\nShows the weather\.\n\n## Run it on your computer\n[\s\S]*npm install && npm run dev/,
    );
    files.set('README.md', encode('# Weather\n\nRun `npm install`, then `npm run dev`.\n'));
    expect(text(exportProjectFiles(files, { projectName: 'Weather' }), 'README.md')).toMatch(
      /^# Weather\n\nRun `npm install`, then `npm run dev`\.\n\n## Run it on your computer\n[\s\S]*npm run build/,
    );
    files.set('README.md', encode('Run `npm install`, then `npm run dev`; `npm run build`.\n'));
    expect(text(exportProjectFiles(files, { projectName: 'Weather' }), 'README.md')).toBe(
      'Run `npm install`, then `npm run dev`; `npm run build`.\n',
    );
  });

  it('includes binary files under public/ byte for byte', () => {
    const files = starter();
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 1]);
    files.set('public/logo.png', png);
    expect(exportProjectFiles(files, { projectName: 'A' }).get('public/logo.png')).toEqual(png);
  });
});

describe('mergePackageJson', () => {
  it('keeps a valid npm name and replaces one npm refuses with the project’s', () => {
    expect(JSON.parse(mergePackageJson('{"name":"@me/shop"}', 'Shop')).name).toBe('@me/shop');
    expect(JSON.parse(mergePackageJson('{"name":"My Shop"}', 'My Shop')).name).toBe('my-shop');
  });

  it('ignores entries that are not text in scripts and dependencies', () => {
    const merged = JSON.parse(
      mergePackageJson('{"scripts":{"dev":42},"dependencies":{"x":null,"y":"1.0.0"}}', 'A'),
    );
    expect(merged.scripts.dev).toBe('vite');
    expect(merged.dependencies).toEqual({ ...APP_PACKAGE_VERSIONS.dependencies, y: '1.0.0' });
  });
});

describe('packageNameFor', () => {
  it.each([
    ['A recipe box', 'a-recipe-box'],
    ['  Hello, World!  ', 'hello-world'],
    ['日本語', 'mason-app'],
    ['x'.repeat(100), 'x'.repeat(60)],
  ])('%j -> %s', (name, expected) => {
    expect(packageNameFor(name)).toBe(expected);
  });
});
