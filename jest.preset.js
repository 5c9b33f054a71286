// One jest setup for every project: swc transforms TypeScript and JSX, projects pick their
// environment (node for server code, jest-fixed-jsdom for React code).
const nxPreset = require('@nx/jest/preset').default;
const path = require('node:path');

module.exports = {
  ...nxPreset,
  transform: {
    '^.+\\.[tj]sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json'],
  testTimeout: 20000,
  moduleNameMapper: {
    '\\.(css|svg|png)$': path.join(__dirname, 'tools/jest/file-stub.cjs'),
  },
};
