import { PREVIEW_BRIDGE_CHANNEL, parseBridgeMessage } from '@mason/contract';
import { JSDOM } from 'jsdom';
import { TEST_PARENT_ORIGIN, testBridgeConfig } from '../test-utils/bridge-config';
import { bridgeScript, bundleBridge } from './bridge-script';

const PARENT_ORIGIN = TEST_PARENT_ORIGIN;
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
  it('runs in the preview page as the host serves it: the app never sees the token, Mason hears ready', async () => {
    const { posted, window } = openPreviewPage(
      await bridgeScript(),
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

  it('adds no global name to the page', async () => {
    const script = await bridgeScript();
    const bare = openPreviewPage('', 'http://p-demo.localhost:4200/').window;
    const bridged = openPreviewPage(script, 'http://p-demo.localhost:4200/').window;

    expect(Object.keys(bridged).sort()).toEqual(Object.keys(bare).sort());
  });

  it('carries only Mason’s own modules: the contract’s constants without zod or any other package', async () => {
    const { metafile } = await bundleBridge();
    const [output] = Object.values(metafile.outputs);
    const bundled = Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file);

    expect(bundled.filter((file) => file.includes('node_modules'))).toEqual([]);
    expect(bundled).toContainEqual(expect.stringMatching(/contract\/src\/preview-limits\.ts$/));
  });
});
