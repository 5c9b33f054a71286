import { installHotRuntime, type HotRuntime, type RefreshRuntime } from './hot-runtime';

/** What happened, in order: the refresh runtime's and React roots' calls. */
type Step = string;

function setUp() {
  const steps: Step[] = [];
  const refresh: RefreshRuntime = {
    injectIntoGlobalHook: () => undefined,
    register: () => undefined,
    setSignature: () => undefined,
    performReactRefresh: () => steps.push('refresh'),
    hasUnrecoverableErrors: () => false,
  };
  const globalObject: { __masonHot?: HotRuntime } = {};
  installHotRuntime(refresh, globalObject, async (url) => {
    steps.push(`load ${url}`);
  });
  let made = 0;
  const create = (container: unknown) => {
    made += 1;
    const name = `${String(container)}#${made}`;
    return {
      render: (children: unknown) => steps.push(`${name} render ${String(children)}`),
      unmount: () => steps.push(`${name} unmount`),
    };
  };
  const flushSync = (work: () => void) => {
    steps.push('flushSync');
    work();
  };
  return { steps, runtime: globalObject.__masonHot as HotRuntime, create, flushSync };
}

describe('installHotRuntime', () => {
  it('keeps the app’s roots as they are through an update that keeps state', async () => {
    const { steps, runtime, create, flushSync } = setUp();
    runtime.createRoot(create, flushSync, 'root').render('<App />');
    steps.length = 0;

    expect(await runtime.update('/__mason/hot/a/b.js')).toBe(true);

    expect(steps).toEqual(['load /__mason/hot/a/b.js', 'refresh']);
  });

  it('starts the app afresh: every root unmounted before the refresh, then made again with what it showed', async () => {
    const { steps, runtime, create, flushSync } = setUp();
    const root = runtime.createRoot(create, flushSync, 'root');
    root.render('<App />');
    runtime.createRoot(create, flushSync, 'dialogs').render('<Dialogs />');
    steps.length = 0;

    expect(await runtime.update('/__mason/hot/a/b.js', true)).toBe(true);

    expect(steps).toEqual([
      'load /__mason/hot/a/b.js',
      'root#1 unmount',
      'dialogs#2 unmount',
      'refresh',
      'flushSync',
      'root#3 render <App />',
      'flushSync',
      'dialogs#4 render <Dialogs />',
    ]);
    // The app's own calls reach the root made again; an unmounted root is not started again.
    steps.length = 0;
    root.render('<App page="2" />');
    root.unmount();
    await runtime.update('/__mason/hot/b/c.js', true);
    expect(steps).toEqual([
      'root#3 render <App page="2" />',
      'root#3 unmount',
      'load /__mason/hot/b/c.js',
      'dialogs#4 unmount',
      'refresh',
      'flushSync',
      'dialogs#5 render <Dialogs />',
    ]);
  });

  it('cannot start afresh a page whose app made no root: the page must reload', async () => {
    const { runtime } = setUp();
    expect(await runtime.update('/__mason/hot/a/b.js', true)).toBe(false);
  });
});
