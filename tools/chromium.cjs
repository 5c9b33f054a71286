// How every tool of the workspace launches Chromium: Debian's /usr/bin/chromium (never a
// browser download), headless, with the background services that would call out switched off.
// Used by the end-to-end tests, the Storybook test-runner, the bench and the screenshot scripts.
module.exports = {
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
};
