import { transformSync } from 'esbuild';
import { registerHotModule } from './hot-registration';

interface Calls {
  register: [unknown, string][];
  sign: [unknown, string, boolean, (() => unknown[]) | undefined][];
  define: [string, Record<string, unknown>][];
}

/**
 * Runs a registered module as the page would, with a hot runtime that records its calls; React's
 * hooks are stand-ins. Answers the calls and the module's exports.
 */
function run(
  code: string,
  filePath = 'src/Card.tsx',
): { calls: Calls; exports: Record<string, unknown> } {
  const { code: registered } = registerHotModule(code, filePath);
  const js = transformSync(registered, { loader: 'tsx', format: 'cjs', jsx: 'automatic' }).code;
  const calls: Calls = { register: [], sign: [], define: [] };
  const runtime = {
    register: (...args: Calls['register'][number]) => calls.register.push(args),
    sign: (...args: Calls['sign'][number]) => calls.sign.push(args),
    define: (...args: Calls['define'][number]) => calls.define.push(args),
  };
  const module = { exports: {} as Record<string, unknown> };
  const modules: Record<string, unknown> = {
    react: { useState: () => [0, () => undefined], memo: (inner: unknown) => ({ inner }) },
    'react/jsx-runtime': { jsx: () => null },
    './use-thing': { useThing: () => 1 },
  };
  Object.assign(globalThis, { __masonHot: runtime });
  try {
    new Function('module', 'exports', 'require', js)(
      module,
      module.exports,
      (name: string) => modules[name],
    );
  } finally {
    delete (globalThis as { __masonHot?: unknown }).__masonHot;
  }
  return { calls, exports: module.exports };
}

describe('registerHotModule', () => {
  it('appends the registration after the last line, keeping every line and column of the file', () => {
    const code = "export function Card() {\n  return <div className='card'>Hi</div>;\n}";
    const { code: registered } = registerHotModule(code, 'src/Card.tsx');
    expect(registered.startsWith(`${code}\n`)).toBe(true);
    expect(registered.slice(code.length).trim().split('\n')).toHaveLength(1);
  });

  it('registers every top-level component for Fast Refresh, with the hooks it calls', () => {
    const { calls, exports } = run(`import { memo, useState } from 'react';
import { useThing } from './use-thing';
function Title() {
  return <h1>Title</h1>;
}
export const Card = memo(function Card() {
  const [open] = useState(false);
  const thing = useThing();
  return <div>{String(open)}{thing}<Title /></div>;
});
export function formatPrice(cents: number) {
  return (cents / 100).toFixed(2);
}
`);
    expect(calls.register).toEqual([
      [expect.any(Function), 'src/Card.tsx Title'],
      [exports['Card'], 'src/Card.tsx Card'],
    ]);
    // The hooks' source is the signature: a changed useState start remounts the component.
    const [[type, key, forceReset, customHooks]] = calls.sign;
    expect(type).toBe(exports['Card']);
    expect(key).toBe('useState(false)\nuseThing');
    expect(forceReset).toBe(false);
    expect(customHooks?.()).toEqual([expect.any(Function)]);
  });

  it('defines the exports as live getters, types left out', () => {
    const { calls, exports } = run(`export interface CardProps { title: string }
export type Size = 'small' | 'large';
export let count = 1;
export function bump() {
  count += 1;
}
const secret = 'kept';
export { secret as revealed };
export default function Card(props: CardProps) {
  return <div>{props.title}</div>;
}
`);
    expect(calls.define).toHaveLength(1);
    const [[filePath, live]] = calls.define;
    expect(filePath).toBe('src/Card.tsx');
    expect(Object.keys(live).sort()).toEqual(['bump', 'count', 'default', 'revealed']);
    expect(live['default']).toBe(exports['default']);
    expect(live['revealed']).toBe('kept');
    (exports['bump'] as () => void)();
    expect(live['count']).toBe(2);
  });

  it('says whether a module exports only components, and what it imports of stylesheets', () => {
    const components = registerHotModule(
      "import './card.css';\nexport const Card = () => <div />;\nexport default function Page() { return <Card />; }\n",
      'src/Card.tsx',
    ).info;
    expect(components).toEqual({
      exports: ['Card', 'default'],
      componentsOnly: true,
      registered: true,
      stylesheets: ['./card.css'],
      stateKey: expect.any(String),
    });
    const mixed = registerHotModule(
      'export const Card = () => <div />;\nexport const cards = [1, 2];\n',
      'src/Card.tsx',
    ).info;
    expect(mixed.componentsOnly).toBe(false);
    const hook = registerHotModule(
      "import { useState } from 'react';\nexport function useOpen() { return useState(false); }\n",
      'src/use-open.ts',
    ).info;
    expect(hook.componentsOnly).toBe(false);
  });

  it('gives two versions the same state key only when they differ in the markup they render', () => {
    const keyOf = (code: string) => registerHotModule(code, 'src/List.tsx').info.stateKey;
    const list = (seed: string, markup: string, handler = 'setItems([...items, "new"])') =>
      `import { useState } from 'react';
const FIRST_ITEMS = [${seed}];
export function List() {
  const [items, setItems] = useState(() => FIRST_ITEMS.map((text) => ({ text })));
  return (
    <main className="list">
      ${markup}
      <ul>{items.map((item) => <li key={item.text} className="item">{item.text}</li>)}</ul>
      <button onClick={() => ${handler}}>Add</button>
    </main>
  );
}
`;
    const shown = keyOf(list("'Tea', 'Cake'", '<h1>Groceries</h1>'));
    // A reworded heading, new classes, a new element, a reworded list item: what it renders.
    expect(keyOf(list("'Tea', 'Cake'", '<h1 className="title">Shopping</h1><p>Today</p>'))).toBe(
      shown,
    );
    expect(
      keyOf(
        list("'Tea', 'Cake'", '<h1>Groceries</h1>').replace('className="item"', 'className="row"'),
      ),
    ).toBe(shown);
    // The list's first items, or what a handler does to the state: a fresh start.
    expect(keyOf(list("'Tea', 'Cake', 'Jam'", '<h1>Groceries</h1>'))).not.toBe(shown);
    expect(keyOf(list("'Tea', 'Cake'", '<h1>Groceries</h1>', 'setItems([])'))).not.toBe(shown);
    expect(
      keyOf(
        list("'Tea', 'Cake'", '<h1>Groceries</h1>').replace('({ text })', '({ text, amount: 0 })'),
      ),
    ).not.toBe(shown);
  });

  it('says when exports cannot be reached through the runtime', () => {
    for (const code of [
      "export * from './cards';\n",
      "export { Card } from './cards';\n",
      'export default () => <div />;\n',
      'export const { a, b } = { a: 1, b: 2 };\n',
    ]) {
      expect(registerHotModule(code, 'src/index.tsx').info.registered).toBe(false);
    }
  });

  it('leaves a file that does not parse as it is', () => {
    const code = 'export function Card() {\n  return <div>;\n}\n';
    expect(registerHotModule(code, 'src/Card.tsx')).toEqual({
      code,
      info: {
        exports: [],
        componentsOnly: false,
        registered: false,
        stylesheets: [],
        stateKey: '',
      },
    });
  });
});
