import { BRIDGE_SCRIPT, THUMBNAIL_SCRIPT } from './bridge-bundle';

/**
 * The bridge script the preview host serves at /__mason/bridge.js (it runs in every preview page
 * before the app; the page's `mason-bridge-config` JSON script configures it, see BridgeConfig).
 * Bundled from src/lib/bridge/ at build time by scripts/bundle-bridge.mjs, never at runtime: the
 * server needs neither esbuild over its own sources nor those sources beside it.
 */
export function bridgeScript(): string {
  return BRIDGE_SCRIPT;
}

/**
 * The thumbnail renderer the preview host serves at THUMBNAIL_SCRIPT_PATH: an ES module with
 * html-to-image that the bridge imports the first time Mason asks it for a picture.
 */
export function thumbnailScript(): string {
  return THUMBNAIL_SCRIPT;
}
