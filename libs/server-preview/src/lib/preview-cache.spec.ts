import { TEMPLATE_FILES } from '@mason/server-workspace';
import { PreviewCache } from './preview-cache';

const files = new Map(Object.entries(TEMPLATE_FILES));

function withTitle(title: string): Map<string, string> {
  return new Map([['src/main.tsx', `export const title = <h1>${title}</h1>;`]]);
}

describe('PreviewCache', () => {
  it('builds a key once and answers it from the cache after that', async () => {
    const cache = new PreviewCache();
    expect(cache.get('v1')).toBeUndefined();
    const first = await cache.build('v1', files);
    const second = await cache.build('v1', files);
    expect(second).toBe(first);
    expect(cache.get('v1')).toBe(first);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 1 });
  });

  it('shares one build between calls made while it builds', async () => {
    const cache = new PreviewCache();
    const [a, b] = await Promise.all([cache.build('v1', files), cache.build('v1', files)]);
    expect(a).toBe(b);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 1 });
  });

  it('switches between versions without building again', async () => {
    const cache = new PreviewCache();
    const one = await cache.build('v1', withTitle('One'));
    const two = await cache.build('v2', withTitle('Two'));
    expect(await cache.build('v1', withTitle('One'))).toBe(one);
    expect(await cache.build('v2', withTitle('Two'))).toBe(two);
    expect(one.ok && one.js).toContain('One');
    expect(two.ok && two.js).toContain('Two');
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 2, misses: 2 });
  });

  it('keeps failed builds too: the same files fail the same way', async () => {
    const cache = new PreviewCache();
    const broken = new Map([['src/main.tsx', 'export const x = <div>;']]);
    const first = await cache.build('bad', broken);
    expect(first.ok).toBe(false);
    expect(await cache.build('bad', broken)).toBe(first);
    expect(cache.hits).toBe(1);
  });

  it('evicts the least recently used build when full', async () => {
    const cache = new PreviewCache(2);
    await cache.build('a', withTitle('A'));
    await cache.build('b', withTitle('B'));
    expect(cache.get('a')).toBeDefined(); // 'a' is now the most recent
    await cache.build('c', withTitle('C'));
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    await cache.build('b', withTitle('B'));
    expect(cache.misses).toBe(4);
  });

  it('makes the hot update between a kept build and new files, once, and refuses one from a build it does not keep', async () => {
    const cache = new PreviewCache();
    const app = (title: string) =>
      new Map([
        ['src/main.tsx', "import { Title } from './Title';\nexport const app = <Title />;\n"],
        ['src/Title.tsx', `export const Title = () => <h1>${title}</h1>;\n`],
      ]);
    await cache.build('v1', app('One'));
    const update = await cache.hotUpdate('v1', 'v2', app('Two'));
    expect(update.ok && update.js).toContain('Two');
    expect(await cache.hotUpdateOf('v1', 'v2')).toBe(update);
    expect(cache.hotUpdateOf('v2', 'v3')).toBeUndefined();
    expect(await cache.hotUpdate('gone', 'v2', app('Two'))).toEqual({
      ok: false,
      reason: expect.stringContaining('not show a kept, working build'),
    });
    await cache.dispose();
  });

  it('reloads a page instead of hot-updating it when the app’s variables changed', async () => {
    const cache = new PreviewCache();
    const app = new Map([
      ['src/main.tsx', "import { Title } from './Title';\nexport const app = <Title />;\n"],
      ['src/Title.tsx', 'export const Title = () => <h1>{import.meta.env.VITE_TITLE}</h1>;\n'],
    ]);
    const define = (title: string) => ({ 'import.meta.env.VITE_TITLE': JSON.stringify(title) });
    await cache.build('one', app, { define: define('One') });
    expect(await cache.hotUpdate('one', 'two', app, { define: define('Two') })).toEqual({
      ok: false,
      reason: expect.stringContaining('environment variables changed'),
    });
    const two = await cache.build('two', app, { define: define('Two') });
    expect(two.ok && two.js).toContain('"Two"');
    // The same variables: a changed component is swapped in with them.
    const edited = new Map(app).set(
      'src/Title.tsx',
      'export const Title = () => <h2>{import.meta.env.VITE_TITLE}</h2>;\n',
    );
    const update = await cache.hotUpdate('two', 'three', edited, { define: define('Two') });
    expect(update.ok && update.js).toContain('"Two"');
    await cache.dispose();
  });

  it('replaces the page’s stylesheet when Tailwind makes new rules for a class a component gained', async () => {
    const cache = new PreviewCache();
    const app = (classes: string) =>
      new Map([
        [
          'src/main.tsx',
          "import './index.css';\nimport { Title } from './Title';\nexport const app = <Title />;\n",
        ],
        ['src/index.css', '@import "tailwindcss";\n'],
        ['src/Title.tsx', `export const Title = () => <h1 className="${classes}">Hi</h1>;\n`],
      ]);
    const shown = await cache.build('v1', app('p-4'));
    expect(shown.ok && shown.css).toContain('.p-4');
    const update = await cache.hotUpdate('v1', 'v2', app('p-4 text-center'));
    if (!update.ok) throw new Error(update.reason);
    // The new stylesheet is the whole build's, which the cache now holds for pages that load.
    const built = cache.get('v2');
    expect(built?.ok && built.css).toContain('.text-center');
    expect(update.js).toContain(
      `globalThis.__masonHot.restyle(${JSON.stringify(built?.ok && built.css)});`,
    );
    expect(update.js).toContain('text-center');
    // A change that leaves the classes alone keeps the page's stylesheet, and the update does
    // not wait for the whole build (Tailwind would compile the same rules).
    const same = await cache.hotUpdate('v2', 'v3', app('text-center p-4'));
    expect(same.ok && same.restyle).toBe(false);
    expect(same.ok && same.js).not.toContain('restyle(');
    expect(same.ok && same.js).toContain('text-center p-4');
    expect(cache.get('v3')).toBeUndefined();
    await cache.dispose();
  });

  it('does not wait for the whole build when the app imports no Tailwind stylesheet', async () => {
    const cache = new PreviewCache();
    const app = (title: string) =>
      new Map([
        ['src/main.tsx', "import { Title } from './Title';\nexport const app = <Title />;\n"],
        ['src/Title.tsx', `export const Title = () => <h1 className="p-4">${title}</h1>;\n`],
        // Written for Tailwind, but imported by nothing.
        ['src/globals.css', '@import "tailwindcss";\n'],
      ]);
    const shown = await cache.build('v1', app('One'));
    expect(shown.ok && shown.tailwind).toBe(false);
    const update = await cache.hotUpdate('v1', 'v2', app('Two'));
    expect(update).toMatchObject({ ok: true, restyle: false });
    expect(cache.get('v2')).toBeUndefined();
    await cache.dispose();
  });

  it('gives a Tailwind build’s stylesheet with the rules of unsaved classes too', async () => {
    const cache = new PreviewCache();
    const app = new Map([
      [
        'src/main.tsx',
        'import \'./index.css\';\nexport const app = <h1 className="p-4">Hi</h1>;\n',
      ],
      ['src/index.css', '@import "tailwindcss";\n'],
    ]);
    const built = await cache.build('v1', app, { context: 'project-1' });
    expect(built.ok && built.css).not.toContain('.text-7xl');
    const css = await cache.stylesWith('v1', ['text-7xl', 'bg-red-500']);
    expect(css).toContain('.text-7xl {');
    expect(css).toContain('.bg-red-500 {');
    expect(css).toContain('.p-4 {');
    // The build itself is unchanged; a build without Tailwind, or none kept, has no such stylesheet.
    expect(cache.get('v1')).toBe(built);
    await cache.build('plain', new Map([['src/main.tsx', 'export const app = 1;\n']]));
    expect(await cache.stylesWith('plain', ['p-4'])).toBeNull();
    expect(await cache.stylesWith('gone', ['p-4'])).toBeNull();
    await cache.dispose();
  });

  it('swaps an edited plain stylesheet in without touching the modules', async () => {
    const cache = new PreviewCache();
    const app = (color: string) =>
      new Map([
        ['src/main.tsx', "import './index.css';\nexport const app = <h1>Hi</h1>;\n"],
        ['src/index.css', `h1 { color: ${color}; }\n`],
      ]);
    await cache.build('v1', app('navy'));
    const update = await cache.hotUpdate('v1', 'v2', app('teal'));
    if (!update.ok) throw new Error(update.reason);
    expect(update.js).toMatch(/^globalThis\.__masonHot\.restyle\(".*color: teal/);
    expect(update.js).not.toContain('Hi');
    await cache.dispose();
  });

  it('refuses a size below one', () => {
    expect(() => new PreviewCache(0)).toThrow('at least one build');
  });
});
