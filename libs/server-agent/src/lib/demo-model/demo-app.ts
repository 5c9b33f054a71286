import { nameFromDescription } from '@mason/contract';

/** What the offline demo builds: a checklist app named and filled from the person's words. */
export interface DemoApp {
  readonly title: string;
  readonly summary: string;
  readonly items: readonly string[];
  /** src/App.tsx: self-contained (React and Tailwind classes only), so any starter builds it. */
  readonly source: string;
}

const MAX_ITEMS = 8;
const MAX_ITEM_CHARS = 40;
const MAX_SUMMARY_CHARS = 140;

/** Words after which a description names what the app holds ("with milk, eggs and bread"). */
const LIST_START = /\b(?:with|of|for|including|containing|add|adding|like|such as)\b|:/gi;
/** Words that lead an item but are not part of it. */
const LEADING = /^(?:a|an|the|some|my|our|your|and|or|also|then|to|items?|entries)\s+/i;
const RENAME = /\b(?:call it|name it|rename it to|title it|rename to)\s+["“']?([^"”'.!?\n]{1,40})/i;
const SAMPLE_ITEMS = ['Try the demo', 'Add an item of your own', 'Tick one off'];

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One list: what follows a list word, up to the end of its sentence (or the next colon). */
function itemsAfter(tail: string): string[] {
  return (tail.split(/[.!?\n:]/)[0] ?? '')
    .split(/,|;|\band\b|&|\+/i)
    .map((part) => {
      let item = part.trim();
      for (let before = ''; before !== item;) {
        before = item;
        item = item.replace(LEADING, '').trim();
      }
      return item;
    })
    .filter((item) => item.length > 0 && item.length <= MAX_ITEM_CHARS && /\p{L}/u.test(item))
    .map(capitalise);
}

/**
 * The things a sentence names after "with", "for", "add", a colon...: of every such list, the
 * longest ("for a beach trip: towel, sunscreen, hat" names three things).
 */
export function itemsNamedIn(text: string): string[] {
  let best: string[] = [];
  for (const start of text.matchAll(LIST_START)) {
    const items = itemsAfter(text.slice((start.index ?? 0) + start[0].length));
    if (items.length > best.length) best = items;
  }
  return best;
}

/** The first sentence of the description, shortened: the line under the title. */
function summaryOf(description: string): string {
  const first = description.trim().split(/(?<=[.!?])\s|\n/)[0] ?? '';
  const flat = first.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_SUMMARY_CHARS ? flat : `${flat.slice(0, MAX_SUMMARY_CHARS - 1)}…`;
}

/**
 * The app for a conversation: the first message (the description) names it and fills its list;
 * later messages add the items they name, and "call it …" renames it.
 */
export function demoAppFor(messages: readonly string[]): DemoApp {
  const [description = '', ...later] = messages;
  let title = nameFromDescription(description);
  const items: string[] = [];
  for (const message of [description, ...later]) {
    const renamed = RENAME.exec(message);
    if (renamed && message !== description) title = capitalise(renamed[1].trim());
    else
      for (const item of itemsNamedIn(message))
        if (!items.some((known) => known.toLowerCase() === item.toLowerCase())) items.push(item);
  }
  const shown = (items.length > 0 ? items : SAMPLE_ITEMS).slice(0, MAX_ITEMS);
  const summary = summaryOf(description) || title;
  return { title, summary, items: shown, source: appSource(title, summary, shown) };
}

// JSON string literals are valid TypeScript: nothing the person wrote can break out of them.
const literal = (text: string) => JSON.stringify(text);

/** The app's title line in src/App.tsx, which a follow-up that renames the app edits. */
export const titleLine = (title: string) => `const TITLE = ${literal(title)};`;

/** The app's list line in src/App.tsx, which a follow-up that names more items edits. */
export const itemsLine = (items: readonly string[]) =>
  `const FIRST_ITEMS = [${items.map(literal).join(', ')}];`;

/** The lines a follow-up may change, as they stand in a file: `const NAME = …;`, whole. */
export const TITLE_LINE = /^const TITLE = .*;$/gm;
export const ITEMS_LINE = /^const FIRST_ITEMS = \[.*\];$/gm;

function appSource(title: string, summary: string, items: readonly string[]): string {
  return `import { useState, type FormEvent } from 'react';

${titleLine(title)}
const SUMMARY = ${literal(summary)};
${itemsLine(items)}

interface Item {
  id: number;
  text: string;
  done: boolean;
}

export function App() {
  const [items, setItems] = useState<Item[]>(() =>
    FIRST_ITEMS.map((text, index) => ({ id: index + 1, text, done: false })),
  );
  const [draft, setDraft] = useState('');
  const done = items.filter((item) => item.done).length;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setItems((current) => [...current, { id: Date.now(), text, done: false }]);
    setDraft('');
  };

  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col gap-6 p-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{TITLE}</h1>
        <p className="text-muted-foreground">{SUMMARY}</p>
      </header>
      <section className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
        <p className="mb-3 text-sm text-muted-foreground">
          {done} of {items.length} done
        </p>
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 rounded-lg border px-3 py-2">
              <input
                type="checkbox"
                aria-label={item.text}
                checked={item.done}
                onChange={() =>
                  setItems((current) =>
                    current.map((other) =>
                      other.id === item.id ? { ...other, done: !other.done } : other,
                    ),
                  )
                }
              />
              <span className={item.done ? 'flex-1 text-muted-foreground line-through' : 'flex-1'}>
                {item.text}
              </span>
              <button
                type="button"
                className="text-sm text-muted-foreground hover:text-foreground"
                onClick={() => setItems((current) => current.filter((other) => other.id !== item.id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <form onSubmit={add} className="mt-4 flex gap-2">
          <input
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Add an item"
            aria-label="New item"
            className="flex-1 rounded-md border bg-background px-3 py-2"
          />
          <button type="submit" className="rounded-md bg-primary px-4 py-2 text-primary-foreground">
            Add
          </button>
        </form>
      </section>
    </main>
  );
}
`;
}
