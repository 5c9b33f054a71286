import { TEMPLATE_FILES } from '@mason/server-workspace';
import { buildPreview } from './build-preview';
import { PreviewBuilder } from './preview-builder';
import type { PreviewBuild } from './types';

function templateWith(changes: Record<string, string> = {}): Map<string, string> {
  return new Map(Object.entries({ ...TEMPLATE_FILES, ...changes }));
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

  it('keeps at most maxContexts contexts and disposes idle ones', async () => {
    builder = new PreviewBuilder({ maxContexts: 2, idleMs: 50 });
    for (const project of ['a', 'b', 'c'])
      await builder.build(templateWith(), { context: project });
    expect(builder.contexts).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(builder.contexts).toBe(0);
    // A project whose context went away builds again from scratch.
    expect((await builder.build(templateWith(), { context: 'a' })).ok).toBe(true);
  });
});
