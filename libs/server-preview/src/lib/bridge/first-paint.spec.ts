/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://p-demo.localhost:4200/shop?mason_preview=t-1"}
 */
import { testBridgeConfig } from '../../test-utils/bridge-config';
import { takeAccessToken } from './access-token';
import { followFirstPaints } from './first-paint';
import { LIVE_QUIET_MS } from './thumbnail-capture';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What React leaves on the element it renders into, and on each node it renders. */
const markAsReactRoot = (element: Element) => Object.assign(element, { __reactContainer$test: {} });
const markAsRendered = (node: Node) => Object.assign(node, { __reactFiber$test: {} });

async function until(condition: () => boolean, timeoutMs = LIVE_QUIET_MS * 3): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await sleep(25);
}

describe("the bridge's first paints", () => {
  const sent = jest.fn();
  let token: ReturnType<typeof takeAccessToken>;

  beforeAll(() => {
    token = takeAccessToken('mason_preview');
  });

  beforeEach(() => {
    sent.mockReset();
    window.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      sent(String(url), JSON.parse(String(init?.body)));
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    document.body.innerHTML = '<div id="root"><main><h1>Mugs</h1></main></div>';
  });

  it('sends what the app rendered into its root, once the page has settled', async () => {
    markAsReactRoot(document.getElementById('root') as HTMLElement);
    followFirstPaints({
      config: testBridgeConfig({ firstPaintUrl: '/__mason/first-paint', buildKey: 'build-a' }),
      token,
    });
    expect(sent).not.toHaveBeenCalled();
    await until(() => sent.mock.calls.length > 0);
    expect(sent.mock.calls).toEqual([
      [
        'http://p-demo.localhost:4200/__mason/first-paint?mason_preview=t-1',
        {
          buildKey: 'build-a',
          path: '/shop',
          containerId: 'root',
          html: '<main><h1>Mugs</h1></main>',
        },
      ],
    ]);
  });

  it('sends nothing when the person changed the page, or no React root has an id', async () => {
    const root = markAsReactRoot(document.getElementById('root') as HTMLElement);
    const config = testBridgeConfig({ firstPaintUrl: '/__mason/first-paint' });
    followFirstPaints({ config, token }).interrupt();
    root.removeAttribute('id');
    followFirstPaints({ config, token });
    // A page served with a first paint sends none for its own build.
    followFirstPaints({ config: { ...config, firstPaintShown: 'other' }, token });
    await sleep(LIVE_QUIET_MS);
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends nothing once the person used the page: what it shows then is their state', async () => {
    markAsReactRoot(document.getElementById('root') as HTMLElement);
    const paints = followFirstPaints({
      config: testBridgeConfig({ firstPaintUrl: '/__mason/first-paint' }),
      token,
    });
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    paints.shown('build-b');
    await sleep(LIVE_QUIET_MS * 1.5);
    expect(sent).not.toHaveBeenCalled();
  }, 20_000);

  it('after a hot update, sends the new build’s once the live stream has been quiet', async () => {
    const root = markAsReactRoot(document.getElementById('root') as HTMLElement);
    markAsRendered(root.firstElementChild as Element);
    const paints = followFirstPaints({
      config: testBridgeConfig({
        firstPaintUrl: '/__mason/first-paint',
        firstPaintShown: 'root',
        buildKey: 'build-a',
      }),
      token,
    });
    const updatedAt = Date.now();
    paints.shown('build-b');
    await until(() => sent.mock.calls.length > 0);
    expect(Date.now() - updatedAt).toBeGreaterThanOrEqual(LIVE_QUIET_MS);
    expect(sent.mock.calls.map(([, body]) => body.buildKey)).toEqual(['build-b']);
  }, 20_000);

  it('removes the first paint it was served with when the app did not replace it', async () => {
    const root = document.getElementById('root') as HTMLElement;
    const rendered = markAsRendered(document.createElement('p'));
    followFirstPaints({
      config: testBridgeConfig({ firstPaintUrl: '/__mason/first-paint', firstPaintShown: 'root' }),
      token,
    });
    // The app rendered beside what was served (as into another root): only its node stays.
    root.append(rendered);
    await until(() => root.childNodes.length === 1);
    expect(Array.from(root.childNodes)).toEqual([rendered]);
    expect(sent).not.toHaveBeenCalled();
  });
});
