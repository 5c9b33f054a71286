import { PREVIEW_BRIDGE_CHANNEL, parseBridgeMessage } from '@mason/contract/preview';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { TEST_PARENT_ORIGIN, testBridgeConfig } from '../test-utils/bridge-config';
import { bridgeScript } from './bridge-script';

const PARENT_ORIGIN = TEST_PARENT_ORIGIN;
const BUNDLE_SCRIPT = path.join(__dirname, '../../scripts/bundle-bridge.mjs');

/** The bridge bundled afresh from its sources: is the committed module that bundle, and its inputs. */
function bundleAfresh(): {
  upToDate: boolean;
  inputs: { bridge: string[]; renderer: string[] };
} {
  return JSON.parse(
    execFileSync(process.execPath, [BUNDLE_SCRIPT, '--check'], { encoding: 'utf8' }),
  );
}
const CONFIG = testBridgeConfig();

/**
 * A preview page as the host serves it (the config, then the bridge, in <head>), framed by
 * Mason's window: answers what the bridge posted to the parent, and the page.
 */
function openPreviewPage(script: string, url: string) {
  const posted: [unknown, string][] = [];
  const config = JSON.stringify(CONFIG).replace(/</g, '\\u003c');
  const dom = new JSDOM(
    `<!doctype html><html><head>` +
      `<script type="application/json" id="mason-bridge-config">${config}</script>` +
      `<script>${script}</script>` +
      `<script>window.appSawUrl = location.href;</script>` +
      `</head><body></body></html>`,
    {
      url,
      runScripts: 'dangerously',
      beforeParse(window) {
        const parent = {
          postMessage: (data: unknown, origin: string) => posted.push([data, origin]),
        };
        Object.defineProperty(window, 'parent', { value: parent, configurable: true });
      },
    },
  );
  return { posted, window: dom.window };
}

describe('bridgeScript', () => {
  it('runs in the preview page as the host serves it: the app never sees the token, Mason hears ready', () => {
    const { posted, window } = openPreviewPage(
      bridgeScript(),
      'http://p-demo.localhost:4200/shop?q=1&mason_preview=secret',
    );

    expect((window as unknown as { appSawUrl: string }).appSawUrl).toBe(
      'http://p-demo.localhost:4200/shop?q=1',
    );
    expect(posted).toEqual([
      [
        {
          channel: PREVIEW_BRIDGE_CHANNEL,
          type: 'ready',
          url: '/shop?q=1',
          versionIndex: 3,
          versionId: 'version-3',
        },
        PARENT_ORIGIN,
      ],
    ]);
    expect(parseBridgeMessage(posted[0][0])).not.toBeNull();
  });

  it('adds no global name to the page', () => {
    const script = bridgeScript();
    const bare = openPreviewPage('', 'http://p-demo.localhost:4200/').window;
    const bridged = openPreviewPage(script, 'http://p-demo.localhost:4200/').window;

    expect(Object.keys(bridged).sort()).toEqual(Object.keys(bare).sort());
  });

  it('carries only Mason’s own modules (the contract’s constants without zod); html-to-image is in the renderer it imports late', () => {
    const { bridge, renderer } = bundleAfresh().inputs;
    const packagesOf = (files: string[]) => files.filter((file) => file.includes('node_modules'));

    expect(packagesOf(bridge)).toEqual([]);
    expect(bridge).toContainEqual(expect.stringMatching(/contract\/src\/preview-limits\.ts$/));
    expect(packagesOf(renderer).length).toBeGreaterThan(0);
    expect(
      packagesOf(renderer).filter((file) => !file.includes('node_modules/html-to-image/')),
    ).toEqual([]);
  });

  it('is the bridge’s modules as scripts/bundle-bridge.mjs bundles them (the committed module is not stale)', () => {
    // Out of date: run `npx nx run server-preview:bundle-bridge`.
    expect(bundleAfresh().upToDate).toBe(true);
  });
});
