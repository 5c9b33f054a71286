import { TEMPLATE_FILES } from '@mason/server-workspace';
import { buildProduction, entryOfIndex } from './production-build';

const starter = () => new Map<string, string | Uint8Array>(Object.entries(TEMPLATE_FILES));
const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('utf8');

describe('buildProduction', () => {
  it('builds the starter app minified, with hashed names, and an index.html that loads them', async () => {
    const result = await buildProduction(starter());
    if (!result.ok) throw new Error(result.log.join('\n'));
    const paths = [...result.files.keys()].sort();
    expect(paths).toEqual([
      expect.stringMatching(/^assets\/app-[A-Z0-9]{8}\.css$/),
      expect.stringMatching(/^assets\/app-[A-Z0-9]{8}\.js$/),
      'index.html',
    ]);
    const page = text(result.files.get('index.html'));
    const script = paths.find((name) => name.endsWith('.js')) as string;
    const style = paths.find((name) => name.endsWith('.css')) as string;
    expect(page).toContain(`<script type="module" crossorigin src="/${script}"></script>`);
    expect(page).toContain(`<link rel="stylesheet" crossorigin href="/${style}" />`);
    expect(page).not.toContain('/src/main.tsx');
    const bundle = text(result.files.get(script));
    expect(bundle).toContain('Your app starts here');
    expect(bundle).not.toContain('jsxDEV');
    expect(bundle).not.toContain('data-mason-file');
    expect(bundle).not.toContain('process.env.NODE_ENV');
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
