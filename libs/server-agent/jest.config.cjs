module.exports = {
  displayName: 'server-agent',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  coverageDirectory: '../../coverage/libs/server-agent',
};
