// The cycle rules the workspace lints with, run on planted loops and on a clean project.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { noCycles } from './cycles.mjs';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** Lints a fixture project with only the cycle rules; returns `file: rule` for each problem. */
async function lint(name) {
  const cwd = path.join(fixtures, name);
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      ...noCycles,
    ],
  });
  const results = await eslint.lintFiles(['src/**/*.ts']);
  return results
    .flatMap((result) =>
      result.messages.map(
        (message) => `${path.relative(cwd, result.filePath)}: ${message.ruleId ?? message.message}`,
      ),
    )
    .sort();
}

test('lint fails on a planted file loop and a planted folder loop', async () => {
  assert.deepEqual(await lint('cyclic'), [
    'src/ping.ts: import-x/no-cycle',
    'src/pong.ts: import-x/no-cycle',
    'src/projects/open-project.ts: mason/no-folder-cycle',
    'src/tasks/run-task.ts: mason/no-folder-cycle',
  ]);
});

test('lint passes a project whose files and folders import one way only', async () => {
  assert.deepEqual(await lint('clean'), []);
});
