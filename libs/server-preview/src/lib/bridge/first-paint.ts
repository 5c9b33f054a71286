import { FIRST_PAINT_MAX_LENGTH } from '@mason/contract/preview';
import type { AccessToken } from './access-token';
import type { BridgeConfig } from './bridge-config';
import { pageSettled, settledAndQuiet } from './thumbnail-capture';

/** What React marks the element it renders into with (createRoot's container). */
const REACT_CONTAINER = '__reactContainer$';

/** The element the app's React root renders into, when it has an id; null otherwise. */
export function reactContainer(): HTMLElement | null {
  for (const element of Array.from(document.querySelectorAll<HTMLElement>('body [id]'))) {
    if (Object.keys(element).some((key) => key.startsWith(REACT_CONTAINER))) return element;
  }
  return null;
}

/** The page's path as the host reads it (decoded), or null when it does not decode. */
function pagePath(): string | null {
  try {
    return decodeURIComponent(location.pathname);
  } catch {
    return null;
  }
}

export interface FirstPaintOptions {
  readonly config: Pick<BridgeConfig, 'firstPaintUrl' | 'firstPaintShown' | 'buildKey'>;
  readonly token: AccessToken;
}

/** The first paint of a page: the one it was served with, and the one it sends for the next. */
export interface FirstPaints {
  /** The page now shows the build `buildKey` (a hot update): its first paint is sent in turn. */
  shown(buildKey: string): void;
  /** Mason changes the page (preview edits, layout mode): what it shows is not the app's. */
  interrupt(): void;
}

/**
 * The preview's first paints (the host writes the markup the app last rendered for a build and
 * a page into the page's root element, so a cold open paints before the app's code has run).
 *
 * A page served with one (`firstPaintShown`, the root element's id) is taken over by the app's
 * first render, which replaces the root's content; should the app not render into it, what
 * was served is removed once the page has settled. A page served without one
 * (`firstPaintUrl`) sends, once it has settled, what the app rendered into its root for the build
 * it shows at the path it was opened at, unless the person used or changed the page meanwhile
 * (clicked, typed, preview edits, layout mode) or moved to another page (and after the live
 * stream has been quiet a while); after a hot update, the new build's in turn. What it
 * sends is the app's own markup, on its own origin: the host sanitises it and keeps it per
 * project.
 */
export function followFirstPaints({ config, token }: FirstPaintOptions): FirstPaints {
  const path = pagePath();
  let interrupted = false;
  let lastLive = Number.NEGATIVE_INFINITY;
  const url = config.firstPaintUrl;
  let asked = url !== null && config.firstPaintShown === null ? config.buildKey : null;
  const sent = new Set<string>();
  let running = false;

  if (config.firstPaintShown !== null) releaseServedPaint(config.firstPaintShown);
  // What the page shows after the person used it (a counter clicked, a field typed in) is their
  // state, not the app's first paint: a page they used sends none, now or after a hot update.
  for (const name of ['pointerdown', 'keydown', 'input'])
    window.addEventListener(
      name,
      () => {
        interrupted = true;
      },
      { capture: true, once: true },
    );

  async function send(buildKey: string): Promise<void> {
    const container = reactContainer();
    if (url === null || container === null || path === null || pagePath() !== path) return;
    const html = container.innerHTML;
    if (html.trim() === '' || html.length > FIRST_PAINT_MAX_LENGTH) return;
    await fetch(token.withToken(url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ buildKey, path, containerId: container.id, html }),
    });
  }

  async function run(): Promise<void> {
    while (asked !== null) {
      await settledAndQuiet(() => lastLive);
      const buildKey = asked;
      asked = null;
      if (interrupted || sent.has(buildKey)) continue;
      sent.add(buildKey);
      await send(buildKey).catch(() => undefined);
    }
  }

  function schedule(): void {
    if (running || asked === null) return;
    running = true;
    void run().finally(() => {
      running = false;
    });
  }

  schedule();
  return {
    shown(buildKey) {
      if (url === null) return;
      lastLive = performance.now();
      asked = buildKey;
      schedule();
    },
    interrupt() {
      interrupted = true;
    },
  };
}

/** What React marks each node it renders with. */
const REACT_NODE = '__reactFiber$';
const renderedByReact = (node: Node) => Object.keys(node).some((key) => key.startsWith(REACT_NODE));

/**
 * Once the page has settled, removes from the element `containerId` what the host served in it
 * and the app has not replaced (an app that renders elsewhere, or not at all): the nodes React
 * did not render.
 */
function releaseServedPaint(containerId: string): void {
  void pageSettled().then(() => {
    const container = document.getElementById(containerId);
    for (const node of Array.from(container?.childNodes ?? []))
      if (!renderedByReact(node)) node.parentNode?.removeChild(node);
  });
}
