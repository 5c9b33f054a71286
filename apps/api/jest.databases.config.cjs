// The server tests on both databases in one jest run: every file on PGlite, and every file (with
// the *.pg-spec.ts ones) on TEST_DATABASE_URL's PostgreSQL server. `npm test` runs this (nx run
// api:test-databases) instead of the two passes one after the other: a PostgreSQL worker spends
// much of its time waiting on the server, and one shared pool of workers fills those waits with
// PGlite files, where the second pass alone left about 40% of the cores idle.
const path = require('node:path');
const base = require('./jest.config.cjs');
const preset = require('../../jest.preset.js');

if (!process.env.TEST_DATABASE_URL) {
  throw new Error('jest.databases.config.cjs needs TEST_DATABASE_URL (a PostgreSQL server).');
}

// maxWorkers and the preset's testTimeout are options of the whole run, not of a project.
const { maxWorkers, ...project } = base;

module.exports = {
  // A worker per core and one more (jest.config.cjs with TEST_DATABASE_URL): two PGlite files
  // keep the cores busy, and the third runs while others wait on the server.
  maxWorkers,
  testTimeout: preset.testTimeout,
  projects: [
    {
      ...project,
      displayName: 'api (PGlite)',
      setupFiles: [path.join(__dirname, 'jest/database-pglite.cjs')],
    },
    {
      ...project,
      displayName: 'api (PostgreSQL)',
      testMatch: ['**/?(*.)+(spec|test).?([mc])[jt]s?(x)', '**/*.pg-spec.ts'],
    },
  ],
};
