module.exports = {
  displayName: 'preview',
  preset: '../../jest.preset.js',
  testEnvironment: 'jest-fixed-jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/setup-dom.ts'],
  coverageDirectory: '../../coverage/libs/preview',
};
