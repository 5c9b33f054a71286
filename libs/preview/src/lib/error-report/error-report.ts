import type { BuildDiagnostic } from '@mason/contract/preview';
import type { ConsoleEntry } from '@mason/preview-state';

export type ConsoleLevelName = ConsoleEntry['level'];

/** The three kinds the console counts and filters by. */
export type ConsoleGroup = 'errors' | 'warnings' | 'logs';

export const CONSOLE_GROUPS: readonly ConsoleGroup[] = ['errors', 'warnings', 'logs'];

const GROUP_OF: Record<ConsoleLevelName, ConsoleGroup> = {
  error: 'errors',
  uncaught: 'errors',
  build: 'errors',
  warn: 'warnings',
  log: 'logs',
  info: 'logs',
  debug: 'logs',
};

export const consoleGroupOf = (level: ConsoleLevelName): ConsoleGroup => GROUP_OF[level];

export const isErrorEntry = (entry: ConsoleEntry): boolean => GROUP_OF[entry.level] === 'errors';

/** How many entries of each group. */
export function countByGroup(entries: readonly ConsoleEntry[]): Record<ConsoleGroup, number> {
  const counts: Record<ConsoleGroup, number> = { errors: 0, warnings: 0, logs: 0 };
  for (const entry of entries) counts[GROUP_OF[entry.level]] += 1;
  return counts;
}

/** The word a person reads (and a screen reader says) for each level. */
export const LEVEL_WORDS: Record<ConsoleLevelName, string> = {
  log: 'Log',
  info: 'Info',
  warn: 'Warning',
  error: 'Error',
  debug: 'Debug',
  uncaught: 'Uncaught error',
  build: 'Build error',
};

/** The errors sent at most in one message: the newest, after dropping repeats. */
export const MAX_REPORTED_ERRORS = 20;
/** Lines of a stack sent: its first frames say where; the rest is the framework's. */
const STACK_LINES = 6;

function shortDetail(detail: string | null): string | null {
  if (!detail) return null;
  const lines = detail.trim().split('\n');
  return lines.length > STACK_LINES
    ? [...lines.slice(0, STACK_LINES), '…'].join('\n')
    : lines.join('\n');
}

const indent = (text: string) => text.replace(/\n/g, '\n   ');

/**
 * A chat message asking the assistant to fix the console's errors (uncaught errors, console
 * errors and build errors): each once, the newest MAX_REPORTED_ERRORS, with where they were
 * raised. Null when there is no error.
 */
export function consoleErrorsMessage(entries: readonly ConsoleEntry[]): string | null {
  const seen = new Map<string, { entry: ConsoleEntry; times: number }>();
  for (const entry of entries) {
    if (!isErrorEntry(entry)) continue;
    const key = `${entry.level}\n${entry.text}\n${entry.detail ?? ''}`;
    const known = seen.get(key);
    if (known) known.times += 1;
    else seen.set(key, { entry, times: 1 });
  }
  if (seen.size === 0) return null;
  const errors = [...seen.values()].slice(-MAX_REPORTED_ERRORS);
  const lines = errors.map(({ entry, times }, index) => {
    const detail = shortDetail(entry.detail);
    const head = `${index + 1}. ${LEVEL_WORDS[entry.level]}: ${indent(entry.text.trim())}`;
    const repeated = times > 1 ? ` (${times} times)` : '';
    return detail ? `${head}${repeated}\n   ${indent(detail)}` : `${head}${repeated}`;
  });
  return `Fix these errors from the preview:\n\n${lines.join('\n')}`;
}

/** Where a build problem is: 'src/App.tsx:3:7', or null when it is not in one file. */
export function diagnosticPlace(diagnostic: BuildDiagnostic): string | null {
  if (!diagnostic.file) return null;
  return [diagnostic.file, diagnostic.line, diagnostic.column]
    .filter((part) => part !== null)
    .join(':');
}

/** A chat message asking the assistant to make the app build again. */
export function buildFailureMessage(diagnostics: readonly BuildDiagnostic[]): string {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const reported = errors.length > 0 ? errors : diagnostics;
  if (reported.length === 0)
    return 'The app does not build, and the preview did not say why. Find the cause and fix it.';
  const lines = reported.slice(0, MAX_REPORTED_ERRORS).map((diagnostic, index) => {
    const place = diagnosticPlace(diagnostic);
    return `${index + 1}. ${place ? `${place}: ` : ''}${indent(diagnostic.message.trim())}`;
  });
  const more = reported.length - MAX_REPORTED_ERRORS;
  if (more > 0) lines.push(`…and ${more} more.`);
  return `The app does not build. Fix these build errors:\n\n${lines.join('\n')}`;
}
