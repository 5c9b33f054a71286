// The scripted model's default behaviour when no reply is queued: a tiny "demo builder" that
// turns the person's request into a component, so `npm start` against the scripted server
// builds a small app end to end. It reads src/App.tsx, writes src/components/<Name>.tsx, edits
// App.tsx to render it, runs check_project and answers with a short summary.
import type { ConversationItem, ScriptedReply, ScriptedToolCall } from './scripted-reply';

const STOP_WORDS = new Set(
  `a an the and or of for to in on with without that this it its my me i we you your our please can could would
  should will want need needs like make build create add made building app apps application web website site page
  simple small little basic new some using use react typescript tsx which where who what show shows let lets
  have has be is are was were so just very really nice cool now also then there here one another more`.split(
    /\s+/,
  ),
);

const LIST_WORDS =
  /\b(todo|todos|to-do|task|tasks|list|lists|note|notes|track|tracker|habit|habits|shopping|grocery|groceries|item|items|reading|books|movies)\b/i;

export interface DemoPlan {
  /** PascalCase component name. */
  readonly name: string;
  readonly kind: 'list' | 'counter';
  readonly path: string;
  readonly title: string;
}

/** The component the demo builds for a request: named after its words, a list or a counter. */
export function planFor(request: string): DemoPlan {
  const kind = LIST_WORDS.test(request) ? 'list' : 'counter';
  const words = (request.toLowerCase().match(/[a-z]+/g) ?? []).filter(
    (word) => word.length > 1 && !STOP_WORDS.has(word),
  );
  const picked = words.slice(0, 2);
  let name = picked
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('')
    .slice(0, 40);
  if (name.length === 0 || name === 'App') name = kind === 'list' ? 'TodoList' : 'Counter';
  const title = name.replace(/([a-z])([A-Z])/g, '$1 $2');
  return { name, kind, path: `src/components/${name}.tsx`, title };
}

/** The component's source: a list or a counter, made with the starter's kit and theme classes. */
export function componentSource(plan: DemoPlan): string {
  const id = plan.name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
  if (plan.kind === 'list') {
    return `import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export function ${plan.name}() {
  const [items, setItems] = useState<string[]>([]);
  const [draft, setDraft] = useState('');

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setItems([...items, text]);
    setDraft('');
  }

  return (
    <section aria-labelledby="${id}-title" className="mx-auto my-8 grid w-full max-w-md gap-4">
      <h2 id="${id}-title" className="text-xl font-semibold">${plan.title}</h2>
      <form onSubmit={add} className="flex gap-2">
        <Label htmlFor="${id}-new" className="sr-only">New item</Label>
        <Input id="${id}-new" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="Add an item" />
        <Button type="submit">Add</Button>
      </form>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing here yet.</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {items.map((item, index) => (
            <li key={index} className="flex items-center justify-between gap-2 px-3 py-2">
              {item}{' '}
              <Button type="button" variant="ghost" size="sm" onClick={() => setItems(items.filter((_, other) => other !== index))} aria-label={\`Remove \${item}\`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
`;
  }
  return `import { useState } from 'react';
import { Button } from '@/components/ui/button';

export function ${plan.name}() {
  const [count, setCount] = useState(0);

  return (
    <section aria-labelledby="${id}-title" className="mx-auto my-8 grid w-full max-w-md gap-4 text-center">
      <h2 id="${id}-title" className="text-xl font-semibold">${plan.title}</h2>
      <p aria-live="polite" className="text-5xl font-bold tabular-nums">{count}</p>
      <div className="flex justify-center gap-2">
        <Button type="button" variant="outline" onClick={() => setCount(count - 1)}>Decrease</Button>
        <Button type="button" variant="secondary" onClick={() => setCount(0)}>Reset</Button>
        <Button type="button" onClick={() => setCount(count + 1)}>Increase</Button>
      </div>
    </section>
  );
}
`;
}

function unique(content: string, part: string): boolean {
  const first = content.indexOf(part);
  return first !== -1 && content.indexOf(part, first + 1) === -1;
}

/** The smallest unique run of lines ending at line `index` (up to 4 lines), or null. */
function uniqueAnchor(lines: readonly string[], index: number): string | null {
  const content = lines.join('\n');
  for (let start = index; start >= Math.max(0, index - 3); start -= 1) {
    const anchor = lines.slice(start, index + 1).join('\n');
    if (anchor.trim().length > 0 && unique(content, anchor)) return anchor;
  }
  return null;
}

/**
 * Edits of App.tsx that import the component and render it before the outermost closing tag of
 * the JSX it returns (in the first page's section when the app has routes); null when App.tsx has no shape the demo understands (it is rewritten then).
 */
export function appEdits(app: string, plan: DemoPlan): ScriptedToolCall[] | null {
  const lines = app.split('\n');
  const importLine = `import { ${plan.name} } from './components/${plan.name}';`;
  if (app.includes(importLine)) return null;

  let lastImport = -1;
  lines.forEach((line, index) => {
    if (/^import\s/.test(line) && /['"];?\s*$/.test(line)) lastImport = index;
  });
  let closing = -1;
  if (app.includes('<Routes')) {
    // A router's <Routes> takes only <Route>s: render it in the first page's card content (or
    // section) instead.
    closing = lines.findIndex((line) => /^\s*<\/(section|CardContent)>\s*$/.test(line));
  } else {
    for (let index = lines.length - 1; index >= 0; index -= 1) {
      if (/^\s*<\/[\w.]*>\s*$/.test(lines[index])) {
        closing = index;
        break;
      }
    }
  }
  if (closing === -1) return null;
  const closingAnchor = uniqueAnchor(lines, closing);
  const importAnchor = lastImport >= 0 ? uniqueAnchor(lines, lastImport) : null;
  if (!closingAnchor || (lastImport >= 0 && !importAnchor)) return null;
  // The two anchors must not overlap, or the second edit would not find its text.
  if (importAnchor && closingAnchor.includes(importAnchor)) return null;

  const indent = (lines[closing].match(/^\s*/) ?? [''])[0];
  const edits: ScriptedToolCall[] = [];
  if (importAnchor) {
    edits.push({
      name: 'edit_file',
      input: {
        path: 'src/App.tsx',
        old_string: importAnchor,
        new_string: `${importAnchor}\n${importLine}`,
      },
    });
  }
  const closingLines = closingAnchor.split('\n');
  const rendered = [
    ...closingLines.slice(0, -1),
    `${indent}  <${plan.name} />`,
    closingLines[closingLines.length - 1],
  ].join('\n');
  edits.push({
    name: 'edit_file',
    input: { path: 'src/App.tsx', old_string: closingAnchor, new_string: rendered },
  });
  if (!importAnchor) {
    // No import to follow: put the import first, anchored on the first line.
    const first = lines[0];
    if (!unique(app, first) || first.trim().length === 0) return null;
    edits.unshift({
      name: 'edit_file',
      input: { path: 'src/App.tsx', old_string: first, new_string: `${importLine}\n${first}` },
    });
  }
  return edits;
}

function appSource(plan: DemoPlan): string {
  return `import { ${plan.name} } from './components/${plan.name}';

export function App() {
  return (
    <main>
      <${plan.name} />
    </main>
  );
}

export default App;
`;
}

function words(text: string): string[] {
  return text.split(/(?<= )/);
}

/** The demo's next reply for a conversation: one step of read, write, edit, check, summary. */
export function demoReply(conversation: readonly ConversationItem[]): ScriptedReply {
  let lastUser = -1;
  conversation.forEach((item, index) => {
    if (item.kind === 'user' && item.text.trim().length > 0) lastUser = index;
  });
  const request = lastUser >= 0 ? (conversation[lastUser] as { text: string }).text : '';
  const since = conversation.slice(lastUser + 1);
  const steps = since.filter((item) => item.kind === 'assistant' && item.toolCalls.length > 0);
  const results = since.filter((item) => item.kind === 'tool-result');
  const plan = planFor(request);

  switch (steps.length) {
    case 0:
      return {
        text: words(`I'll build a ${plan.title.toLowerCase()} for you. First, a look at the app. `),
        toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }],
      };
    case 1:
      return {
        text: words(`Adding the ${plan.name} component. `),
        toolCalls: [
          { name: 'write_file', input: { path: plan.path, content: componentSource(plan) } },
        ],
      };
    case 2: {
      const read = results[0];
      const edits =
        read && read.kind === 'tool-result' && !read.isError ? appEdits(read.text, plan) : null;
      if (edits) return { text: words('Now I put it on the page. '), toolCalls: edits };
      return {
        text: words('Now I put it on the page. '),
        toolCalls: [
          { name: 'write_file', input: { path: 'src/App.tsx', content: appSource(plan) } },
        ],
      };
    }
    case 3:
      return {
        text: words('Checking that the project builds. '),
        toolCalls: [{ name: 'check_project', input: {} }],
      };
    default: {
      const check = results[results.length - 1];
      const builds = check?.kind === 'tool-result' && check.text.startsWith('The project builds');
      const summary = builds
        ? `Done: I added the ${plan.name} component in ${plan.path} and placed it in src/App.tsx. The project builds.`
        : `I added the ${plan.name} component in ${plan.path} and placed it in src/App.tsx, but the check still reports errors:\n${check && check.kind === 'tool-result' ? check.text : '(no check result)'}`;
      return { text: words(summary) };
    }
  }
}
