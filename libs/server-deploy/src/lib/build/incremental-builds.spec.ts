import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEMPLATE_FILES } from '@mason/server-workspace';
import { IncrementalBuilds } from './incremental-builds';
import { buildProduction, type ProductionBuild } from './production-build';

const starter = () => new Map<string, string | Uint8Array>(Object.entries(TEMPLATE_FILES));
const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('utf8');
const appScript = (result: ProductionBuild) => {
  if (!result.ok) throw new Error(result.log.join('\n'));
  const script = [...result.files.keys()].find((name) => /^assets\/app-.*\.js$/.test(name));
  return text(result.files.get(script as string));
};

describe('IncrementalBuilds', () => {
  const builds = new IncrementalBuilds();
  afterAll(() => builds.close());

  it('builds each new version of a project as a fresh build would, edits, errors and fixes included', async () => {
    const files = starter();
    const first = await builds.build('project-a', files);
    expect(appScript(first)).toContain('Your app starts here');

    const app = files.get('src/App.tsx') as string;
    const edited = new Map(files).set(
      'src/App.tsx',
      app.replace('Your app starts here', 'Edited once'),
    );
    const second = await builds.build('project-a', edited);
    expect(appScript(second)).toContain('Edited once');
    expect(appScript(second)).not.toContain('Your app starts here');
    expect(appScript(second)).toBe(appScript(await buildProduction(edited)));

    const broken = new Map(edited).set('src/App.tsx', 'export default function App( {');
    const failed = await builds.build('project-a', broken);
    expect(failed.ok).toBe(false);
    expect(failed.ok ? [] : failed.diagnostics.map((d) => d.file)).toContain('src/App.tsx');

    const fixed = await builds.build('project-a', edited, {
      define: { 'import.meta.env.VITE_X': '"x"' },
    });
    expect(appScript(fixed)).toContain('Edited once');
  });

  it('compiles Tailwind with the classes of each version, as a fresh build does, and reports its errors', async () => {
    // As the store gives them: bytes.
    const files = new Map<string, string | Uint8Array>(
      Object.entries(TEMPLATE_FILES).map(([file, text]) => [file, Buffer.from(text)]),
    );
    const appStyle = (result: ProductionBuild) => {
      if (!result.ok) throw new Error(result.log.join('\n'));
      const style = [...result.files.keys()].find((name) => /^assets\/app-.*\.css$/.test(name));
      return text(result.files.get(style as string));
    };
    const first = appStyle(await builds.build('project-tw', files));
    expect(first).toContain('.bg-primary{background-color:var(--primary)}');
    expect(first).not.toContain('.grid-cols-7');

    const app = TEMPLATE_FILES['src/App.tsx'];
    const edited = new Map(files).set(
      'src/App.tsx',
      Buffer.from(app.replace('<CardContent>', '<CardContent className="grid-cols-7">')),
    );
    const second = appStyle(await builds.build('project-tw', edited));
    expect(second).toContain('.grid-cols-7{grid-template-columns:repeat(7,minmax(0,1fr))}');
    expect(second).toBe(appStyle(await buildProduction(edited)));

    const css = `${TEMPLATE_FILES['src/globals.css']}\n.title {\n  @apply text-huge;\n}\n`;
    const broken = await builds.build(
      'project-tw',
      new Map(edited).set('src/globals.css', Buffer.from(css)),
    );
    expect(broken.ok ? [] : broken.diagnostics).toEqual([
      expect.objectContaining({
        file: 'src/globals.css',
        line: css.split('\n').findIndex((line) => line.includes('text-huge')) + 1,
        message: 'Cannot apply unknown utility class `text-huge`',
      }),
    ]);
  });

  it('keeps projects apart, and builds of one project one after another', async () => {
    const a = starter();
    const b = new Map(starter()).set(
      'src/App.tsx',
      (starter().get('src/App.tsx') as string).replace('Your app starts here', 'Project B'),
    );
    const [ofA, ofB, ofAAgain] = await Promise.all([
      builds.build('project-a', a),
      builds.build('project-b', b),
      builds.build('project-a', b),
    ]);
    expect(appScript(ofA)).toContain('Your app starts here');
    expect(appScript(ofB)).toContain('Project B');
    expect(appScript(ofAAgain)).toContain('Project B');
  });
});

describe('IncrementalBuilds, reading a project from its folder', () => {
  const builds = new IncrementalBuilds();
  afterAll(() => builds.close());

  /** The starter with `app` as src/App.tsx (and any other files). */
  const withApp = (app: string, more: Record<string, string | Uint8Array> = {}) => {
    const files = starter().set('src/App.tsx', app);
    for (const [file, content] of Object.entries(more)) files.set(file, content);
    return files;
  };
  /** What a build says: its errors' words and places, or its script. */
  const answerOf = (result: ProductionBuild) =>
    result.ok
      ? appScript(result)
      : result.diagnostics.map(({ file, line, message }) => ({ file, line, message }));

  it.each([
    [
      'a file named in the wrong case',
      "import { Header as used } from './components/header';",
      { 'src/components/Header.tsx': 'export const Header = () => <h1>Hi</h1>;' },
    ],
    ['a package a Mason app cannot have', "import { sql as used } from 'drizzle-orm';", {}],
    [
      'a file outside the project',
      "import used from '../../../../../../../../../../etc/hostname';",
      {},
    ],
    ['a missing file under @/', "import { used } from '@/lib/missing';", {}],
  ])(
    'answers %s in the same words as a fresh build, and stays right after the fix',
    async (_what, line, more) => {
      const broken = withApp(
        `${line}\nexport function App() {\n  return <p>{String(used)}</p>;\n}\n`,
        more,
      );
      const result = await builds.build('errors', broken);
      expect(result.ok).toBe(false);
      expect(answerOf(result)).toEqual(answerOf(await buildProduction(broken)));

      const fixed = withApp('export function App() {\n  return <p>Fixed</p>;\n}\n', more);
      const again = await builds.build('errors', fixed);
      expect(appScript(again)).toContain('Fixed');
      expect(appScript(again)).toBe(appScript(await buildProduction(fixed)));
    },
  );

  it('never takes a file outside the project that a relative import reaches on disk', async () => {
    // The folder is a child of the temp dir: '../../' from src/App.tsx is the temp dir itself.
    const outside = path.join(tmpdir(), `mason-outside-${process.pid}.ts`);
    writeFileSync(outside, "export const used = 'server secret';\n");
    try {
      const files = withApp(
        `import { used } from '../../${path.basename(outside, '.ts')}';\nexport function App() {\n  return <p>{used}</p>;\n}\n`,
      );
      const result = await builds.build('outside', files);
      expect(result.ok).toBe(false);
      expect(answerOf(result)).toEqual(answerOf(await buildProduction(files)));
      expect(JSON.stringify(answerOf(result))).toContain('points outside the project');
    } finally {
      rmSync(outside, { force: true });
    }
  });

  it('builds @/ and / imports, runtime packages and images as a fresh build does, whatever the project’s tsconfig.json says', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 4, 5, 6]);
    const files = withApp(
      [
        "import { Heart } from 'lucide-react';",
        "import { greet } from '@/lib/greet';",
        "import { shout } from '/src/lib/shout';",
        "import logo from './logo.png';",
        'export function App() {',
        '  return <p><Heart /><img src={logo} alt="" />{shout(greet("folder"))}</p>;',
        '}',
        '',
      ].join('\n'),
      {
        'src/lib/greet.ts': 'export const greet = (name: string) => `Hello ${name}`;',
        'src/lib/shout.ts': 'export const shout = (text: string) => text.toUpperCase();',
        'src/logo.png': png,
        // Ignored, as the plugin build ignores it: no other JSX, no other meaning of '@/'.
        'tsconfig.json': JSON.stringify({
          compilerOptions: { jsx: 'preserve', paths: { '@/*': ['./nowhere/*'] } },
        }),
      },
    );
    const result = await builds.build('imports', files);
    const fresh = await buildProduction(files);
    expect(appScript(result)).toBe(appScript(fresh));
    expect(appScript(result)).toContain('Hello ');
    if (!result.ok || !fresh.ok) throw new Error('Both builds succeed.');
    // The same files (a hashed name may differ: esbuild's hashes count where the sources are).
    const names = (files: ReadonlyMap<string, unknown>) =>
      [...files.keys()].map((name) => name.replace(/-[A-Z0-9]{8}\./, '-HASH.')).sort();
    expect(names(result.files)).toEqual(names(fresh.files));

    // A file removed since the last build is gone from the folder too.
    const without = new Map(files);
    without.delete('src/lib/shout.ts');
    const missing = await builds.build('imports', without);
    expect(answerOf(missing)).toEqual(answerOf(await buildProduction(without)));
  });
});

describe('IncrementalBuilds.close', () => {
  // What keeps a process alive after its work is done: a kept esbuild context holds esbuild's
  // child process and its pipes open.
  const holdingTheProcess = () =>
    process.getActiveResourcesInfo().filter((kind) => /Process|Pipe/.test(kind)).length;

  it('lets every context go, also of builds of one project started together, so the process can exit', async () => {
    const before = holdingTheProcess();
    const foldersBefore = readdirSync(tmpdir()).filter((name) => name.startsWith('mason-publish-'));
    const builds = new IncrementalBuilds();
    const files = starter();
    const results = await Promise.all([
      builds.build('together', files),
      builds.build('together', files),
      builds.build('together', files, { define: { 'import.meta.env.VITE_X': '"x"' } }),
      ...Array.from({ length: 10 }, (_, index) => builds.build(`project-${index}`, files)),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(holdingTheProcess()).toBeGreaterThan(before);

    await builds.close();
    expect(holdingTheProcess()).toBe(before);
    // And the projects' folders are gone.
    expect(readdirSync(tmpdir()).filter((name) => name.startsWith('mason-publish-'))).toEqual(
      foldersBefore,
    );
  });
});
