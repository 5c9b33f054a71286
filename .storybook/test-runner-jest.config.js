// Jest config of @storybook/test-runner (found by name in .storybook/): the test runner's
// defaults, with Debian's Chromium instead of a Playwright browser download.
const { getJestConfig } = require('@storybook/test-runner');
const chromium = require('../tools/chromium.cjs');

const testRunnerConfig = getJestConfig();
const defaults = testRunnerConfig.testEnvironmentOptions?.['jest-playwright'] ?? {};

/** @type {import('@jest/types').Config.InitialOptions} */
module.exports = {
  ...testRunnerConfig,
  maxWorkers: Number(process.env.STORYBOOK_TEST_WORKERS ?? 2),
  testTimeout: 30_000,
  testEnvironmentOptions: {
    ...testRunnerConfig.testEnvironmentOptions,
    'jest-playwright': {
      ...defaults,
      browsers: ['chromium'],
      exitOnPageError: false,
      launchOptions: chromium,
    },
  },
};
