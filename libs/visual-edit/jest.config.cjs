module.exports = {
  displayName: 'visual-edit',
  preset: '../../jest.preset.js',
  testEnvironment: 'jest-fixed-jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/setup-dom.ts'],
  coverageDirectory: '../../coverage/libs/visual-edit',
};
