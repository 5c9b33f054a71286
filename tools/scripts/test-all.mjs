#!/usr/bin/env node
// `npm test`: every test of the workspace, in the order that fails fastest.
//  1. lint, typecheck, unit and integration tests (jest; server tests on PGlite), builds, and the
//     published libraries packed and used from outside the workspace (published-libs-e2e), of
//     every project but the API app;
//  2. the API app: lint, typecheck, build;
//  3. its server tests on PGlite and, when TEST_DATABASE_URL is set, on that PostgreSQL server
//     too, in one jest run (apps/api/jest.databases.config.cjs);
//  4. the libraries' server tests on PostgreSQL, when TEST_DATABASE_URL is set;
//  5. Storybook interaction tests in Chromium;
//  6. end-to-end tests in Chromium against one real server.
//
// The API's server tests are the longest task (52 files, twice) and nothing waits on them, so Nx
// would start them last, where they ran alone on one core. They get a step of their own instead,
// with a jest worker per core and one more (apps/api/jest.config.cjs) and the machine to
// themselves: run beside the other tasks, their polling waits and fuzzing slow down more than the
// machine is shared. Both databases share that run's workers: a PostgreSQL file spends much of
// its time waiting on the server, and a PGlite file uses that core meanwhile.
//
// On Linux the run's temp folder (TMPDIR) is a folder of its own in /dev/shm, a file system in
// memory, removed at the end: every PGlite test database is a copy of a 40 MB template folder,
// and the e2e server's embedded database writes there too. On the disk, copying and writing them
// made the server tests about 15% slower, and slower still when the disk was busy.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode('npm test');

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const steps = [
  [
    'lint, typecheck, unit and server tests (PGlite), builds',
    ['run-many', '-t', 'lint', 'typecheck', 'test', 'build', '--exclude=api', '--parallel=2'],
  ],
  [
    'the API: lint, typecheck, build',
    ['run-many', '-t', 'lint', 'typecheck', 'build', '-p', 'api', '--parallel=2'],
  ],
  postgres
    ? ["the API's server tests on PGlite and on PostgreSQL", ['run', 'api:test-databases']]
    : ["the API's server tests on PGlite", ['run', 'api:test']],
  ...(postgres
    ? [
        [
          "the libraries' server tests on PostgreSQL",
          ['run-many', '-t', 'test-pg', '--exclude=api', '--parallel=2'],
        ],
      ]
    : []),
  ['Storybook interaction tests', ['run', 'ui-kit:test-storybook']],
  // Steps 1 and 2 built the web app (with every library) and the API: without Nx's cache (CI),
  // the e2e target's own dependencies would build all of them again.
  ['end-to-end tests', ['run', 'web-e2e:e2e', '--excludeTaskDependencies']],
];

if (!postgres) {
  console.log(
    'note: TEST_DATABASE_URL is not set, so the PostgreSQL pass is skipped (see README).',
  );
}

const TMPFS_MAGIC = 0x01021994;
const MEMORY_NEEDED = 2 * 1024 ** 3;

/** A new folder in /dev/shm when it is a memory file system with room for the run, else null. */
function memoryTempDir() {
  if (process.platform !== 'linux') return null;
  try {
    const { type, bavail, bsize } = statfsSync('/dev/shm');
    if (type !== TMPFS_MAGIC || bavail * bsize < MEMORY_NEEDED) return null;
    return mkdtempSync('/dev/shm/mason-test-');
  } catch {
    return null;
  }
}

const tempDir = memoryTempDir();
if (tempDir) console.log(`note: the tests' temp folder is ${tempDir} (in memory).`);
const env = tempDir ? { ...process.env, TMPDIR: tempDir } : process.env;
// Ctrl-C stops the running step (it gets the signal too); the loop below then stops and the
// temp folder is removed, where Node's default would exit and leave it in memory.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
  });
}

let failed = 0;
for (const [title, args] of steps) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const { status } = spawnSync('npx', ['nx', ...args, '--output-style=static'], {
    stdio: 'inherit',
    env,
  });
  console.log(
    `=== ${title}: ${status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`,
  );
  if (status !== 0 || interrupted) {
    failed = status || 1;
    break;
  }
}
if (tempDir) rmSync(tempDir, { recursive: true, force: true });
if (failed) process.exit(failed);
console.log('\nAll tests passed.');
