// The entry of the thumbnail renderer the preview host serves at THUMBNAIL_SCRIPT_PATH (bundled
// as an ES module by scripts/bundle-bridge.mjs): the bridge imports it when Mason first asks
// for a picture, so html-to-image is neither parsed nor run in a page that is not pictured.
import { toCanvas } from 'html-to-image';
import {
  PROJECT_THUMBNAIL_DATA_URL_MAX_LENGTH,
  PROJECT_THUMBNAIL_DATA_URL_PATTERN,
} from '@mason/contract/preview';
import { OVERLAY_ATTRIBUTE } from './overlay';

/** The picture's size: the project card shows it at this aspect ratio (16:10). */
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_HEIGHT = 300;
/** JPEG or WebP quality, then a lower one when the picture is too large for the contract. */
const QUALITIES = [0.7, 0.5, 0.3] as const;
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
 * data URL the contract takes; null when even the lowest quality is too large.
 */
export async function renderViewport(): Promise<string | null> {
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
