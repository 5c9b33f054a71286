import { THUMBNAIL_SCRIPT_PATH } from './bridge-config';
import type { PostToParent } from './parent-window';

/** The longest the page may keep the browser busy before the capture goes ahead anyway. */
const IDLE_TIMEOUT_MS = 2000;
/** After the load, the fonts and the images: a short quiet spell for the app's first effects. */
const QUIET_MS = 300;
/** After the live stream's last announcement, the page is pictured no sooner than this. */
export const LIVE_QUIET_MS = 2000;

const waitForEvent = (target: EventTarget, names: readonly string[]) =>
  new Promise<void>((resolve) => {
    for (const name of names) target.addEventListener(name, () => resolve(), { once: true });
  });

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, QUIET_MS);
  });
}

/** Resolves once the page has settled: loaded, its fonts and images in, the browser idle. */
export async function pageSettled(): Promise<void> {
  if (document.readyState !== 'complete') await waitForEvent(window, ['load']);
  await document.fonts?.ready;
  const loading = Array.from(document.images).filter((image) => !image.complete);
  await Promise.all(loading.map((image) => waitForEvent(image, ['load', 'error'])));
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  await idle();
}

/**
 * Resolves once the page has settled (pageSettled) and the live stream has announced nothing for
 * LIVE_QUIET_MS (`lastLive()`: when it last did, in performance.now() time).
 */
export async function settledAndQuiet(lastLive: () => number): Promise<void> {
  for (;;) {
    await pageSettled();
    const wait = lastLive() + LIVE_QUIET_MS - performance.now();
    if (wait <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Pictures the page as it shows now: a data URL the contract takes, or null (renderViewport). */
export type RenderViewport = () => Promise<string | null>;

/**
 * The renderer (thumbnail-render.ts), imported from the preview host the first time the page is
 * pictured: the bridge written in every page stays small, and html-to-image loads only here.
 */
async function loadRenderViewport(): Promise<string | null> {
  // Through a variable, so the bundler leaves the import to the browser (a URL on the preview
  // host, not a module to bundle); the browser fetches it once and keeps it.
  const path: string = THUMBNAIL_SCRIPT_PATH;
  const renderer = (await import(path)) as { renderViewport: RenderViewport };
  return renderer.renderViewport();
}

/** The thumbnail capture of a page: Mason's command, and the live updates that put it off. */
export interface ThumbnailCapture {
  /** Mason's 'capture-thumbnail' command for the version the page shows. */
  readonly capture: (versionId: string) => void;
  /** The live stream announced a build or files (the person is at work on the app). */
  readonly liveActivity: () => void;
}

/**
 * Runs Mason's 'capture-thumbnail' command: once the page has settled and the live stream has
 * been quiet for LIVE_QUIET_MS, posts a 'thumbnail' of what it shows for the version Mason
 * named last. Picturing the page keeps its main thread busy for a while, so it waits while
 * the assistant is changing the app: the live updates are what the person is looking at. One
 * capture at a time; an ask that comes meanwhile is done after it (the newest version asked);
 * a page that cannot be pictured (a canvas the browser refuses, a picture too large) posts
 * nothing.
 */
export function createThumbnailCapture(
  post: PostToParent,
  render: RenderViewport = loadRenderViewport,
): ThumbnailCapture {
  let asked: string | null = null;
  let running = false;
  let lastLive = Number.NEGATIVE_INFINITY;

  async function run(): Promise<void> {
    while (asked !== null) {
      await settledAndQuiet(() => lastLive);
      const versionId = asked;
      asked = null;
      const image = await render().catch(() => null);
      if (image !== null) post({ type: 'thumbnail', versionId, image });
    }
  }

  return {
    capture(versionId) {
      asked = versionId;
      if (running) return;
      running = true;
      void run()
        .catch(() => undefined)
        .finally(() => {
          running = false;
        });
    },
    liveActivity() {
      lastLive = performance.now();
    },
  };
}
