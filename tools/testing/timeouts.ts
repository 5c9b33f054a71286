// How long the tests of screens wait for what a person would see: findBy*, findAllBy* and
// waitFor of Testing Library, in jest (tools/jest/setup-dom.ts) and in Storybook play functions
// (.storybook/preview.tsx). A bound, not a pause: a passing wait ends as soon as the screen
// shows what it waits for. Testing Library's own default (1 s) is shorter than a lazy chunk
// plus a mocked request take on a busy 2-core machine; this stays well inside the test timeouts
// (jest 60 s, jest.preset.js; Storybook 30 s, .storybook/test-runner-jest.config.js) so a wait
// that never ends still fails with Testing Library's message, not the runner's timeout.
export const SCREEN_WAIT_TIMEOUT_MS = 10_000;
