const preset = require('../../jest.preset.js');

module.exports = {
  displayName: 'server-db',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  // PGlite's dynamic imports of Node built-ins: see jest/pglite-transform.cjs.
  transform: {
    '@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/jest/pglite-transform.cjs',
    ...preset.transform,
  },
  transformIgnorePatterns: ['/node_modules/(?!@electric-sql/pglite/)'],
  coverageDirectory: '../../coverage/libs/server-db',
};
