module.exports = {
  displayName: 'server-db',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  coverageDirectory: '../../coverage/libs/server-db',
};
