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

describe('IncrementalBuilds.close', () => {
  // What keeps a process alive after its work is done: a kept esbuild context holds esbuild's
  // child process and its pipes open.
  const holdingTheProcess = () =>
    process.getActiveResourcesInfo().filter((kind) => /Process|Pipe/.test(kind)).length;

  it('lets every context go, also of builds of one project started together, so the process can exit', async () => {
    const before = holdingTheProcess();
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
  });
});
