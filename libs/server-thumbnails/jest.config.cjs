const preset = require('../../jest.preset.js');

module.exports = {
  displayName: 'server-thumbnails',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  // PGlite's dynamic imports of Node built-ins: see libs/server-db/jest/pglite-transform.cjs.
  transform: {
    '@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/../server-db/jest/pglite-transform.cjs',
    ...preset.transform,
  },
  // jose (server-auth's Google sign-in) and magic-string (server-preview's JSX tagging, which the
  // spec's server-tasks loads) are ES modules only: swc turns them into CommonJS.
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|@electric-sql/pglite|magic-string|@jridgewell)/)',
  ],
  coverageDirectory: '../../coverage/libs/server-thumbnails',
};
