import { PreviewSyntaxError } from './errors';
import { tagJsxSource } from './tag-jsx-source';
import { applyVisualEdits } from './visual-edit/apply-visual-edits';

/** Removes what tagJsxSource inserts, to compare the rest with the original. */
function stripTags(code: string): string {
  return code.replace(
    / data-mason-file="[^"]*" data-mason-line="\d+" data-mason-col="\d+" data-mason-component="[^"]*"(?: data-mason-text-code="[^"]*")?/g,
    '',
  );
}

interface Tag {
  readonly element: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly component: string;
}

/** Every tagged element, in source order. */
function tagsOf(code: string): Tag[] {
  return [
    ...code.matchAll(
      /<([a-z][\w-]*) data-mason-file="([^"]*)" data-mason-line="(\d+)" data-mason-col="(\d+)" data-mason-component="([^"]*)"/g,
    ),
  ].map((match) => ({
    element: match[1],
    file: match[2],
    line: Number(match[3]),
    column: Number(match[4]),
    component: match[5],
  }));
}

/** The code each tagged element's text comes from (data-mason-text-code), by line, in source order. */
function codeTextsOf(code: string): Array<[number, string | null]> {
  return [
    ...code.matchAll(
      /<[a-z][\w-]* data-mason-file="[^"]*" data-mason-line="(\d+)"[^>]*?data-mason-component="[^"]*"( data-mason-text-code="([^"]*)")?/g,
    ),
  ].map((match) => [Number(match[1]), match[3] ?? null]);
}

describe('tagJsxSource', () => {
  it('marks the elements whose text comes from code with that code, and no other', () => {
    const code = [
      "const TITLE = 'Plan your week';",
      "const PLANS = [{ name: 'Starter' }];",
      'export function Card({ title }: { title: string }) {',
      '  const [count] = useState(2);',
      '  const [loaded] = useState<{ name: string }[]>([]);',
      '  return (',
      '    <div>',
      '      <h1>{TITLE}</h1>',
      '      <p>{count} left</p>',
      '      <h2>{title}</h2>',
      '      <h3>Hello {title}</h3>',
      "      <h4>{'Written'}</h4>",
      '      <h5>Plain words</h5>',
      '      <ul>{PLANS.map((plan) => <li key={plan.name}>{plan.name}</li>)}</ul>',
      '      <em>{format(count)}</em>',
      '      <b>A &quot;quote&quot; {"and"}</b>',
      "      <i>{import.meta.env.VITE_NAME ?? 'Guest'}</i>",
      '      <ol>{loaded.map((plan) => <li key={plan.name}>{plan.name}</li>)}</ol>',
      '    </div>',
      '  );',
      '}',
    ].join('\n');
    const tagged = tagJsxSource(code, 'src/App.tsx');
    expect(codeTextsOf(tagged)).toEqual([
      [7, null], // holds other elements
      [8, '{TITLE}'], // a constant of the module
      [9, '{count}'], // state
      [10, null], // a prop: written where the component is used
      [11, '{title}'], // text and a prop: one string written nowhere
      [12, null],
      [13, null],
      [14, null], // the list holds elements
      [14, null], // a list item: written in the list
      [15, '{format(count)}'],
      [16, null],
      [17, "{env.VITE_NAME ?? 'Guest'}"], // the page keeps no import.meta.env of its own
      [18, null],
      [18, '{plan.name}'], // an item of data the app gets while it runs
    ]);
    expect(stripTags(tagged)).toBe(code);

    // What the build marks, the edit that saves text refuses as text from code (the same line).
    const marked = [
      ...tagged.matchAll(
        /data-mason-line="(\d+)" data-mason-col="(\d+)"[^>]*?data-mason-text-code=/g,
      ),
    ];
    expect(marked).toHaveLength(6);
    for (const match of marked) {
      const location = { line: Number(match[1]), column: Number(match[2]) };
      const outcome = applyVisualEdits(code, 'src/App.tsx', [
        { location, change: { kind: 'update', textContent: 'New words' } },
      ]);
      expect(outcome).toMatchObject({
        ok: false,
        message: expect.stringMatching(/comes from code/),
      });
    }
  });

  it('marks text that reads a helper’s parameter, an index or a shadowed prop as code, as the text change refuses it; a prop and a list item stay editable', () => {
    const code = [
      "const PLANS = [{ name: 'Starter' }, { name: 'Team' }];",
      'function label(words: string) {',
      '  return <b>{words}</b>;',
      '}',
      'function Tag({ item }: { item: { name: string } }) {',
      '  return <i>{item.name}</i>;',
      '}',
      'function Note(props: { text: string }) {',
      '  return (',
      '    <div>',
      '      <em>{props}</em>',
      '      <small>{props.text}</small>',
      '    </div>',
      '  );',
      '}',
      'export function Card({ title }: { title: string }) {',
      '  const [loaded] = useState<string[]>([]);',
      '  return (',
      '    <section>',
      '      <h2>{title}</h2>',
      '      <ol>{PLANS.map((plan, index) => <li key={plan.name}>{index}</li>)}</ol>',
      '      <ul>{PLANS.map((plan) => <li key={plan.name}>{plan.name}</li>)}</ul>',
      '      <ul>{loaded.map((title) => <li key={title}>{title}</li>)}</ul>',
      "      {label('Hi')}",
      '      <Tag item={PLANS[0]} />',
      '      <Note text="Soon" />',
      '    </section>',
      '  );',
      '}',
      'export function App() {',
      '  return <Card title="Plans" />;',
      '}',
    ].join('\n');
    const tagged = tagJsxSource(code, 'src/App.tsx');
    expect(codeTextsOf(tagged)).toEqual([
      [3, '{words}'], // a helper's parameter: code
      [6, '{item.name}'], // a field of a destructured prop: written nowhere the change looks
      [10, null],
      [11, '{props}'], // the whole props object
      [12, null], // a prop read by field: written where Note is used
      [19, null],
      [20, null], // a prop: written where Card is used
      [21, null],
      [21, '{index}'], // the index of a written list
      [22, null],
      [22, null], // an item of a written list
      [23, null],
      [23, '{title}'], // the item of data the app gets, named like Card's prop
    ]);

    // Every element marked is refused by the text change as code (whatever it showed)...
    const marked = [
      ...tagged.matchAll(
        /data-mason-line="(\d+)" data-mason-col="(\d+)"[^>]*?data-mason-text-code=/g,
      ),
    ];
    expect(marked).toHaveLength(5);
    for (const match of marked) {
      const location = { line: Number(match[1]), column: Number(match[2]) };
      const outcome = applyVisualEdits(code, 'src/App.tsx', [
        { location, change: { kind: 'update', textContent: 'New', previousTextContent: 'Hi' } },
      ]);
      expect(outcome).toMatchObject({ ok: false, message: expect.stringMatching(/comes from/) });
    }
    // ...and what it leaves editable is not: a list item is changed in its list, a prop's text
    // is looked up where the component is used (another step, not this file's edit).
    const lines = code.split('\n');
    const at = (line: number, tag: string) => ({
      line,
      column: (lines[line - 1] ?? '').indexOf(`<${tag}`) + 1,
    });
    const edit = (location: { line: number; column: number }, previousTextContent: string) =>
      applyVisualEdits(code, 'src/App.tsx', [
        { location, change: { kind: 'update', textContent: 'Renamed', previousTextContent } },
      ]);
    expect(edit(at(22, 'li'), 'Starter')).toMatchObject({ ok: true });
    for (const [location, previous] of [
      [at(12, 'small'), 'Soon'],
      [at(20, 'h2'), 'Plans'],
    ] as const)
      expect(edit(location, previous)).not.toMatchObject({
        message: expect.stringMatching(/comes from code/),
      });
  });

  it('tags each element with its file, line, column and the component around it', () => {
    const code = [
      "import { useState } from 'react';",
      '',
      'function Badge({ label }: { label: string }) {',
      '  return <span className="badge">{label}</span>;',
      '}',
      '',
      'export const Card = ({ title }: { title: string }) => {',
      '  const [open, setOpen] = useState(false);',
      '  return (',
      '    <div className="card">',
      '      <h2 onClick={() => setOpen(!open)}>{title}</h2>',
      '      <Badge label="new" />',
      '    </div>',
      '  );',
      '};',
    ].join('\n');
    const tagged = tagJsxSource(code, 'src/components/Card.tsx');
    expect(tagsOf(tagged)).toEqual([
      { element: 'span', file: 'src/components/Card.tsx', line: 4, column: 10, component: 'Badge' },
      { element: 'div', file: 'src/components/Card.tsx', line: 10, column: 5, component: 'Card' },
      { element: 'h2', file: 'src/components/Card.tsx', line: 11, column: 7, component: 'Card' },
    ]);
    // A component element is tagged too (a component that spreads its props onto its element
    // passes them on, so a click maps to where it is used); its own props are kept.
    expect(tagged).toContain(
      '<Badge data-mason-file="src/components/Card.tsx" data-mason-line="12" data-mason-col="7" data-mason-component="Card" label="new" />',
    );
    expect(stripTags(tagged)).toBe(code);
  });

  it('never tags a fragment, which takes no props but a key; a member component is tagged', () => {
    const code = [
      "import React, { Fragment } from 'react';",
      'export const List = () => (',
      '  <>',
      '    <Fragment key="a"><b>a</b></Fragment>',
      '    <React.Fragment key="b"><Dialog.Content>b</Dialog.Content></React.Fragment>',
      '  </>',
      ');',
    ].join('\n');
    const tagged = tagJsxSource(code, 'src/List.tsx');
    expect(tagged).toContain('<Fragment key="a">');
    expect(tagged).toContain('<React.Fragment key="b">');
    expect(tagged).toContain('<Dialog.Content data-mason-file="src/List.tsx" data-mason-line="5"');
    expect(stripTags(tagged)).toBe(code);
  });

  it('tags elements rendered in a .map callback with the component that renders the list', () => {
    const code = [
      'const items = ["a", "b"];',
      'export default function List() {',
      '  const renderExtra = () => <em>extra</em>;',
      '  return (',
      '    <ul>',
      '      {items.map((item) => (',
      '        <li key={item} className={`item ${item}`}>{item}</li>',
      '      ))}',
      '      {renderExtra()}',
      '    </ul>',
      '  );',
      '}',
    ].join('\n');
    const tagged = tagJsxSource(code, 'src/List.tsx');
    expect(
      tagsOf(tagged).map(({ element, line, component }) => [element, line, component]),
    ).toEqual([
      ['em', 3, 'List'],
      ['ul', 5, 'List'],
      ['li', 7, 'List'],
    ]);
    expect(stripTags(tagged)).toBe(code);
  });

  it('leaves fragments untagged and tags their children', () => {
    const code = [
      "import { Fragment } from 'react';",
      'export function Page() {',
      '  return (',
      '    <>',
      '      <h1>Title</h1>',
      '      <Fragment key="x"><p>Body</p></Fragment>',
      '    </>',
      '  );',
      '}',
    ].join('\n');
    const tagged = tagJsxSource(code, 'src/Page.tsx');
    expect(tagged).toContain('\n    <>\n');
    expect(tagged).toContain('<Fragment key="x">');
    expect(tagsOf(tagged).map((tag) => tag.element)).toEqual(['h1', 'p']);
    expect(stripTags(tagged)).toBe(code);
  });

  it('names the file a component is defined in, not the file that uses it', () => {
    const button = 'export const Button = () => <button type="button">Go</button>;';
    const app =
      "import { Button } from './Button';\nexport const App = () => <main><Button /></main>;";
    expect(tagsOf(tagJsxSource(button, 'src/components/Button.tsx'))).toEqual([
      {
        element: 'button',
        file: 'src/components/Button.tsx',
        line: 1,
        column: 29,
        component: 'Button',
      },
    ]);
    expect(tagsOf(tagJsxSource(app, 'src/App.tsx'))).toEqual([
      { element: 'main', file: 'src/App.tsx', line: 2, column: 26, component: 'App' },
    ]);
  });

  it('keeps an existing className and the other attributes as they are', () => {
    const code =
      'export const Title = () => <h1 className={cn("title", big && "big")} id="t">Hi</h1>;';
    const tagged = tagJsxSource(code, 'src/Title.tsx');
    expect(tagged).toBe(
      'export const Title = () => <h1 data-mason-file="src/Title.tsx" data-mason-line="1" data-mason-col="28" data-mason-component="Title" className={cn("title", big && "big")} id="t">Hi</h1>;',
    );
  });

  it('names components wrapped in memo or forwardRef, and class components', () => {
    const code = [
      "import { memo, Component } from 'react';",
      'export const Row = memo(function row() { return <tr />; });',
      'export class Panel extends Component { render() { return <section />; } }',
      'export const NOTE = <aside />;',
    ].join('\n');
    expect(tagsOf(tagJsxSource(code, 'src/x.jsx')).map((tag) => tag.component)).toEqual([
      'Row',
      'Panel',
      'anonymous',
    ]);
  });

  it('leaves elements that already carry source attributes alone', () => {
    const once = tagJsxSource('export const A = () => <div><p /></div>;', 'src/A.tsx');
    expect(tagJsxSource(once, 'src/A.tsx')).toBe(once);
  });

  it('escapes quotes in the file path so the attribute stays valid JSX', () => {
    const tagged = tagJsxSource('export const A = () => <div />;', 'src/a"b&c.tsx');
    expect(tagged).toContain('data-mason-file="src/a&quot;b&amp;c.tsx"');
  });

  it('returns files that are not .tsx or .jsx as they are', () => {
    const code = 'export const x = 1 < 2 ? "<div>" : "";';
    expect(tagJsxSource(code, 'src/util.ts')).toBe(code);
    expect(tagJsxSource('a { color: red }', 'src/index.css')).toBe('a { color: red }');
  });

  it('throws a PreviewSyntaxError locating the syntax error', () => {
    const code = [
      'export function App() {',
      '  return (',
      '    <div>',
      '      <p>Hi</div>',
      '  );',
      '}',
    ].join('\n');
    let thrown: unknown;
    try {
      tagJsxSource(code, 'src/App.tsx');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PreviewSyntaxError);
    const { diagnostic } = thrown as PreviewSyntaxError;
    expect(diagnostic).toMatchObject({ severity: 'error', file: 'src/App.tsx', line: 4 });
    expect(diagnostic.column).toBeGreaterThan(1);
    expect(diagnostic.message).toMatch(/JSX/);
    expect(diagnostic.message).not.toMatch(/\(\d+:\d+\)$/);
  });
});
