import type { BuildDiagnostic } from '@mason/contract/preview';
import type { ConsoleEntry } from '@mason/preview-state';
import {
  MAX_REPORTED_ERRORS,
  buildFailureMessage,
  consoleErrorsMessage,
  countByGroup,
  diagnosticPlace,
} from './error-report';

let nextId = 1;
const entry = (
  level: ConsoleEntry['level'],
  text: string,
  detail: string | null = null,
): ConsoleEntry => ({
  id: nextId++,
  level,
  text,
  detail,
  at: 0,
});
const diagnostic = (overrides: Partial<BuildDiagnostic> = {}): BuildDiagnostic => ({
  severity: 'error',
  file: 'src/App.tsx',
  line: 3,
  column: 7,
  message: 'Cannot find name “toggle”.',
  ...overrides,
});

describe('countByGroup', () => {
  it('counts errors of every kind, warnings and the other logs', () => {
    const counts = countByGroup([
      entry('log', 'a'),
      entry('info', 'b'),
      entry('debug', 'c'),
      entry('warn', 'd'),
      entry('error', 'e'),
      entry('uncaught', 'f'),
      entry('build', 'g'),
    ]);
    expect(counts).toEqual({ errors: 3, warnings: 1, logs: 3 });
  });
});

describe('consoleErrorsMessage', () => {
  it('is null without errors', () => {
    expect(consoleErrorsMessage([entry('log', 'Hello'), entry('warn', 'Careful')])).toBeNull();
  });

  it('asks to fix each error once, with where it was raised', () => {
    const message = consoleErrorsMessage([
      entry('log', 'Rendering'),
      entry(
        'uncaught',
        'TypeError: todos is undefined',
        'TypeError: todos is undefined\n    at List (src/List.tsx:4:9)',
      ),
      entry('error', 'Failed to fetch /api/todos'),
      entry('error', 'Failed to fetch /api/todos'),
      entry('build', 'Expected “}”.', 'src/App.tsx:9:1'),
    ]);
    expect(message).toBe(
      [
        'Fix these errors from the preview:',
        '',
        '1. Uncaught error: TypeError: todos is undefined',
        '   TypeError: todos is undefined',
        '       at List (src/List.tsx:4:9)',
        '2. Error: Failed to fetch /api/todos (2 times)',
        '3. Build error: Expected “}”.',
        '   src/App.tsx:9:1',
      ].join('\n'),
    );
  });

  it('sends the newest errors only', () => {
    const entries = Array.from({ length: MAX_REPORTED_ERRORS + 5 }, (_, index) =>
      entry('error', `Error ${index}`),
    );
    const message = consoleErrorsMessage(entries) ?? '';
    expect(message).not.toContain('Error 4\n');
    expect(message).toContain(`1. Error: Error 5`);
    expect(message).toContain(`${MAX_REPORTED_ERRORS}. Error: Error ${MAX_REPORTED_ERRORS + 4}`);
  });
});

describe('buildFailureMessage', () => {
  it('lists the build errors with their place', () => {
    expect(
      buildFailureMessage([
        diagnostic(),
        diagnostic({ severity: 'warning', message: 'Unused import.' }),
        diagnostic({ file: null, line: null, column: null, message: 'No entry file.' }),
      ]),
    ).toBe(
      'The app does not build. Fix these build errors:\n\n1. src/App.tsx:3:7: Cannot find name “toggle”.\n2. No entry file.',
    );
  });

  it('says so when the preview gave no reason', () => {
    expect(buildFailureMessage([])).toBe(
      'The app does not build, and the preview did not say why. Find the cause and fix it.',
    );
  });
});

describe('diagnosticPlace', () => {
  it('writes file:line:column, as much as is known', () => {
    expect(diagnosticPlace(diagnostic())).toBe('src/App.tsx:3:7');
    expect(diagnosticPlace(diagnostic({ line: null, column: null }))).toBe('src/App.tsx');
    expect(diagnosticPlace(diagnostic({ file: null }))).toBeNull();
  });
});
