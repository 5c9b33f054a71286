import { TEMPLATE_FILES, viteEnv } from '@mason/server-workspace';
import { buildPreview } from './build-preview';
import { PreviewBuilder } from './preview-builder';
import type { PreviewBuild } from './types';

function templateWith(changes: Record<string, string> = {}): Map<string, string> {
  return new Map(Object.entries({ ...TEMPLATE_FILES, ...changes }));
}

/** Asks `done` every 10 ms until it holds; fails after 10 s (however slow the machine, never a fixed wait). */
async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const jsOf = (build: PreviewBuild) => {
  if (!build.ok) throw new Error(JSON.stringify(build.diagnostics));
  return build.js;
};

describe('PreviewBuilder', () => {
  let builder: PreviewBuilder;
  afterEach(async () => {
    await builder.dispose();
  });

  it('rebuilds a project in its context to exactly what a one-off build makes', async () => {
    builder = new PreviewBuilder();
    const first = templateWith();
    const edited = templateWith({
      'src/App.tsx': TEMPLATE_FILES['src/App.tsx'].replace('Your app starts here', 'Mugs, by hand'),
    });
    const before = await builder.build(first, { context: 'project-1' });
    const after = await builder.build(edited, { context: 'project-1' });
    expect(builder.contexts).toBe(1);
    expect(jsOf(after)).toContain('Mugs, by hand');
    expect(jsOf(after)).not.toContain('Your app starts here');
    expect(after).toEqual(await buildPreview(edited));
    expect(before).toEqual(await buildPreview(first));
  });

  it('reports a broken version, then builds the fixed one in the same context', async () => {
    builder = new PreviewBuilder();
    const broken = await builder.build(
      templateWith({ 'src/App.tsx': 'export function App() {\n  return <main>\n}\n' }),
      { context: 'project-1' },
    );
    expect(broken.ok).toBe(false);
    expect(broken.diagnostics[0]).toMatchObject({ file: 'src/App.tsx', line: 3 });
    const fixed = await builder.build(templateWith(), { context: 'project-1' });
    expect(fixed.ok).toBe(true);
  });

  it('runs concurrent builds of one context one after another, each with its own files', async () => {
    builder = new PreviewBuilder();
    const titles = ['First title', 'Second title', 'Third title'];
    const builds = await Promise.all(
      titles.map((title) =>
        builder.build(
          templateWith({
            'src/App.tsx': TEMPLATE_FILES['src/App.tsx'].replace('Your app starts here', title),
          }),
          { context: 'project-1' },
        ),
      ),
    );
    builds.forEach((build, index) => expect(jsOf(build)).toContain(titles[index]));
  });

  it('builds the app’s VITE_ variables in, and builds again with new values in a new context', async () => {
    builder = new PreviewBuilder();
    const app = templateWith({
      'src/App.tsx':
        'export function App() {\n  return <h1>{import.meta.env.VITE_GREETING ?? "No greeting"} ({import.meta.env.MODE})</h1>;\n}\n',
    });
    const hello = viteEnv(
      [
        { key: 'VITE_GREETING', value: 'Hello from the settings' },
        { key: 'API_SECRET', value: 'server-only-secret' },
      ],
      'development',
    );
    const first = jsOf(await builder.build(app, { context: 'project-1', define: hello }));
    expect(first).toContain('"Hello from the settings"');
    expect(first).toContain('"development"');
    expect(first).not.toContain('server-only-secret');
    expect(first).not.toContain('import.meta.env');

    const changed = viteEnv([{ key: 'VITE_GREETING', value: 'Changed greeting' }], 'development');
    const second = jsOf(await builder.build(app, { context: 'project-1', define: changed }));
    expect(second).toContain('"Changed greeting"');
    expect(second).not.toContain('Hello from the settings');
    expect(builder.contexts).toBe(1);
    expect(builder.contextsOpened).toBe(2);
  });

  it('keeps at most maxContexts contexts', async () => {
    builder = new PreviewBuilder({ maxContexts: 2 });
    for (const project of ['a', 'b', 'c'])
      await builder.build(templateWith(), { context: project });
    expect(builder.contexts).toBe(2);
  });

  it('disposes a context idle for idleMs; its project then builds again from scratch', async () => {
    builder = new PreviewBuilder({ idleMs: 50 });
    await builder.build(templateWith(), { context: 'a' });
    await until('the idle context to go', () => builder.contexts === 0);
    expect((await builder.build(templateWith(), { context: 'a' })).ok).toBe(true);
    // A new context (which may be idle again already on a busy machine, 50 ms later).
    expect(builder.contextsOpened).toBe(2);
  });
});
