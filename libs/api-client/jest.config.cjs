const preset = require('../../jest.preset.js');

// msw 2.15 depends on packages that ship only ES modules: .mjs files (rettime,
// @open-draft/deferred-promise, ...) and until-async's .js. Let swc turn them into CommonJS.
const esmOnlyPackages = ['until-async'];

module.exports = {
  displayName: 'api-client',
  preset: '../../jest.preset.js',
  testEnvironment: 'jest-fixed-jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/setup-dom.ts'],
  coverageDirectory: '../../coverage/libs/api-client',
  transform: {
    ...preset.transform,
    '^.+\\.mjs$': ['@swc/jest', { module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)(?!.*\\.mjs$)`],
};
