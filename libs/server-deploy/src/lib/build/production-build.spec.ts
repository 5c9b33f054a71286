import { TEMPLATE_FILES } from '@mason/server-workspace';
import { buildProduction, entryOfIndex } from './production-build';

const starter = () => new Map<string, string | Uint8Array>(Object.entries(TEMPLATE_FILES));
const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('utf8');

describe('buildProduction', () => {
  it('builds the starter app minified, with hashed names, and an index.html that loads them', async () => {
    const result = await buildProduction(starter());
    if (!result.ok) throw new Error(result.log.join('\n'));
    const paths = [...result.files.keys()].sort();
    const own = paths.filter((name) => !name.startsWith('assets/runtime/'));
    // In any order: their names sort by their hashes.
    expect(own).toHaveLength(3);
    expect(own).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^assets\/app-[A-Z0-9]{8}\.css$/),
        expect.stringMatching(/^assets\/app-[A-Z0-9]{8}\.js$/),
        'index.html',
      ]),
    );
    const page = text(result.files.get('index.html'));
    const script = own.find((name) => name.endsWith('.js')) as string;
    const style = own.find((name) => name.endsWith('.css')) as string;
    expect(page).toContain(`<script type="module" crossorigin src="/${script}"></script>`);
    expect(page).toContain(`<link rel="stylesheet" crossorigin href="/${style}" />`);
    expect(page).not.toContain('/src/main.tsx');
    const bundle = text(result.files.get(script));
    expect(bundle).toContain('Your app starts here');
    expect(bundle).not.toContain('jsxDEV');
    expect(bundle).not.toContain('data-mason-file');
    expect(bundle).not.toContain('process.env.NODE_ENV');
  });

  it('shares React: production builds of it, found through an import map and preloaded', async () => {
    const result = await buildProduction(starter());
    if (!result.ok) throw new Error(result.log.join('\n'));
    const page = text(result.files.get('index.html'));
    const map = JSON.parse(/<script type="importmap">(.*?)<\/script>/.exec(page)?.[1] ?? '{}') as {
      imports: Record<string, string>;
    };
    for (const specifier of ['react', 'react-dom/client', 'react-router', 'react/jsx-runtime']) {
      const url = map.imports[specifier] as string;
      expect(url).toMatch(/^\/assets\/runtime\/.+-[A-Z0-9]+\.js$/);
      expect(result.files.has(url.slice(1))).toBe(true);
      expect(page).toContain(`<link rel="modulepreload" crossorigin href="${url}" />`);
    }
    const runtime = [...result.files.keys()]
      .filter((name) => name.startsWith('assets/runtime/'))
      .map((name) => text(result.files.get(name)))
      .join('\n');
    // React's production build: its errors are codes, its development warnings are gone.
    expect(runtime).toContain('Minified React error');
    expect(runtime).not.toContain('jsxDEV');
    // The app's own bundle imports React, it does not carry it.
    const script = [...result.files.keys()].find((name) => /^assets\/app-.*\.js$/.test(name));
    expect(text(result.files.get(script as string))).toMatch(/from"react/);
    // Built once per process: a second app gets the same files.
    const again = await buildProduction(starter());
    if (!again.ok) throw new Error(again.log.join('\n'));
    expect(Object.keys(map.imports).map((key) => map.imports[key])).toEqual(
      expect.arrayContaining(
        [...again.files.keys()]
          .filter((name) => name.startsWith('assets/runtime/react-'))
          .map((name) => `/${name}`),
      ),
    );
  });

  it('copies the public folder to the root, and gives an imported image a hashed name', async () => {
    const files = starter();
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    files.set('public/favicon.png', png);
    files.set('src/logo.png', png);
    files.set(
      'src/App.tsx',
      'import logo from \'./logo.png\';\nexport function App() {\n  return <img src={logo} alt="Logo" />;\n}\n',
    );
    const result = await buildProduction(files);
    if (!result.ok) throw new Error(result.log.join('\n'));
    expect(result.files.get('favicon.png')).toEqual(png);
    const image = [...result.files.keys()].find((name) =>
      /^assets\/logo-[A-Z0-9]+\.png$/.test(name),
    );
    expect(image).toBeDefined();
    const script = [...result.files.keys()].find((name) => name.endsWith('.js')) as string;
    expect(text(result.files.get(script))).toContain(`/${image}`);
  });

  it('answers the errors with file and line, and a log, for an app that does not build', async () => {
    const files = starter();
    files.set('src/App.tsx', 'export function App() {\n  return <main>\n}\n');
    const result = await buildProduction(files);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostics[0]).toMatchObject({
      severity: 'error',
      file: 'src/App.tsx',
      line: 3,
    });
    expect(result.log[0]).toMatch(/^error: src\/App\.tsx:3:\d+: /);
  });

  it('refuses a package the app cannot have, and an index.html whose entry is missing', async () => {
    const files = starter();
    files.set(
      'src/App.tsx',
      "import axios from 'axios';\nexport function App() {\n  return <p>{String(axios)}</p>;\n}\n",
    );
    const result = await buildProduction(files);
    expect(result.ok).toBe(false);
    expect(result.log.join('\n')).toContain("Package 'axios' is not available");

    const noEntry = starter();
    noEntry.delete('src/main.tsx');
    const missing = await buildProduction(noEntry);
    expect(missing.ok).toBe(false);
    expect(missing.log[0]).toContain('src/main.tsx');
  });

  it('reads the entry from index.html like Vite', () => {
    expect(entryOfIndex('<script type="module" src="/src/index.tsx"></script>')).toBe(
      'src/index.tsx',
    );
    expect(entryOfIndex('<p>no script</p>')).toBe('src/main.tsx');
  });
});
