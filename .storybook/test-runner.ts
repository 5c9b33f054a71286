// Hooks of @storybook/test-runner: stories are tested with reduced motion, so enter/exit
// animations finish at once and assertions do not race them; a story fails when it sent a
// request that no MSW handler answered (the preview records them, see preview.tsx).
import type { TestRunnerConfig } from '@storybook/test-runner';

const config: TestRunnerConfig = {
  // Each test file's page opens the Storybook itself: the runner's URL serves only the grouped
  // index it reads (tools/storybook/test-storybook.mjs), where the stories' titles are groups.
  async prepare({ page }) {
    const storybook = process.env['MASON_STORYBOOK_URL'] ?? process.env['TARGET_URL'];
    if (!storybook) throw new Error('No Storybook URL: run tools/storybook/test-storybook.mjs.');
    await page.goto(new URL('iframe.html', storybook).toString(), { waitUntil: 'load' });
  },
  async preVisit(page) {
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'dark' });
  },
  async postVisit(page, context) {
    const unhandled = await page.evaluate(() => window.__MASON_UNHANDLED_REQUESTS__ ?? []);
    if (unhandled.length > 0) {
      throw new Error(
        `${context.id} sent requests that no MSW handler answered:\n  ${unhandled.join('\n  ')}\n` +
          'Add a handler in the story (parameters.msw.handlers) or in createApiHandlers().',
      );
    }
  },
};

export default config;
