import { buildHotUpdate } from './hot-update';
import type { HotUpdate } from './types';

/** A small app: a counter page that shows a greeting, which lists items from a data module. */
const APP: Readonly<Record<string, string>> = {
  'index.html':
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  'src/main.tsx': `import { createRoot } from 'react-dom/client';
import { App } from './App';
import './index.css';
createRoot(document.getElementById('root')!).render(<App />);
`,
  'src/App.tsx': `import { useState } from 'react';
import { Greeting } from './Greeting';
export function App() {
  const [count, setCount] = useState(0);
  return <main><button onClick={() => setCount(count + 1)}>Count {count}</button><Greeting /></main>;
}
`,
  'src/Greeting.tsx': `import { items } from './data';
export function Greeting() {
  return <p>Hello, {items.join(' and ')}</p>;
}
`,
  'src/data.ts': `export const items = ['tea', 'cake'];
`,
  'src/index.css': `main { color: navy; }
`,
};

function versionWith(changes: Record<string, string | null>): Map<string, string> {
  const files = new Map(Object.entries(APP));
  for (const [path, text] of Object.entries(changes)) {
    if (text === null) files.delete(path);
    else files.set(path, text);
  }
  return files;
}

const update = (changes: Record<string, string | null>) =>
  buildHotUpdate(versionWith({}), versionWith(changes));

function expectReload(result: HotUpdate, reason: RegExp): void {
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.reason).toMatch(reason);
}

describe('buildHotUpdate', () => {
  it('updates a changed component in place, bound to the modules the page already runs', async () => {
    const result = await update({
      'src/Greeting.tsx': APP['src/Greeting.tsx'].replace('Hello', 'Welcome back'),
    });
    if (!result.ok) throw new Error(result.reason);
    // The new component, tagged and registered for Fast Refresh like a build's.
    expect(result.js).toContain('Welcome back');
    expect(result.js).toContain('"data-mason-file": "src/Greeting.tsx"');
    expect(result.js).toContain('h.register(Greeting, "src/Greeting.tsx Greeting")');
    // The data module is the page's own (through the hot runtime), not a second copy of it.
    expect(result.js).toContain('globalThis.__masonHot.exports("src/data.ts")');
    expect(result.js).not.toContain("'tea', 'cake'");
    // Nothing else of the app, and React stays the page's.
    expect(result.js).not.toContain('Count');
    expect(result.js).toMatch(/from "react\/jsx-runtime"/);
  });

  it('binds default, renamed and namespace imports to the modules the page runs, and bundles a package only the build has', async () => {
    const shown = versionWith({
      'src/tone.ts':
        "export default function shout(text: string) {\n  return text.toUpperCase();\n}\nexport const mark = '!';\n",
    });
    const greeting = `import shout, { mark as bang } from './tone';
import * as data from './data';
export function Greeting() {
  return <p>{shout('Welcome')}{bang} {data.items.join(', ')}</p>;
}
`;
    const result = await buildHotUpdate(shown, new Map(shown).set('src/Greeting.tsx', greeting));
    if (!result.ok) throw new Error(result.reason);
    expect(result.js).toContain('Welcome');
    expect(result.js).toContain('globalThis.__masonHot.exports("src/tone.ts")');
    expect(result.js).toContain('globalThis.__masonHot.exports("src/data.ts")');
    // The page's modules are not copied in, and no import is left that the page cannot resolve.
    expect(result.js).not.toContain('toUpperCase');
    expect(result.js).not.toMatch(/from\s*"\.\/?/);

    const withClsx = `import { clsx } from 'clsx';
export function Greeting() {
  return <p className={clsx('a', false && 'b')}>Hello</p>;
}
`;
    const bundled = await update({ 'src/Greeting.tsx': withClsx });
    if (!bundled.ok) throw new Error(bundled.reason);
    expect(bundled.js).not.toMatch(/from\s*"clsx"/);
    expect(bundled.js).toContain('function clsx');
  });

  it('brings a module added with the change along', async () => {
    const result = await update({
      'src/Greeting.tsx': `import { Badge } from './Badge';
export function Greeting() {
  return <p><Badge /> Hello</p>;
}
`,
      'src/Badge.tsx': 'export const Badge = () => <b>New badge</b>;\n',
    });
    if (!result.ok) throw new Error(result.reason);
    expect(result.js).toContain('New badge');
    expect(result.js).toContain('h.register(Badge, "src/Badge.tsx Badge")');
  });

  it('keeps the modules and marks the stylesheet for replacing when only a stylesheet changed', async () => {
    const result = await update({ 'src/index.css': 'main { color: red; }\n' });
    expect(result).toEqual({ ok: true, js: '', restyle: true, kind: 'refresh' });
    const component = await update({
      'src/Greeting.tsx': APP['src/Greeting.tsx'].replace('Hello', 'Welcome back'),
    });
    expect(component.ok && component.restyle).toBe(false);
  });

  it('keeps the page’s state only when the changed modules differ in the markup they render', async () => {
    const kindOf = async (changes: Record<string, string | null>) => {
      const result = await update(changes);
      if (!result.ok) throw new Error(result.reason);
      return result.kind;
    };
    const app = APP['src/App.tsx'];
    // Text, classes, elements: what the state is shown in, never what makes it.
    expect(
      await kindOf({
        'src/App.tsx': app.replace('<main>', '<main className="page"><h1>Counter</h1>'),
      }),
    ).toBe('refresh');
    expect(
      await kindOf({
        'src/Greeting.tsx': APP['src/Greeting.tsx'].replace('Hello', 'Welcome back'),
      }),
    ).toBe('refresh');
    // The state's start, a handler, a new module: the app starts afresh in the page.
    expect(await kindOf({ 'src/App.tsx': app.replace('useState(0)', 'useState(5)') })).toBe(
      'remount',
    );
    expect(await kindOf({ 'src/App.tsx': app.replace('count + 1', 'count + 2') })).toBe('remount');
    expect(
      await kindOf({
        'src/App.tsx': app.replace('export function App', 'const START = 1;\nexport function App'),
      }),
    ).toBe('remount');
    expect(
      await kindOf({
        'src/Greeting.tsx': `import { items } from './data';\nimport { Badge } from './Badge';\nexport function Greeting() {\n  return <p><Badge /> Hello</p>;\n}\n`,
        'src/Badge.tsx': 'export const Badge = () => <b>New</b>;\n',
      }),
    ).toBe('remount');
  });

  it('leaves Tailwind to the cache: a component change alone does not mark the stylesheet', async () => {
    const tailwind = { 'src/index.css': '@import "tailwindcss";\n' };
    const result = await buildHotUpdate(
      versionWith(tailwind),
      versionWith({
        ...tailwind,
        'src/Greeting.tsx': APP['src/Greeting.tsx'].replace('<p>', '<p className="p-4">'),
      }),
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.restyle).toBe(false);
    expect(result.js).toContain('p-4');
  });

  it('reloads when a CSS module, the entry, the page or a module with other exports changes', async () => {
    const styled = {
      'src/Greeting.module.css': '.greeting { color: navy; }\n',
      'src/Greeting.tsx': `import styles from './Greeting.module.css';\nexport function Greeting() {\n  return <p className={styles.greeting}>Hello</p>;\n}\n`,
    };
    expectReload(
      await buildHotUpdate(
        versionWith(styled),
        versionWith({ ...styled, 'src/Greeting.module.css': '.greeting { color: red; }\n' }),
      ),
      /Greeting\.module\.css/,
    );
    expectReload(
      await update({ 'src/main.tsx': `${APP['src/main.tsx']}console.log('started');\n` }),
      /entry src\/main\.tsx/,
    );
    expectReload(
      await update({ 'index.html': APP['index.html'].replace('<body>', '<body class="x">') }),
      /index\.html/,
    );
    expectReload(
      await update({ 'src/data.ts': "export const items = ['tea'];\n" }),
      /src\/data\.ts exports something else than components/,
    );
  });

  it('reloads when a module goes away, loses an export, imports another stylesheet, or does not build', async () => {
    expectReload(
      await update({ 'src/Greeting.tsx': null, 'src/App.tsx': 'export const App = () => null;\n' }),
      /deleted/,
    );
    expectReload(
      await update({ 'src/Greeting.tsx': 'export function Welcome() {\n  return <p>Hi</p>;\n}\n' }),
      /no longer exports Greeting/,
    );
    expectReload(
      await update({
        'src/Greeting.tsx': `import './index.css';\n${APP['src/Greeting.tsx']}`,
      }),
      /other stylesheets/,
    );
    expectReload(
      await update({
        'src/Greeting.tsx': 'export function Greeting() {\n  return <p>Hi</div>;\n}\n',
      }),
      /does not parse/,
    );
    expectReload(
      await update({
        'src/Greeting.tsx': `import { missing } from './data';\nexport function Greeting() {\n  return <p>{missing}</p>;\n}\n`,
      }),
      /does not build.*missing/,
    );
  });
});
