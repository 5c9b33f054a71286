import type { BuildDiagnostic } from '@mason/contract/preview';

/** The id of the JSON script element that holds the page's BridgeConfig, read by the bridge. */
export const BRIDGE_CONFIG_ELEMENT_ID = 'mason-bridge-config';

/** Where the preview host serves the thumbnail renderer, an ES module the bridge imports late. */
export const THUMBNAIL_SCRIPT_PATH = '/__mason/thumbnail.js';

/**
 * What the preview host writes into each preview page (the `mason-bridge-config` JSON script)
 * for the bridge.
 */
export interface BridgeConfig {
  /** PREVIEW_BRIDGE_CHANNEL: every message in both directions carries it. */
  readonly channel: string;
  /**
   * Mason's origins (PUBLIC_URL's, and its loopback twins when it is a loopback one): the only
   * origins the bridge posts to and takes commands from.
   */
  readonly parentOrigins: readonly string[];
  /** The version shown; null while the host builds the newest one. */
  readonly versionIndex: number | null;
  /** The id of that version (Mason's window saves visual edits against it). */
  readonly versionId: string | null;
  /** The build shown; a live 'version' event with another key updates or reloads the page. */
  readonly buildKey: string | null;
  /** The query parameter that carries the preview's access token ('mason_preview'). */
  readonly tokenParam: string;
  /**
   * Server-sent events on the preview origin (the bridge adds `build`: the key it shows): event
   * 'version', data {"index":n,"versionId":"…","buildKey":"…","hotUrl":"/__mason/hot/…"|null},
   * "kind" ('refresh' | 'remount', with a hotUrl) and "js" (the update's module, sent along) when
   * it is small. With a hotUrl the page swaps the changed components in, keeping its state on a
   * 'refresh' and starting the app afresh in place on a 'remount' (HotUpdateKind); without, it
   * reloads. With "working": true (index
   * and versionId null) the files are being written, not stored yet: the page follows them, and
   * the version that stores them comes with the same buildKey.
   */
  readonly liveUrl: string | null;
  /** Where uncaught errors are POSTed on the preview origin (JSON {kind, message, stack, page}). */
  readonly errorsUrl: string | null;
  /**
   * For an app whose CSS Tailwind makes: GET it with `classes` (space-separated class names) for
   * the build's stylesheet with their rules too, so unsaved class edits show. Null otherwise.
   */
  readonly stylesUrl: string | null;
  /**
   * Where the page sends its first paint (POST JSON {buildKey, path, containerId, html}: what
   * the app rendered into its root) once it has settled, for the next cold open of the same
   * build and path (unless it was served with one), and after a hot update the new build's;
   * null on a page that shows no build.
   */
  readonly firstPaintUrl: string | null;
  /** The id of the root element the host wrote a first paint into; null when it wrote none. */
  readonly firstPaintShown: string | null;
  /** The host could not build this version: the bridge tells Mason after 'ready'. */
  readonly buildFailure: readonly BuildDiagnostic[] | null;
}
