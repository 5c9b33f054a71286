// What the Chromium preview benchmarks share: the generated app as a Mason project (written as
// a version through the bench route, shown at its preview URL) and the same app served by a
// Vite dev server with React's plugin (HMR), from a temporary folder whose node_modules is the
// workspace's. Times are wall-clock milliseconds (performance.timeOrigin + performance.now()),
// in the bench process and in the page alike.
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { masonApi } from './api.mjs';
import { FIRST_TEXT } from './preview-app.mjs';
import { workspaceRoot } from './processes.mjs';

export const now = () => performance.timeOrigin + performance.now();

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const ms = (value) => `${value.toFixed(0)} ms`;

/** The template's files the generated app does not have, to delete from a new project. */
const TEMPLATE_LEFTOVERS = ['src/components/Layout.tsx', 'vite.config.ts', 'tsconfig.json'];

/**
 * A Mason project holding `files` as its newest version (its first task answered by the
 * scripted model). `write(changes)` writes files as a new version through the bench route and
 * answers when Mason has stored it; `previewUrl` opens the preview (with its access token).
 * `key` is in the first task's conversation: replies queued under it serve that task's turns.
 */
export async function masonApp({ origin, token, scripted }, files) {
  const api = masonApi(origin);
  api.useToken(token);
  const key = `bench-preview-${randomUUID().slice(0, 8)}`;
  await scripted.queue(key, [{ text: 'Ready when you are.' }]);
  const { project, firstTask } = await api.createProject(`A preview benchmark app (${key})`);
  await api.waitForTaskDone(firstTask.id);
  const write = (changes) =>
    api.call('POST', `/bench/projects/${project.id}/files`, { files: changes });
  await write({
    ...files,
    ...Object.fromEntries(
      TEMPLATE_LEFTOVERS.filter((file) => !(file in files)).map((file) => [file, null]),
    ),
  });
  const preview = await api.call('GET', `/projects/${project.id}/preview`);
  return { projectId: project.id, taskId: firstTask.id, key, previewUrl: preview.url, write };
}

/**
 * A Vite dev server (React plugin, HMR) on `port` serving `files` from a temporary folder.
 * `write(file, text)` writes one file on disk, as an editor would. `stop()` ends the server and
 * removes the folder.
 */
export async function viteApp(files, port) {
  const [{ createServer }, { default: react }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
  ]);
  const root = mkdtempSync(path.join(os.tmpdir(), 'mason-bench-vite-'));
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  for (const [file, text] of Object.entries(files)) write(file, text);
  symlinkSync(path.join(workspaceRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  let server;
  try {
    server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      clearScreen: false,
      cacheDir: path.join(root, '.vite'),
      plugins: [react()],
      server: { port, host: '127.0.0.1', strictPort: true },
    });
    await server.listen();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}/`,
    write,
    async stop() {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The console message the page's probe logs its first paint with (then the time, in ms). */
const PAINT_MESSAGE = 'mason-bench-first-paint ';

/**
 * Runs in the page before its scripts: logs PAINT_MESSAGE and when the app's first text was
 * painted, in ms from navigation start (the frame after it entered the DOM).
 */
export function installFirstPaintProbe({ text, message }) {
  const observer = new MutationObserver(() => {
    if (!document.body?.textContent?.includes(text)) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        console.debug(`${message}${performance.now()}`);
      }, 0),
    );
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** The machine counts as quiet when this share of its CPU time was idle over a QUIET_WINDOW_MS. */
const QUIET_IDLE_SHARE = 0.8;
const QUIET_WINDOW_MS = 100;
/** The longest quietCpu waits: a machine that stays busy is measured busy. */
const QUIET_MAX_MS = 3000;

/** Idle and total CPU time of all cores so far (Linux's /proc/stat), or null elsewhere. */
function cpuTimes() {
  if (!existsSync('/proc/stat')) return null;
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  const values = fields.map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are the idle time.
  return { idle: values[3] + values[4], total: values.slice(0, 8).reduce((a, b) => a + b, 0) };
}

/**
 * Resolves once the CPUs were mostly idle for a moment (or after QUIET_MAX_MS): the previous
 * open's browser context closing, or a new renderer process starting, still keeps a core busy
 * for a while, and an open measured on top of that is measured on a busier machine than the
 * one before it. Mason's and Vite's opens both wait.
 */
async function quietCpu() {
  const deadline = performance.now() + QUIET_MAX_MS;
  let before = cpuTimes();
  while (before !== null && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    const after = cpuTimes();
    const total = after.total - before.total;
    if (total > 0 && (after.idle - before.idle) / total >= QUIET_IDLE_SHARE) return;
    before = after;
  }
}

/**
 * Opens `url` in a fresh browser context (no cache), once the CPUs are quiet (quietCpu), and
 * answers its first paint, in ms. With `staysUntil` (a predicate on the page's responses), the
 * page stays open until one of its responses meets it, as a person's page stays open after its
 * first paint.
 *
 * The paint comes as a console message: asking the page for it (waitForFunction, evaluate) makes
 * Playwright compile its injected script on the page's main thread, about 30 ms that the trace of
 * a cold open showed in the middle of the measured time, before the first paint.
 */
export async function coldFirstPaint(browser, url, { staysUntil } = {}) {
  const context = await browser.newContext();
  try {
    await context.addInitScript(installFirstPaintProbe, {
      text: FIRST_TEXT,
      message: PAINT_MESSAGE,
    });
    const page = await context.newPage();
    const stayed = staysUntil ? page.waitForResponse(staysUntil, { timeout: 60_000 }) : null;
    const painted = page.waitForEvent('console', {
      predicate: (message) => message.text().startsWith(PAINT_MESSAGE),
      timeout: 60_000,
    });
    await quietCpu();
    await page.goto(url, { waitUntil: 'commit' });
    const paint = Number((await painted).text().slice(PAINT_MESSAGE.length));
    await stayed;
    return paint;
  } finally {
    await context.close();
  }
}

/**
 * Arms the page to note when `selector` shows `text`: `window.__benchShown` is the wall-clock
 * time of the frame after the change.
 */
export async function watchForText(page, selector, text) {
  await page.evaluate(
    ([target, expected]) => {
      window.__benchShown = null;
      const done = () => {
        observer.disconnect();
        requestAnimationFrame(() => {
          window.__benchShown = performance.timeOrigin + performance.now();
        });
      };
      const observer = new MutationObserver(() => {
        if (document.querySelector(target)?.textContent === expected) done();
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    },
    [selector, text],
  );
}

/** The wall-clock time the armed page showed the text (watchForText). */
export async function shownAt(page, timeoutMs = 20_000) {
  await page.waitForFunction(() => window.__benchShown != null, undefined, {
    timeout: timeoutMs,
  });
  return page.evaluate(() => window.__benchShown);
}

/** Opens the app's page and waits until its first text is there. */
export async function openApp(context, url) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction((text) => document.body?.textContent?.includes(text), FIRST_TEXT, {
    timeout: 60_000,
  });
  return page;
}
