// Jest config of @storybook/test-runner (found by name in .storybook/): the test runner's
// defaults, with Debian's Chromium instead of a Playwright browser download.
const { getJestConfig } = require('@storybook/test-runner');

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
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    },
  },
};
