module.exports = {
  displayName: 'preview-state',
  preset: '../../jest.preset.js',
  testEnvironment: 'jest-fixed-jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/setup-dom.ts'],
  coverageDirectory: '../../coverage/libs/preview-state',
};
