import {
  PROJECT_THUMBNAIL_DATA_URL_MAX_LENGTH,
  PROJECT_THUMBNAIL_DATA_URL_PATTERN,
} from '@mason/contract/preview';
import { OVERLAY_ATTRIBUTE } from './overlay';
import type { PostToParent } from './parent-window';

/** The picture's size: the project card shows it at this aspect ratio (16:10). */
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_HEIGHT = 300;
/** JPEG or WebP quality, then a lower one when the picture is too large for the contract. */
const QUALITIES = [0.7, 0.5, 0.3] as const;
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

/** The page's own background, so a transparent page is not pictured black. */
function backgroundOf(): string {
  for (const element of [document.body, document.documentElement]) {
    if (!element) continue;
    const colour = getComputedStyle(element).backgroundColor;
    if (colour && colour !== 'transparent' && colour !== 'rgba(0, 0, 0, 0)') return colour;
  }
  return '#ffffff';
}

/**
 * Whether html-to-image copies a node: not Mason's own overlays (layout mode), and not what
 * starts below the viewport, which the picture never shows (a long page is not copied whole).
 */
function inPicture(node: HTMLElement): boolean {
  if (!(node instanceof Element)) return true;
  if (node.hasAttribute(OVERLAY_ATTRIBUTE)) return false;
  return node.getBoundingClientRect().top <= window.innerHeight;
}

/** The canvas as a WebP data URL, or a JPEG where the browser makes no WebP (Safari). */
function encode(canvas: HTMLCanvasElement, quality: number): string {
  const webp = canvas.toDataURL('image/webp', quality);
  return webp.startsWith('data:image/webp') ? webp : canvas.toDataURL('image/jpeg', quality);
}

/**
 * The top of the page as it shows now (the viewport's width, cut to the card's 16:10), drawn by
 * html-to-image (the DOM inlined into an SVG, drawn on a canvas) at THUMBNAIL_WIDTH wide, as a
 * data URL the contract takes; null when even the lowest quality is too large. html-to-image
 * is loaded only now: it runs in no page that is not asked for a picture.
 */
export async function renderViewport(): Promise<string | null> {
  const { toCanvas } = await import('html-to-image');
  const width = Math.max(1, window.innerWidth);
  const height = Math.max(1, Math.min(window.innerHeight, Math.round((width * 10) / 16)));
  const canvas = await toCanvas(document.documentElement, {
    width,
    height,
    canvasWidth: THUMBNAIL_WIDTH,
    canvasHeight: Math.round((THUMBNAIL_WIDTH * height) / width),
    pixelRatio: 1,
    backgroundColor: backgroundOf(),
    style: { transform: `translate(${-window.scrollX}px, ${-window.scrollY}px)` },
    filter: inPicture,
  });
  for (const quality of QUALITIES) {
    const image = encode(canvas, quality);
    if (
      image.length <= PROJECT_THUMBNAIL_DATA_URL_MAX_LENGTH &&
      PROJECT_THUMBNAIL_DATA_URL_PATTERN.test(image)
    )
      return image;
  }
  return null;
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
export function createThumbnailCapture(post: PostToParent): ThumbnailCapture {
  let asked: string | null = null;
  let running = false;
  let lastLive = Number.NEGATIVE_INFINITY;

  async function run(): Promise<void> {
    while (asked !== null) {
      await settledAndQuiet(() => lastLive);
      const versionId = asked;
      asked = null;
      const image = await renderViewport().catch(() => null);
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
