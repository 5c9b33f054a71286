import { checkFiles } from './check-files';
import { RUNTIME_PACKAGES, TEMPLATE_FILES } from './template';

function template(changes: Record<string, string | Uint8Array | null> = {}) {
  const files = new Map<string, string | Uint8Array>(Object.entries(TEMPLATE_FILES));
  for (const [path, content] of Object.entries(changes)) {
    if (content === null) files.delete(path);
    else files.set(path, content);
  }
  return files;
}

describe('checkFiles', () => {
  it('finds nothing wrong with the template', async () => {
    expect(await checkFiles(template())).toEqual([]);
  });

  it('reports a syntax error at its file, line and 1-based column', async () => {
    const app = TEMPLATE_FILES['src/App.tsx'].replace(
      'function AboutPage() {',
      'function AboutPage() {\n  const broken = ;',
    );
    const line = app.split('\n').findIndex((text) => text.includes('const broken = ;')) + 1;
    const diagnostics = await checkFiles(template({ 'src/App.tsx': app }));
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: 'src/App.tsx',
        line,
        column: '  const broken = '.length + 1,
        message: expect.stringContaining('Unexpected ";"'),
      }),
    ]);
  });

  it('counts columns in characters, not bytes', async () => {
    const diagnostics = await checkFiles(
      template({
        'src/App.tsx': "export const s = 'ééé'; let = ;\nexport function App() { return null; }\n",
      }),
    );
    expect(diagnostics[0]).toMatchObject({
      line: 1,
      column: "export const s = 'ééé'; let = ".length + 1,
    });
  });

  it('reports an import of a project file that does not exist, where it is imported', async () => {
    const main = TEMPLATE_FILES['src/main.tsx'].replace(
      "import './globals.css';",
      "import './globals.css';\nimport { Footer } from './components/Footer';\nconsole.log(Footer);",
    );
    const diagnostics = await checkFiles(template({ 'src/main.tsx': main }));
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: 'src/main.tsx',
        line: 6,
        message: expect.stringContaining("Cannot find './components/Footer'"),
      }),
    ]);
  });

  it('suggests the right case when an import differs only in case', async () => {
    const app = TEMPLATE_FILES['src/App.tsx'].replace(
      "'./components/Layout'",
      "'./components/layout'",
    );
    const [diagnostic] = await checkFiles(template({ 'src/App.tsx': app }));
    expect(diagnostic.message).toContain("Did you mean './components/Layout'?");
  });

  it('names the packages that exist when the code imports another one', async () => {
    const app = `import axios from 'axios';\nexport function App() { return <p>{String(axios)}</p>; }\n`;
    const [diagnostic, ...rest] = await checkFiles(template({ 'src/App.tsx': app }));
    expect(rest).toEqual([]);
    expect(diagnostic).toMatchObject({
      severity: 'error',
      file: 'src/App.tsx',
      line: 1,
      column: 19,
    });
    expect(diagnostic.message).toContain("Package 'axios' is not available");
    for (const name of RUNTIME_PACKAGES) expect(diagnostic.message).toContain(name);
    expect(diagnostic.message).toContain('fetch');
  });

  it('accepts the runtime packages, and a file of a bundled one (one lucide icon)', async () => {
    const app = `import { clsx } from 'clsx';\nimport { twMerge } from 'tailwind-merge';\nimport { Heart } from 'lucide-react';\nimport Star from 'lucide-react/icons/star';\nexport function App() { return <p className={twMerge(clsx('a'))}><Heart /><Star /></p>; }\n`;
    expect(await checkFiles(template({ 'src/App.tsx': app }))).toEqual([]);
  });

  it('points react-router-dom users at react-router, and Node built-ins at the browser', async () => {
    const app = `import { Link } from 'react-router-dom';\nimport fs from 'node:fs';\nexport function App() { return <Link to="/">{String(fs)}</Link>; }\n`;
    const diagnostics = await checkFiles(template({ 'src/App.tsx': app }));
    expect(diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      expect.stringContaining("Import from 'react-router' instead"),
      expect.stringContaining('Node built-ins are not available'),
    ]);
  });

  it('reports a name that a project module does not export', async () => {
    const app = TEMPLATE_FILES['src/App.tsx']
      .replace('{ Layout }', '{ Layout, Sidebar }')
      .replace('<Layout />', '<Layout /> && <Sidebar />');
    const diagnostics = await checkFiles(template({ 'src/App.tsx': app }));
    expect(diagnostics).toEqual([
      expect.objectContaining({ file: 'src/App.tsx', message: expect.stringContaining('Sidebar') }),
    ]);
  });

  it('loads CSS, CSS modules, JSON, images and the @/ alias', async () => {
    const files = template({
      'src/components/Card.module.css': '.card { color: red; }\n',
      'src/data/items.json': '[{"id": 1}]\n',
      'src/assets/logo.png': new Uint8Array([137, 80, 78, 71, 0, 1, 2]),
      'src/components/Card.tsx': [
        "import styles from './Card.module.css';",
        "import items from '@/data/items.json';",
        "import logo from '../assets/logo.png';",
        'export function Card() {',
        '  return <img className={styles.card} src={logo} alt={String(items.length)} />;',
        '}',
        '',
      ].join('\n'),
      'src/globals.css': `${TEMPLATE_FILES['src/globals.css']}\nbody { background: url(/background.svg); }\n`,
    });
    files.set(
      'src/App.tsx',
      `import { Card } from '@/components/Card';\nexport function App() { return <Card />; }\n`,
    );
    expect(await checkFiles(files)).toEqual([]);
  });

  it('follows the module script of index.html', async () => {
    const html = TEMPLATE_FILES['index.html'].replace('/src/main.tsx', '/src/start.tsx');
    expect(await checkFiles(template({ 'index.html': html }))).toEqual([
      expect.objectContaining({
        file: 'index.html',
        message: expect.stringContaining('there is no file src/start.tsx'),
      }),
    ]);
    const moved = template({
      'index.html': html,
      'src/main.tsx': null,
      'src/start.tsx': TEMPLATE_FILES['src/main.tsx'],
    });
    expect(await checkFiles(moved)).toEqual([]);
  });

  it('falls back to src/main.tsx without index.html, and says so when there is no entry at all', async () => {
    expect(await checkFiles(template({ 'index.html': null }))).toEqual([]);
    expect(await checkFiles(template({ 'index.html': null, 'src/main.tsx': null }))).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: null,
        message: expect.stringContaining('no entry point'),
      }),
    ]);
  });

  it('refuses imports that leave the project', async () => {
    const app = `import secret from '../../etc/passwd';\nexport function App() { return <p>{secret}</p>; }\n`;
    const [diagnostic] = await checkFiles(template({ 'src/App.tsx': app }));
    expect(diagnostic.message).toContain('outside the project');
  });

  it('reports a package.json that is not JSON', async () => {
    expect(await checkFiles(template({ 'package.json': '{ "name": ' }))).toEqual([
      expect.objectContaining({
        file: 'package.json',
        message: expect.stringContaining('not valid JSON'),
      }),
    ]);
  });

  it('lists at most 50 problems and says how many more there are', async () => {
    const files = template();
    const imports = Array.from({ length: 60 }, (_, index) => `import './missing-${index}';`);
    files.set('src/App.tsx', `${imports.join('\n')}\nexport function App() { return null; }\n`);
    const diagnostics = await checkFiles(files);
    expect(diagnostics).toHaveLength(51);
    expect(diagnostics[50].message).toBe(
      '10 more problems are not listed; fix these first and check again.',
    );
  });
});
