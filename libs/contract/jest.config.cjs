module.exports = {
  displayName: 'contract',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  coverageDirectory: '../../coverage/libs/contract',
};
