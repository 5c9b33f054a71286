module.exports = {
  displayName: 'server-preview',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  coverageDirectory: '../../coverage/libs/server-preview',
};
