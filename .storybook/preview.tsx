import type { Decorator, Preview } from '@storybook/react-vite';
import { isCommonAssetRequest } from 'msw';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { themes } from 'storybook/theming';
import { createApiHandlers, freezeClock } from '@mason/api-client/testing';
import { MasonThemeProvider, ToastProvider } from '@mason/ui-kit';
import { SCREEN_WAIT_TIMEOUT_MS } from '../tools/testing/timeouts';

declare global {
  interface Window {
    /** Requests of the current story that no MSW handler answered (read by .storybook/test-runner.ts). */
    __MASON_UNHANDLED_REQUESTS__?: string[];
  }
}

/** Our API, or another origin: a request there must have a handler. Storybook's own files pass. */
function mustBeHandled(request: Request): boolean {
  if (isCommonAssetRequest(request)) return false;
  const url = new URL(request.url);
  return url.origin !== window.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/');
}

/**
 * One MSW worker for the whole preview, started before the first story renders: every endpoint
 * answered by api-client's handlers (the ones the specs use, checked against the contract). The
 * addon's loader resets it before each story and adds the story's `parameters.msw.handlers` on
 * top. A request nobody answers fails, is logged as an error, and fails the story in the test
 * runner (see test-runner.ts).
 */
async function startMockServiceWorker() {
  const worker = setupWorker(...createApiHandlers());
  await worker.start({
    quiet: true,
    serviceWorker: { url: 'mockServiceWorker.js' },
    onUnhandledRequest(request, print) {
      if (!mustBeHandled(request)) return;
      (window.__MASON_UNHANDLED_REQUESTS__ ??= []).push(`${request.method} ${request.url}`);
      print.error();
    },
  });
  return worker;
}

const loadMockServiceWorker = mswLoader(startMockServiceWorker);

// findBy* and waitFor wait for what a person would see, up to the one bound of the workspace
// (testing-library's 1 s default is too short for a lazy chunk plus a mocked request on a busy
// 2-core CI machine); a passing story does not wait longer.
configure({ asyncUtilTimeout: SCREEN_WAIT_TIMEOUT_MS });

type ThemeGlobal = 'dark' | 'light';

/** Every story renders inside Mason's theme (with GlobalStyle) and the toast provider. */
const withMasonTheme: Decorator = (Story, context) => {
  const mode: ThemeGlobal = context.globals['theme'] === 'light' ? 'light' : 'dark';
  return (
    <MasonThemeProvider mode={mode}>
      <ToastProvider>
        <Story />
      </ToastProvider>
    </MasonThemeProvider>
  );
};

const preview: Preview = {
  decorators: [withMasonTheme],
  loaders: [loadMockServiceWorker],
  /**
   * Each story starts from a clean browser: no session, banner dismissal or theme choice of the
   * story before; and with the clock frozen at FIXTURE_NOW, the instant fixtures are dated
   * against, so a relative time ("12 minutes ago") never depends on when or how fast it runs.
   */
  beforeEach() {
    window.__MASON_UNHANDLED_REQUESTS__ = [];
    for (const storage of [window.localStorage, window.sessionStorage]) {
      for (const key of Object.keys(storage)) if (key.startsWith('mason.')) storage.removeItem(key);
    }
    return freezeClock();
  },
  tags: ['autodocs'],
  globalTypes: {
    theme: {
      description: 'Colour mode of Mason’s theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'dark', title: 'Dark', icon: 'moon' },
          { value: 'light', title: 'Light', icon: 'sun' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'dark' },
  parameters: {
    layout: 'padded',
    // The theme paints the page (GlobalStyle); Storybook's own backgrounds would fight it.
    backgrounds: { disable: true },
    controls: { expanded: true, matchers: { color: /(background|color)$/i } },
    docs: { theme: themes.dark, codePanel: true },
    options: {
      storySort: { order: ['UI Kit', ['Foundations', '*'], '*'] },
    },
  },
};

export default preview;
