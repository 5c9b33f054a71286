const preset = require('../../jest.preset.js');

module.exports = {
  displayName: 'server-config',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  // PGlite's dynamic imports of Node built-ins: see libs/server-db/jest/pglite-transform.cjs.
  transform: {
    '@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/../server-db/jest/pglite-transform.cjs',
    ...preset.transform,
  },
  // The domain libraries the configuration reads from load ES-module-only packages (jose,
  // Octokit and its helpers, request-filtering-agent): swc turns them into CommonJS.
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|request-filtering-agent|@electric-sql/pglite|@octokit|universal-user-agent|before-after-hook|json-with-bigint|fast-content-type-parse|content-type)/)',
  ],
  coverageDirectory: '../../coverage/libs/server-config',
};
