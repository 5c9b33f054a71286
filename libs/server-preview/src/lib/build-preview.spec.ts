import { TEMPLATE_FILES } from '@mason/server-workspace';
import { buildPreview } from './build-preview';

function templateFiles(changes: Record<string, string | null> = {}): Map<string, string> {
  const files = new Map(Object.entries(TEMPLATE_FILES));
  for (const [path, content] of Object.entries(changes)) {
    if (content === null) files.delete(path);
    else files.set(path, content);
  }
  return files;
}

describe('buildPreview', () => {
  it('bundles the template with tagged elements, its CSS, and React left to the import map', async () => {
    const build = await buildPreview(templateFiles());
    if (!build.ok) throw new Error(JSON.stringify(build.diagnostics));
    expect(build.diagnostics).toEqual([]);
    expect(build.js).toContain('"data-mason-file": "src/components/Layout.tsx"');
    expect(build.js).toContain('"data-mason-component": "HomePage"');
    expect(build.js).toMatch(/from "react-router"/);
    expect(build.js).toMatch(/from "react\/jsx-runtime"/);
    // The template's Tailwind stylesheet, compiled with the classes its files use, in the css
    // output and not in the js.
    expect(build.css).toContain('--radius: 1rem');
    expect(build.css).toMatch(/\.min-h-screen \{\s*min-height: 100vh;/);
    expect(build.css).toMatch(/\.bg-primary \{\s*background-color: var\(--primary\);/);
    expect(build.css).not.toContain('.grid-cols-12');
    expect(build.js).not.toContain('--radius');
    expect(build.tailwind).toBe(true);
    // The kit's primitives are bundled; React stays shared.
    expect(build.js).toContain('data-slot');
    expect(build.js).not.toMatch(/from "@radix-ui/);
  });

  it('bundles every component of the starter’s kit, its Radix primitives included, with React still shared', async () => {
    const kit = [...templateFiles().keys()].filter((file) => file.startsWith('src/components/ui/'));
    expect(kit).toHaveLength(15);
    const build = await buildPreview(
      templateFiles({
        'src/main.tsx': [
          ...kit.map(
            (file, index) => `import * as kit${index} from '@/${file.slice(4, -'.tsx'.length)}';`,
          ),
          `export const kit = [${kit.map((_, index) => `kit${index}`).join(', ')}];`,
        ].join('\n'),
      }),
    );
    if (!build.ok) throw new Error(JSON.stringify(build.diagnostics));
    expect(build.diagnostics).toEqual([]);
    for (const slot of ['dialog-content', 'select-trigger', 'tabs-list', 'switch', 'checkbox'])
      expect(build.js).toContain(`"data-slot": "${slot}"`);
    expect(build.js).not.toMatch(/from "@radix-ui|from "class-variance-authority"/);
    expect(build.js).toMatch(/from "react-dom"/);
  });

  it('leaves a project without Tailwind as it was: its stylesheet bundled as written', async () => {
    const build = await buildPreview(
      new Map([
        [
          'src/main.tsx',
          'import \'./index.css\';\nexport const app = <h1 className="p-4">Hi</h1>;\n',
        ],
        ['src/index.css', '.p-4 {\n  padding: 3px;\n}\n'],
      ]),
    );
    if (!build.ok) throw new Error(JSON.stringify(build.diagnostics));
    expect(build.css).toBe('/* mason-preview:src/index.css */\n.p-4 {\n  padding: 3px;\n}\n');
    expect(build.tailwind).toBe(false);
  });

  it('bundles clsx, tailwind-merge and only the lucide icons the app uses, with React still shared', async () => {
    const build = await buildPreview(
      templateFiles({
        'src/lib/cn.ts': `import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';
export const cn = (...values: ClassValue[]) => twMerge(clsx(values));
`,
        'src/pages/HomePage.tsx': `import { Heart } from 'lucide-react';
import { cn } from '@/lib/cn';
export default function HomePage() {
  return <p className={cn('p-2', 'p-4')}><Heart /> Liked</p>;
}
`,
      }),
      { entry: 'src/pages/HomePage.tsx' },
    );
    if (!build.ok) throw new Error(JSON.stringify(build.diagnostics));
    expect(build.js).toContain('twMerge');
    expect(build.js).toContain('M2 9.5a5.5 5.5 0 0 1 9.591-3.676');
    expect(build.js).not.toContain('M15.914 4a1.5 1.5');
    // lucide-react imports React: that import stays the page's one shared React.
    expect(build.js).not.toMatch(/react\.development|ReactCurrentOwner|__CLIENT_INTERNALS/);
    expect(build.js.length).toBeLessThan(200_000);
  });

  it('builds from another entry when told', async () => {
    const build = await buildPreview(
      templateFiles({ 'src/other.tsx': 'export const other = <p>other</p>;' }),
      { entry: 'src/other.tsx' },
    );
    expect(build.ok).toBe(true);
    if (build.ok) expect(build.js).toContain('"data-mason-file": "src/other.tsx"');
  });

  it('resolves the @/ alias and folder index files', async () => {
    const build = await buildPreview(
      new Map([
        ['src/main.tsx', "import { Hello } from '@/ui';\nexport const app = <Hello />;"],
        ['src/ui/index.tsx', 'export const Hello = () => <b>hi</b>;'],
      ]),
    );
    expect(build.ok).toBe(true);
    if (build.ok) expect(build.js).toContain('"data-mason-file": "src/ui/index.tsx"');
  });

  it('answers a missing import as a diagnostic at the import', async () => {
    const app = TEMPLATE_FILES['src/App.tsx'].replace(
      "import { useState } from 'react';",
      "import { useState } from 'react';\nimport { Chart } from './components/Chart';\nexport const chart = <Chart />;",
    );
    const build = await buildPreview(templateFiles({ 'src/App.tsx': app }));
    expect(build.ok).toBe(false);
    expect(build.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: 'src/App.tsx',
        line: 2,
        message: expect.stringContaining("Cannot find './components/Chart'"),
      }),
    ]);
  });

  it('answers a syntax error with its file and line', async () => {
    const build = await buildPreview(
      templateFiles({
        'src/components/Layout.tsx':
          'export function Layout() {\n  return (\n    <div><p>Hi</div>\n  );\n}\n',
      }),
    );
    expect(build.ok).toBe(false);
    expect(build.diagnostics[0]).toMatchObject({
      severity: 'error',
      file: 'src/components/Layout.tsx',
      line: 3,
    });
  });

  it('says what to do when a package is not available', async () => {
    const build = await buildPreview(
      new Map([['src/main.tsx', "import axios from 'axios';\nconsole.log(axios);"]]),
    );
    expect(build.ok).toBe(false);
    expect(build.diagnostics[0].message).toMatch(/Package 'axios' is not available.*fetch/);
  });

  it('answers a missing entry as a diagnostic', async () => {
    const build = await buildPreview(templateFiles({ 'src/main.tsx': null }));
    expect(build).toEqual({
      ok: false,
      diagnostics: [
        expect.objectContaining({
          severity: 'error',
          file: null,
          message: expect.stringContaining('src/main.tsx'),
        }),
      ],
    });
  });
});
