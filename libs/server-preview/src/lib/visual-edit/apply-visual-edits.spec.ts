import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEMPLATE_FILES } from '@mason/server-workspace';
import { buildPreview } from '../build-preview';
import { tagJsxSource } from '../tag-jsx-source';
import { applyVisualEdits } from './apply-visual-edits';
import type { ElementChange, ElementEdit, ElementLocation } from './apply-visual-edits';

const APP = 'src/App.tsx';
const LAYOUT = 'src/components/Layout.tsx';
const TODO_LIST = 'src/components/TodoList.tsx';
const COUNTER = 'src/components/Counter.tsx';
const TASK_CARD = 'src/components/TaskCard.tsx';

/** The starter's App and Layout as they were with a plain stylesheet (fixtures/README.md). */
const PLAIN_CSS_STARTER: Readonly<Record<string, string>> = {
  [APP]: 'plain-css-app.tsx.txt',
  [LAYOUT]: 'plain-css-layout.tsx.txt',
};

function template(path: string): string {
  const name = PLAIN_CSS_STARTER[path];
  const code = name === undefined ? TEMPLATE_FILES[path] : fixture(name);
  if (code === undefined) throw new Error(`The template has no ${path}.`);
  return code;
}

/** A fixture file (see fixtures/README.md for where each one comes from). */
function fixture(name: string): string {
  return readFileSync(join(__dirname, 'fixtures', name), 'utf8');
}

function onlyIndexOf(code: string, snippet: string): number {
  const index = code.indexOf(snippet);
  if (index === -1 || code.indexOf(snippet, index + 1) !== -1) {
    throw new Error(`The snippet must occur exactly once: ${snippet}`);
  }
  return index;
}

/** Where the preview build tags the element that starts the snippet (1-based, at its `<`). */
function at(code: string, snippet: string): ElementLocation {
  const index = onlyIndexOf(code, snippet);
  const before = code.slice(0, index);
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
}

/** The whole file with one snippet replaced: what an edit must produce, byte for byte. */
function replaceOnce(code: string, before: string, after: string): string {
  const index = onlyIndexOf(code, before);
  return code.slice(0, index) + after + code.slice(index + before.length);
}

function edit(code: string, snippet: string, change: ElementChange): ElementEdit {
  return { location: at(code, snippet), change };
}

function update(changes: Omit<Extract<ElementChange, { kind: 'update' }>, 'kind'>): ElementChange {
  return { kind: 'update', ...changes };
}

const DELETE: ElementChange = { kind: 'delete' };

/** The edits give exactly the expected file, which the preview build can tag (so it parses). */
function expectEdited(code: string, path: string, edits: ElementEdit[], expected: string): void {
  expect(expected).not.toBe(code);
  expect(applyVisualEdits(code, path, edits)).toEqual({ ok: true, code: expected });
  expect(() => tagJsxSource(expected, path)).not.toThrow();
}

function expectRefused(code: string, path: string, edits: ElementEdit[], message: string): void {
  expect(applyVisualEdits(code, path, edits)).toEqual({
    ok: false,
    message,
    location: edits[0]?.location ?? null,
  });
}

describe('applyVisualEdits on the template (src/App.tsx, Layout, main.tsx)', () => {
  const app = template(APP);
  const homeCard = '<section className="card">\n      <h1>Your app starts here</h1>';

  it('replaces a literal class list, keeping its quotes', () => {
    expectEdited(
      app,
      APP,
      [edit(app, homeCard, update({ className: 'card card--wide' }))],
      replaceOnce(
        app,
        homeCard,
        '<section className="card card--wide">\n      <h1>Your app starts here</h1>',
      ),
    );
  });

  it('adds className right after the tag name when the element has none', () => {
    expectEdited(
      app,
      APP,
      [edit(app, '<h1>Your app starts here</h1>', update({ className: 'title  title--big ' }))],
      replaceOnce(
        app,
        '<h1>Your app starts here</h1>',
        '<h1 className="title title--big">Your app starts here</h1>',
      ),
    );
  });

  it('removes the className attribute when no class is left', () => {
    const about = '<section className="card">\n      <h1>About</h1>';
    expectEdited(
      app,
      APP,
      [edit(app, about, update({ className: '' }))],
      replaceOnce(app, about, '<section>\n      <h1>About</h1>'),
    );
  });

  it('replaces the words of JSX text', () => {
    expectEdited(
      app,
      APP,
      [edit(app, '<h1>Your app starts here</h1>', update({ textContent: 'Your tasks, sorted' }))],
      replaceOnce(app, '<h1>Your app starts here</h1>', '<h1>Your tasks, sorted</h1>'),
    );
  });

  it('writes text JSX would read as code as a string expression', () => {
    expectEdited(
      app,
      APP,
      [edit(app, '<h1>About</h1>', update({ textContent: 'About {us} & <them>' }))],
      replaceOnce(app, '<h1>About</h1>', '<h1>{"About {us} & <them>"}</h1>'),
    );
  });

  it('adds a style object with camelCase keys and string values', () => {
    const paragraph = '<p>Describe what you want';
    expectEdited(
      app,
      APP,
      [
        edit(
          app,
          paragraph,
          update({ style: { color: 'rebeccapurple', 'margin-top': '2rem', opacity: '' } }),
        ),
      ],
      replaceOnce(
        app,
        paragraph,
        "<p style={{ color: 'rebeccapurple', marginTop: '2rem' }}>Describe what you want",
      ),
    );
  });

  it('deletes a child element with its whole line', () => {
    const line =
      '      <p>Describe what you want in the chat, and it will be built right here.</p>\n';
    expectEdited(
      app,
      APP,
      [edit(app, '<p>Describe what you want', DELETE)],
      replaceOnce(app, line, ''),
    );
  });

  it('puts null in place of the root element a component returns', () => {
    const root = [
      '  return (',
      '    <section className="card">',
      '      <h1>About</h1>',
      '      <p>A React and TypeScript app with two pages. Add more routes in src/App.tsx.</p>',
      '    </section>',
      '  );',
    ].join('\n');
    expectEdited(
      app,
      APP,
      [edit(app, '<section className="card">\n      <h1>About</h1>', DELETE)],
      replaceOnce(app, root, '  return null;'),
    );
  });

  it('refuses to replace text that comes from code', () => {
    const { line } = at(app, '<button type="button"');
    expectRefused(
      app,
      APP,
      [edit(app, '<button type="button"', update({ textContent: 'Click me' }))],
      `The text of the <button> in src/App.tsx line ${line} comes from code ({count}), so it cannot be changed here. Ask the assistant in the chat to make this change.`,
    );
  });

  it('refuses to replace the text of an element that holds other elements', () => {
    const paragraph = '<p>\n        There is nothing here.';
    expectRefused(
      app,
      APP,
      [edit(app, paragraph, update({ textContent: 'Nothing here.' }))],
      `The <p> in src/App.tsx line ${at(app, paragraph).line} holds other elements, so its text cannot be replaced as a whole. Select the element that holds just the text, or ask the assistant in the chat.`,
    );
  });

  it('edits a component defined in another file, where its JSX is', () => {
    const layout = template(LAYOUT);
    expectEdited(
      layout,
      LAYOUT,
      [
        edit(
          layout,
          '<span className="brand">',
          update({ className: 'logo', textContent: 'Task board' }),
        ),
        edit(layout, '<main className="main">', update({ style: { padding: '24px' } })),
      ],
      replaceOnce(
        replaceOnce(
          layout,
          '<span className="brand">My app</span>',
          '<span className="logo">Task board</span>',
        ),
        '<main className="main">',
        '<main style={{ padding: \'24px\' }} className="main">',
      ),
    );
  });

  it('deletes an element that spans several lines, lines and all', () => {
    const layout = template(LAYOUT);
    const nav = [
      '        <nav aria-label="Main">',
      '          {links.map((link) => (',
      '            <NavLink key={link.to} to={link.to} end className="nav-link">',
      '              {link.label}',
      '            </NavLink>',
      '          ))}',
      '        </nav>',
      '',
    ].join('\n');
    expectEdited(
      layout,
      LAYOUT,
      [edit(layout, '<nav aria-label="Main">', DELETE)],
      replaceOnce(layout, nav, ''),
    );
  });

  it('refuses a location where no element starts: the file changed since the preview was built', () => {
    const main = template('src/main.tsx');
    expectRefused(
      main,
      'src/main.tsx',
      [{ location: { line: 3, column: 1 }, change: update({ className: 'app' }) }],
      'No element starts at line 3, column 1 of src/main.tsx any more: the file changed since the preview was built. Reload the preview and make the change again.',
    );
  });

  it('gives a file the preview builds, with every other file of the template', async () => {
    const outcome = applyVisualEdits(app, APP, [
      edit(app, homeCard, update({ className: 'card hero', style: { textAlign: 'center' } })),
      edit(app, '<h1>Page not found</h1>', update({ textContent: 'Lost?' })),
      edit(app, '<p>A React and TypeScript app', DELETE),
    ]);
    if (!outcome.ok) throw new Error(outcome.message);
    const build = await buildPreview(
      new Map(Object.entries({ ...TEMPLATE_FILES, [APP]: outcome.code })),
    );
    if (!build.ok) throw new Error(JSON.stringify(build.diagnostics));
    expect(build.js).toContain('"card hero"');
    expect(build.js).toContain('Lost?');
    expect(build.js).not.toContain('A React and TypeScript app');
  });
});

describe('applyVisualEdits on the demo builder output (todo list, counter)', () => {
  const list = fixture('todo-list.tsx.txt');
  const counter = fixture('counter.tsx.txt');
  const section = '<section aria-labelledby="todo-list-title"';

  it('sets, replaces and removes properties of a style object', () => {
    expectEdited(
      list,
      TODO_LIST,
      [
        edit(
          list,
          section,
          update({
            style: {
              'max-width': '640px',
              'font-family': '',
              'background-color': '#fff',
              '--accent': 'teal',
            },
          }),
        ),
      ],
      replaceOnce(
        list,
        "style={{ maxWidth: 480, margin: '2rem auto', fontFamily: 'system-ui, sans-serif' }}",
        "style={{ maxWidth: '640px', margin: '2rem auto', backgroundColor: '#fff', '--accent': 'teal' }}",
      ),
    );
  });

  it('replaces the text of a branch of a ternary, and puts null in place of the branch when deleted', () => {
    const empty = '<p>Nothing here yet.</p>';
    expectEdited(
      list,
      TODO_LIST,
      [edit(list, empty, update({ textContent: 'Add your first item above.' }))],
      replaceOnce(list, empty, '<p>Add your first item above.</p>'),
    );
    expectEdited(
      list,
      TODO_LIST,
      [edit(list, empty, DELETE)],
      replaceOnce(
        list,
        `{items.length === 0 ? (\n        ${empty}\n      ) : (`,
        '{items.length === 0 ? null : (',
      ),
    );
  });

  it('puts null in place of the element a .map callback returns', () => {
    const item = [
      '{items.map((item, index) => (',
      '            <li key={index}>',
      "              {item}{' '}",
      '              <button type="button" onClick={() => setItems(items.filter((_, other) => other !== index))} aria-label={`Remove ${item}`}>',
      '                Remove',
      '              </button>',
      '            </li>',
      '          ))}',
    ].join('\n');
    expectEdited(
      list,
      TODO_LIST,
      [edit(list, '<li key={index}>', DELETE)],
      replaceOnce(list, item, '{items.map((item, index) => null)}'),
    );
  });

  it('replaces multi-line JSX text, keeping its indentation', () => {
    const button = '<button type="button" onClick={() => setItems(';
    expectEdited(
      list,
      TODO_LIST,
      [edit(list, button, update({ textContent: 'Delete' }))],
      replaceOnce(list, '                Remove\n', '                Delete\n'),
    );
  });

  it('adds a class to a self-closing element with many attributes', () => {
    expectEdited(
      list,
      TODO_LIST,
      [edit(list, '<input id="todo-list-new"', update({ className: 'new-item' }))],
      replaceOnce(
        list,
        '<input id="todo-list-new"',
        '<input className="new-item" id="todo-list-new"',
      ),
    );
  });

  it('drops the edits of an element inside a deleted one', () => {
    const form = [
      "      <form onSubmit={add} style={{ display: 'flex', gap: 8 }}>",
      '        <label htmlFor="todo-list-new" style={{ position: \'absolute\', left: -10000 }}>New item</label>',
      '        <input id="todo-list-new" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="Add an item" style={{ flex: 1 }} />',
      '        <button type="submit">Add</button>',
      '      </form>',
      '',
    ].join('\n');
    expectEdited(
      list,
      TODO_LIST,
      [
        edit(list, '<button type="submit">', update({ textContent: 'Add item' })),
        edit(list, '<form onSubmit={add}', DELETE),
        edit(list, '<input id="todo-list-new"', update({ className: 'new-item' })),
      ],
      replaceOnce(list, form, ''),
    );
  });

  it('refuses the text of an element that holds other elements, and text on a void element', () => {
    expectRefused(
      list,
      TODO_LIST,
      [edit(list, '<li key={index}>', update({ textContent: 'Milk' }))],
      'The <li> in src/components/TodoList.tsx line 28 holds other elements, so its text cannot be replaced as a whole. Select the element that holds just the text, or ask the assistant in the chat.',
    );
    expectRefused(
      list,
      TODO_LIST,
      [edit(list, '<input id="todo-list-new"', update({ textContent: 'Milk' }))],
      'The <input> in src/components/TodoList.tsx line 20 cannot hold text. Ask the assistant in the chat to make this change.',
    );
  });

  it('refuses text that comes from an expression', () => {
    expectRefused(
      counter,
      COUNTER,
      [edit(counter, '<p aria-live="polite"', update({ textContent: '10' }))],
      'The text of the <p> in src/components/Counter.tsx line 9 comes from code ({count}), so it cannot be changed here. Ask the assistant in the chat to make this change.',
    );
  });

  it('deletes a button standing on its own line', () => {
    expectEdited(
      counter,
      COUNTER,
      [edit(counter, '<button type="button" onClick={() => setCount(0)}>', DELETE)],
      replaceOnce(
        counter,
        '        <button type="button" onClick={() => setCount(0)}>Reset</button>\n',
        '',
      ),
    );
  });

  it('merges several edits of one element into one change', () => {
    const heading = '<h2 id="counter-title">Counter</h2>';
    expectEdited(
      counter,
      COUNTER,
      [
        edit(counter, heading, update({ className: 'title' })),
        edit(counter, heading, update({ textContent: 'Clicks' })),
        edit(counter, heading, update({ style: { color: 'navy' } })),
        edit(counter, heading, update({ style: { fontWeight: '700' } })),
      ],
      replaceOnce(
        counter,
        heading,
        '<h2 className="title" style={{ color: \'navy\', fontWeight: \'700\' }} id="counter-title">Clicks</h2>',
      ),
    );
  });

  it('removes the last property of a style object and one in the middle', () => {
    expectEdited(
      counter,
      COUNTER,
      [
        edit(
          counter,
          "<div style={{ display: 'flex'",
          update({ style: { gap: '', justifyContent: '' } }),
        ),
      ],
      replaceOnce(
        counter,
        "<div style={{ display: 'flex', gap: 8, justifyContent: 'center' }}>",
        "<div style={{ display: 'flex' }}>",
      ),
    );
  });

  it('refuses the whole batch when one edit cannot be applied', () => {
    const outcome = applyVisualEdits(counter, COUNTER, [
      edit(counter, '<h2 id="counter-title">', update({ textContent: 'Clicks' })),
      edit(counter, '<p aria-live="polite"', update({ textContent: '10' })),
    ]);
    expect(outcome).toMatchObject({ ok: false, location: at(counter, '<p aria-live="polite"') });
  });
});

describe('applyVisualEdits on classes, text and deletes written by code (task card)', () => {
  const card = fixture('task-card.tsx.txt');

  it('removes a static class from a cn() call and adds new ones as a new argument', () => {
    expectEdited(
      card,
      TASK_CARD,
      [edit(card, '<article', update({ className: 'task-card border task-card--urgent shadow' }))],
      replaceOnce(
        replaceOnce(card, "'task-card rounded border',", "'task-card border',"),
        '        className,\n      )}',
        "        className,\n        'shadow',\n      )}",
      ),
    );
  });

  it('adds a class after the conditional arguments of a one-line cn() call', () => {
    const item = "<li key={tag} className={cn('tag', tag === 'new' && 'tag--new')}>";
    expectEdited(
      card,
      TASK_CARD,
      [edit(card, item, update({ className: 'tag tag--pill' }))],
      replaceOnce(
        card,
        item,
        "<li key={tag} className={cn('tag', tag === 'new' && 'tag--new', 'tag--pill')}>",
      ),
    );
  });

  it('removes a cn() argument left without classes', () => {
    const item = "<li key={tag} className={cn('tag', tag === 'new' && 'tag--new')}>";
    expectEdited(
      card,
      TASK_CARD,
      [edit(card, item, update({ className: 'tag--new' }))],
      replaceOnce(card, item, "<li key={tag} className={cn(tag === 'new' && 'tag--new')}>"),
    );
  });

  it('edits the static parts of a template literal and leaves its conditions alone', () => {
    const header = "<header className={`task-card__header ${done ? 'muted' : ''} flex`}>";
    expectEdited(
      card,
      TASK_CARD,
      [edit(card, header, update({ className: 'task-card__header flex-row' }))],
      replaceOnce(
        card,
        header,
        "<header className={`task-card__header ${done ? 'muted' : ''} flex-row`}>",
      ),
    );
    expectEdited(
      card,
      TASK_CARD,
      [edit(card, header, update({ className: 'muted flex' }))],
      replaceOnce(card, header, "<header className={`${done ? 'muted' : ''} flex`}>"),
    );
  });

  it('combines classes added to a class list from code with it', () => {
    expectEdited(
      card,
      TASK_CARD,
      [
        edit(
          card,
          '<h3 className={styles.title}>',
          update({
            className: 'TaskCard_title__x1 large',
            previousClassName: 'TaskCard_title__x1',
          }),
        ),
      ],
      replaceOnce(
        card,
        '<h3 className={styles.title}>',
        "<h3 className={[styles.title, 'large'].filter(Boolean).join(' ')}>",
      ),
    );
  });

  it('refuses to remove a class the source does not hold', () => {
    expectRefused(
      card,
      TASK_CARD,
      [
        edit(
          card,
          '<span className={className}>',
          update({ className: 'badge', previousClassName: 'highlighted wide badge' }),
        ),
      ],
      'The <span> in src/components/TaskCard.tsx line 26 gets the classes "highlighted" and "wide" from code, not from its source text, so they cannot be removed here. Ask the assistant in the chat to make this change.',
    );
  });

  it('adds className to an element that spreads props, before the spread', () => {
    expectEdited(
      card,
      TASK_CARD,
      [edit(card, '<footer', update({ className: 'task-card__footer' }))],
      replaceOnce(
        card,
        "<footer {...{ role: 'contentinfo' }}>",
        '<footer className="task-card__footer" {...{ role: \'contentinfo\' }}>',
      ),
    );
  });

  it('deletes an element of a fragment with its line', () => {
    expectEdited(
      card,
      TASK_CARD,
      [edit(card, '<small>', DELETE)],
      replaceOnce(card, '        <small>Created today</small>\n', ''),
    );
  });

  it('replaces a string literal child in its quotes, and puts null after && when deleted', () => {
    const note = '<p className="task-card__note">';
    expectEdited(
      card,
      TASK_CARD,
      [edit(card, note, update({ textContent: "You're done!" }))],
      replaceOnce(card, "{'Well done!'}", "{'You\\'re done!'}"),
    );
    expectEdited(
      card,
      TASK_CARD,
      [edit(card, note, DELETE)],
      replaceOnce(card, `{done && ${note}{'Well done!'}</p>}`, '{done && null}'),
    );
  });

  it('refuses the text of an element rendered in .map from its item', () => {
    expectRefused(
      card,
      TASK_CARD,
      [edit(card, '<li key={tag}', update({ textContent: 'urgent' }))],
      'The text of the <li> in src/components/TaskCard.tsx line 34 comes from code ({tag}), so it cannot be changed here. Ask the assistant in the chat to make this change.',
    );
  });
});

describe('applyVisualEdits on other ways of writing JSX', () => {
  const path = 'src/components/Demo.tsx';

  it.each([
    ["{'a b'}", "{'a c'}"],
    ['{"a b"}', '{"a c"}'],
    ['{`a b`}', '{`a c`}'],
  ])('replaces the class literal %s keeping its quotes', (value, expected) => {
    const code = `export const Demo = () => <div className=${value}>x</div>;\n`;
    expectEdited(
      code,
      path,
      [edit(code, '<div', update({ className: 'a c' }))],
      code.replace(value, expected),
    );
  });

  it('writes a class list that cannot sit between quotes as an expression', () => {
    const code = 'export const Demo = () => <div className="a">x</div>;\n';
    expectEdited(
      code,
      path,
      [edit(code, '<div', update({ className: 'a say"hi"' }))],
      code.replace('"a"', '{"a say\\"hi\\""}'),
    );
  });

  it('reads the strings of array arguments as static classes', () => {
    const code =
      "export const Demo = ({ on }: { on: boolean }) => <div className={clsx(['base', on && 'on'], 'size')}>x</div>;\n";
    expectEdited(
      code,
      path,
      [edit(code, '<div', update({ className: 'on large' }))],
      code.replace("clsx(['base', on && 'on'], 'size')", "clsx([on && 'on'], 'large')"),
    );
  });

  it('replaces a plain template literal child and text mixed with literals', () => {
    const code =
      "export const Demo = () => (\n  <ul>\n    <li>{`plain`}</li>\n    <li>Hello {'world'}!</li>\n  </ul>\n);\n";
    expectEdited(
      code,
      path,
      [
        edit(code, '<li>{`plain`}', update({ textContent: 'Use `x` ${y}' })),
        edit(code, '<li>Hello', update({ textContent: 'Hi' })),
      ],
      code.replace('{`plain`}', '{`Use \\`x\\` \\${y}`}').replace("Hello {'world'}!", 'Hi'),
    );
  });

  it('gives text to self-closing and empty elements', () => {
    const code = [
      'export const Demo = () => (',
      '  <div>',
      '    <p />',
      '    <h2 className="x"></h2>',
      '  </div>',
      ');',
      '',
    ].join('\n');
    expectEdited(
      code,
      path,
      [
        edit(code, '<p />', update({ textContent: 'Hello' })),
        edit(code, '<h2', update({ textContent: 'Title' })),
      ],
      code
        .replace('<p />', '<p>Hello</p>')
        .replace('<h2 className="x"></h2>', '<h2 className="x">Title</h2>'),
    );
  });

  it('spreads a style that comes from an expression into a new object', () => {
    const code =
      'const styles = { color: "blue" };\nexport const Demo = () => <p style={styles}>x</p>;\n';
    expectEdited(
      code,
      path,
      [edit(code, '<p', update({ style: { color: 'red', 'font-size': '' } }))],
      code.replace('style={styles}', "style={{ ...styles, color: 'red', fontSize: undefined }}"),
    );
  });

  it('puts null in place of an arrow body and of a ternary branch', () => {
    const code =
      'export const Demo = ({ on }: { on: boolean }) => (on ? <b>on</b> : <i>off</i>);\nexport const Extra = () => <em>extra</em>;\n';
    expectEdited(
      code,
      path,
      [edit(code, '<b>', DELETE), edit(code, '<em>', DELETE)],
      code.replace('<b>on</b>', 'null').replace('<em>extra</em>', 'null'),
    );
  });

  it('refuses a file that does not parse', () => {
    const code = 'export const Demo = () => <div>;\n';
    const outcome = applyVisualEdits(code, path, [
      { location: { line: 1, column: 27 }, change: DELETE },
    ]);
    expect(outcome).toMatchObject({ ok: false, location: null });
    expect(outcome.ok ? '' : outcome.message).toMatch(
      /^src\/components\/Demo\.tsx does not parse \(.+\), so it cannot be changed here\. Ask the assistant in the chat to fix the file first\.$/,
    );
  });

  it('leaves the file as it is when the change changes nothing', () => {
    const code = 'export const Demo = () => <div className="a  b">x</div>;\n';
    expect(
      applyVisualEdits(code, path, [edit(code, '<div', update({ className: 'b a' }))]),
    ).toEqual({
      ok: true,
      code,
    });
  });
});
