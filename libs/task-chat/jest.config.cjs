module.exports = {
  displayName: 'task-chat',
  preset: '../../jest.preset.js',
  testEnvironment: 'jest-fixed-jsdom',
  setupFilesAfterEnv: [
    '<rootDir>/../../tools/jest/setup-dom.ts',
    '<rootDir>/src/test-utils/jsdom-layout.ts',
  ],
  coverageDirectory: '../../coverage/libs/task-chat',
};
