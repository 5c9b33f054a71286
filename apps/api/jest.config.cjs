const preset = require('../../jest.preset.js');

module.exports = {
  displayName: 'api',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  transform: {
    // PGlite's dynamic imports of Node built-ins (see libs/server-db/jest/pglite-transform.cjs).
    '@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/../../libs/server-db/jest/pglite-transform.cjs',
    ...preset.transform,
  },
  // jose and content-disposition (used by @fastify/static) are ES modules only: swc turns them into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(jose|content-disposition|@electric-sql/pglite)/)'],
  coverageDirectory: '../../coverage/apps/api',
};
