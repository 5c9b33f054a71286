const preset = require('../../jest.preset.js');

module.exports = {
  displayName: 'server-mcp',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  // PGlite's dynamic imports of Node built-ins: see libs/server-db/jest/pglite-transform.cjs.
  transform: {
    '@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/../server-db/jest/pglite-transform.cjs',
    ...preset.transform,
  },
  // ES modules only: jose (server-auth's Google sign-in) and PGlite; swc turns them into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(jose|@electric-sql/pglite)/)'],
  coverageDirectory: '../../coverage/libs/server-mcp',
};
