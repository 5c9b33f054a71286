const preset = require('../../jest.preset.js');

// lowlight (and its devlop) ship only ES modules: swc turns them into CommonJS like our code.
// highlight.js itself is CommonJS. msw's ES-only dependencies are the preset's.
const esmOnlyPackages = ['until-async', 'lowlight', 'devlop'];

module.exports = {
  displayName: 'projects',
  preset: '../../jest.preset.js',
  testEnvironment: 'jest-fixed-jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/setup-dom.ts'],
  coverageDirectory: '../../coverage/libs/projects',
  transform: preset.transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)(?!.*\\.mjs$)`],
};
