import { createMemoryAgentFiles } from '../testing/memory-files';
import { TOOL_OUTPUT_MAX_CHARS } from './output';
import {
  createAgentTools,
  createAgentToolState,
  formatCheckResult,
  SEARCH_MAX_MATCHES,
  WRITE_FILE_MAX_CHARS,
} from './tools';
import type { AgentFiles, Diagnostic } from './types';

function setup(files: AgentFiles = createMemoryAgentFiles()) {
  const state = createAgentToolState();
  const tools = createAgentTools(files, state);
  const run = async (name: string, input: Record<string, unknown>): Promise<string> => {
    const execute = tools[name]?.execute;
    if (!execute) throw new Error(`No tool ${name}`);
    return (await execute(input, { toolCallId: 'call', messages: [] })) as string;
  };
  return { run, state };
}

const APP =
  "import { useState } from 'react';\n\nexport function App() {\n  const [count, setCount] = useState(0);\n  return <button onClick={() => setCount(count + 1)}>{count}</button>;\n}\n";

describe('the agent tools', () => {
  it('list_files lists every path, or says the project is empty', async () => {
    expect(await setup().run('list_files', {})).toBe('The project has no files yet.');
    const files = createMemoryAgentFiles({ 'src/b.ts': '', 'src/a.ts': '' });
    expect(await setup(files).run('list_files', {})).toBe('2 files:\nsrc/a.ts\nsrc/b.ts');
  });

  it('read_file answers the exact content, and a clear error for a missing file', async () => {
    const { run } = setup(createMemoryAgentFiles({ 'src/App.tsx': APP, 'empty.txt': '' }));
    expect(await run('read_file', { path: 'src/App.tsx' })).toBe(APP);
    expect(await run('read_file', { path: 'empty.txt' })).toBe('empty.txt is empty.');
    await expect(run('read_file', { path: 'src/Nope.tsx' })).rejects.toThrow(
      "There is no file at src/Nope.tsx. Use list_files to see the project's files.",
    );
  });

  it('read_file cuts a long file at a line and says how to read on', async () => {
    const line = 'x'.repeat(99);
    const long = Array.from({ length: 500 }, () => line).join('\n');
    const { run } = setup(createMemoryAgentFiles({ 'big.txt': long }));
    const first = await run('read_file', { path: 'big.txt' });
    expect(first.length).toBeLessThan(TOOL_OUTPUT_MAX_CHARS + 200);
    expect(first).toMatch(
      /\[Output cut at line 200 of 500\. Read on with read_file \{"path": "big.txt", "fromLine": 201\}\.\]$/,
    );
    const rest = await run('read_file', { path: 'big.txt', fromLine: 401 });
    expect(rest).toBe(Array.from({ length: 100 }, () => line).join('\n'));
  });

  it('write_file creates or replaces a file, and refuses one too large', async () => {
    const files = createMemoryAgentFiles({ 'src/App.tsx': APP });
    const { run } = setup(files);
    expect(
      await run('write_file', {
        path: 'src/components/Hello.tsx',
        content: 'export const Hello = () => null;\n',
      }),
    ).toBe('Created src/components/Hello.tsx (1 line).');
    expect(await run('write_file', { path: 'src/App.tsx', content: 'a\nb\n' })).toBe(
      'Replaced src/App.tsx: 2 lines now, 6 before.',
    );
    expect(files.files.get('src/App.tsx')).toBe('a\nb\n');
    await expect(
      run('write_file', { path: 'huge.txt', content: 'x'.repeat(WRITE_FILE_MAX_CHARS + 1) }),
    ).rejects.toThrow(/too large/);
    expect(files.files.has('huge.txt')).toBe(false);
  });

  it('edit_file replaces a string that occurs exactly once', async () => {
    const files = createMemoryAgentFiles({ 'src/App.tsx': APP });
    const { run } = setup(files);
    expect(
      await run('edit_file', {
        path: 'src/App.tsx',
        old_string: 'useState(0)',
        new_string: 'useState(10)',
      }),
    ).toBe('Edited src/App.tsx: replaced 1 line with 1 line.');
    expect(files.files.get('src/App.tsx')).toBe(APP.replace('useState(0)', 'useState(10)'));
    // $ patterns are text, not replacement patterns.
    await run('edit_file', {
      path: 'src/App.tsx',
      old_string: '{count}</button>',
      new_string: '{`$${count}`}</button>',
    });
    expect(files.files.get('src/App.tsx')).toContain('{`$${count}`}</button>');
  });

  it('edit_file says how many matches there are when old_string is not unique or missing', async () => {
    const files = createMemoryAgentFiles({ 'src/App.tsx': APP });
    const { run } = setup(files);
    await expect(
      run('edit_file', { path: 'src/App.tsx', old_string: 'count', new_string: 'n' }),
    ).rejects.toThrow(
      'old_string occurs 3 times in src/App.tsx; it must occur exactly once. Include more of the surrounding lines so it matches one place.',
    );
    await expect(
      run('edit_file', { path: 'src/App.tsx', old_string: 'useState(1)', new_string: 'x' }),
    ).rejects.toThrow(
      'old_string was not found in src/App.tsx. Read the file again and copy the text exactly, spaces and line breaks included.',
    );
    await expect(
      run('edit_file', { path: 'src/App.tsx', old_string: '', new_string: 'x' }),
    ).rejects.toThrow(/old_string is empty/);
    await expect(
      run('edit_file', { path: 'src/Gone.tsx', old_string: 'a', new_string: 'b' }),
    ).rejects.toThrow(/There is no file at src\/Gone.tsx/);
    expect(files.files.get('src/App.tsx')).toBe(APP);
  });

  it('runs the calls of one step one after another, so two edits of one file both land', async () => {
    const files = createMemoryAgentFiles({ 'a.txt': 'one\ntwo\n' });
    const { run } = setup(files);
    await Promise.all([
      run('edit_file', { path: 'a.txt', old_string: 'one', new_string: 'ONE' }),
      run('edit_file', { path: 'a.txt', old_string: 'two', new_string: 'TWO' }),
    ]);
    expect(files.files.get('a.txt')).toBe('ONE\nTWO\n');
  });

  it('delete_file deletes, or says there was nothing to delete', async () => {
    const files = createMemoryAgentFiles({ 'old.ts': 'x' });
    const { run } = setup(files);
    expect(await run('delete_file', { path: 'old.ts' })).toBe('Deleted old.ts.');
    await expect(run('delete_file', { path: 'old.ts' })).rejects.toThrow(
      'There is no file at old.ts, so nothing was deleted.',
    );
  });

  it('search_files finds plain text case-insensitively as path:line: text, under an optional folder', async () => {
    const files = createMemoryAgentFiles({
      'src/App.tsx': APP,
      'src/lib/count.ts': 'export const COUNT_START = 0;\n',
      'README.md': 'Count (things).\n',
    });
    const { run } = setup(files);
    expect(await run('search_files', { query: 'count_start' })).toBe(
      'src/lib/count.ts:1: export const COUNT_START = 0;',
    );
    expect(await run('search_files', { query: '(things)' })).toBe('README.md:1: Count (things).');
    expect(await run('search_files', { query: 'count', path: 'src/lib/' })).toBe(
      'src/lib/count.ts:1: export const COUNT_START = 0;',
    );
    expect(await run('search_files', { query: 'nothing like this' })).toBe(
      'No matches for "nothing like this".',
    );
    expect(await run('search_files', { query: 'x', path: 'docs' })).toBe(
      'There are no files under docs.',
    );
  });

  it('search_files stops at a cap and says how many matches it left out', async () => {
    const many = Array.from({ length: SEARCH_MAX_MATCHES + 5 }, (_, i) => `hit ${i}`).join('\n');
    const output = await setup(createMemoryAgentFiles({ 'a.txt': many })).run('search_files', {
      query: 'HIT',
    });
    expect(output.split('\n')).toHaveLength(SEARCH_MAX_MATCHES + 1);
    expect(output).toMatch(
      /\[5 more matching lines not shown\. Search for something more specific\.\]$/,
    );
  });

  it('check_project reports "The project builds." or the errors, and counts failed checks', async () => {
    let diagnostics: Diagnostic[] = [
      {
        severity: 'error',
        file: 'src/App.tsx',
        line: 3,
        column: 7,
        message: "Cannot find name 'x'.",
      },
      {
        severity: 'error',
        file: null,
        line: null,
        column: null,
        message: 'src/main.tsx is missing.',
      },
      { severity: 'warning', file: 'src/a.ts', line: 1, column: null, message: 'Unused import.' },
    ];
    const { run, state } = setup(createMemoryAgentFiles({}, { check: () => diagnostics }));
    expect(await run('check_project', {})).toBe(
      "The project does not build: 2 errors.\nsrc/App.tsx:3:7 Cannot find name 'x'.\n(project) src/main.tsx is missing.\n1 warning:\nsrc/a.ts:1 warning: Unused import.",
    );
    expect(state).toMatchObject({
      failedChecks: 1,
      lastCheckError: "src/App.tsx:3:7 Cannot find name 'x'.",
    });
    diagnostics = [];
    expect(await run('check_project', {})).toBe('The project builds.');
    expect(state).toMatchObject({ failedChecks: 1, lastCheckError: null });
  });

  it('formats warnings-only checks as a build', () => {
    expect(
      formatCheckResult([
        { severity: 'warning', file: 'a.ts', line: 2, column: 3, message: 'Deprecated.' },
      ]),
    ).toBe('The project builds, with 1 warning:\na.ts:2:3 warning: Deprecated.');
  });

  it('request_env_variable records what to ask the person for', async () => {
    const { run, state } = setup();
    const output = await run('request_env_variable', {
      keys: [{ key: 'VITE_MAPS_KEY', description: 'Google Maps key' }],
      reason: 'The map needs it.',
    });
    expect(output).toBe(
      'The person has been asked for VITE_MAPS_KEY. Stop here: you will continue when they have answered.',
    );
    expect(state.envRequest).toEqual({
      keys: [{ key: 'VITE_MAPS_KEY', description: 'Google Maps key' }],
      reason: 'The map needs it.',
    });
  });
});
