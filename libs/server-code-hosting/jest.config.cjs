const preset = require('../../jest.preset.js');

module.exports = {
  displayName: 'server-code-hosting',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  // PGlite's dynamic imports of Node built-ins: see libs/server-db/jest/pglite-transform.cjs.
  transform: {
    '@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/../server-db/jest/pglite-transform.cjs',
    ...preset.transform,
  },
  // Octokit and its helpers, request-filtering-agent (imports), and jose (server-auth's Google
  // sign-in, through the test harness) are ES modules only: swc turns them into CommonJS.
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|request-filtering-agent|@octokit|universal-user-agent|before-after-hook|json-with-bigint|fast-content-type-parse|content-type|@electric-sql/pglite)/)',
  ],
  coverageDirectory: '../../coverage/libs/server-code-hosting',
};
