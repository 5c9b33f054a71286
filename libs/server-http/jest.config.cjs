module.exports = {
  displayName: 'server-http',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  coverageDirectory: '../../coverage/libs/server-http',
};
