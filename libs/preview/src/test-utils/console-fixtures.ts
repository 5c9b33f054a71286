import type { BuildDiagnostic } from '@mason/contract/preview';
import { PreviewSession, type ConsoleEntry } from '@mason/preview-state';

type LoggedEntry = Omit<ConsoleEntry, 'id'>;

/** 10:15:00 on the fixtures' day, plus a few seconds per line. */
const at = (second: number) => Date.UTC(2025, 0, 15, 10, 15, second);

/** A console as an app in trouble leaves it: every level once or more. */
export const MIXED_CONSOLE: readonly LoggedEntry[] = [
  { level: 'info', text: 'Todo app started in development mode.', detail: null, at: at(0) },
  { level: 'log', text: 'Loaded 3 todos from localStorage.', detail: null, at: at(1) },
  { level: 'debug', text: 'Render <TodoList> took 4 ms.', detail: null, at: at(1) },
  {
    level: 'warn',
    text: 'Each child in a list should have a unique "key" prop.',
    detail: 'at TodoList (src/components/TodoList.tsx:14:9)',
    at: at(2),
  },
  {
    level: 'error',
    text: 'Failed to load resource: /api/reminders answered 404.',
    detail: null,
    at: at(3),
  },
  {
    level: 'uncaught',
    text: "TypeError: Cannot read properties of undefined (reading 'dueDate')",
    detail:
      "TypeError: Cannot read properties of undefined (reading 'dueDate')\n    at TodoItem (src/components/TodoItem.tsx:8:22)\n    at renderWithHooks (react-dom.js:1:1)",
    at: at(4),
  },
  { level: 'build', text: 'Cannot find name “toggle”.', detail: 'src/App.tsx:3:7', at: at(5) },
];

/** Build problems as the preview host reports them. */
export const BUILD_DIAGNOSTICS: readonly BuildDiagnostic[] = [
  {
    severity: 'error',
    file: 'src/App.tsx',
    line: 3,
    column: 7,
    message: 'Cannot find name “toggle”.',
  },
  {
    severity: 'error',
    file: 'src/components/TodoList.tsx',
    line: 21,
    column: 1,
    message: 'Expected “}” but found end of file.',
  },
  {
    severity: 'warning',
    file: 'src/main.tsx',
    line: 1,
    column: 8,
    message: '“React” is declared but never used.',
  },
];

/** A workspace session whose console holds these entries. */
export function sessionWithConsole(entries: readonly LoggedEntry[]): PreviewSession {
  const session = new PreviewSession();
  for (const entry of entries) session.log(entry);
  return session;
}
