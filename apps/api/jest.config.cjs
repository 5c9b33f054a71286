const os = require('node:os');
const preset = require('../../jest.preset.js');

module.exports = {
  displayName: 'api',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  // The longest task of the suite, which npm test runs in a step of its own: a worker per core,
  // and one more on a PostgreSQL server, whose workers wait on it (about 60% of the cores busy
  // with two). Each file has its own database.
  maxWorkers: os.availableParallelism() + (process.env.TEST_DATABASE_URL ? 1 : 0),
  transform: {
    // PGlite's dynamic imports of Node built-ins (see libs/server-db/jest/pglite-transform.cjs).
    '@electric-sql/pglite/dist/.+\\.cjs$':
      '<rootDir>/../../libs/server-db/jest/pglite-transform.cjs',
    ...preset.transform,
  },
  // jose, content-disposition (used by @fastify/static), magic-string (the preview's JSX tagging),
  // Octokit with its helpers and request-filtering-agent (code hosting) are ES modules only: swc
  // turns them into CommonJS.
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|request-filtering-agent|content-disposition|@electric-sql/pglite|magic-string|@jridgewell|@octokit|universal-user-agent|before-after-hook|json-with-bigint|fast-content-type-parse|content-type)/)',
  ],
  coverageDirectory: '../../coverage/apps/api',
};
