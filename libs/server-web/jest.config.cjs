module.exports = {
  displayName: 'server-web',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  coverageDirectory: '../../coverage/libs/server-web',
};
