#!/usr/bin/env node
// `npm test`: every test of the workspace, in the order that fails fastest.
//  1. lint, typecheck, unit and integration tests (jest; server tests on PGlite), builds, and the
//     published libraries packed and used from outside the workspace (published-libs-e2e);
//  2. the server tests again on a PostgreSQL server, when TEST_DATABASE_URL is set;
//  3. Storybook interaction tests in Chromium;
//  4. end-to-end tests in Chromium against one real server.
import { spawn } from 'node:child_process';

/** Nx arguments of one command; a step runs its commands side by side. */
const nx = (...args) => [...args, '--output-style=static'];

// Nx starts the tasks that others wait on first, so the API's server tests (the longest task,
// which nothing waits on) would start last and run alone at the end with a core idle. They run
// beside the rest from the start instead, and use every core once the rest is done.
const steps = [
  [
    'lint, typecheck, unit and server tests (PGlite), builds',
    [
      nx('run', 'api:test'),
      nx('run-many', '-t', 'lint', 'typecheck', 'build', '--parallel=2'),
      nx('run-many', '-t', 'test', '--exclude=api', '--parallel=2'),
    ],
  ],
  ...(process.env.TEST_DATABASE_URL
    ? [['server tests on PostgreSQL', [nx('run-many', '-t', 'test-pg', '--parallel=1')]]]
    : []),
  ['Storybook interaction tests', [nx('run', 'ui-kit:test-storybook')]],
  ['end-to-end tests', [nx('run', 'web-e2e:e2e')]],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'note: TEST_DATABASE_URL is not set, so the PostgreSQL pass is skipped (see README).',
  );
}

/** Runs `npx nx …` and resolves with its exit status. */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['nx', ...args], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

for (const [title, commands] of steps) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  // The second and third command of step 1 share the machine with the first: one after the other.
  const [first, ...rest] = commands;
  const statuses = await Promise.all([
    run(first),
    rest.reduce(
      async (previous, args) => [...(await previous), await run(args)],
      Promise.resolve([]),
    ),
  ]);
  const failed = statuses.flat().find((status) => status !== 0);
  console.log(
    `=== ${title}: ${failed === undefined ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`,
  );
  if (failed !== undefined) process.exit(failed);
}
console.log('\nAll tests passed.');
