/** The part of react-refresh/runtime the hot runtime uses. */
export interface RefreshRuntime {
  injectIntoGlobalHook(globalObject: object): void;
  register(type: unknown, id: string): void;
  setSignature(
    type: unknown,
    key: string,
    forceReset?: boolean,
    getCustomHooks?: () => unknown[],
  ): void;
  performReactRefresh(): unknown;
  hasUnrecoverableErrors(): boolean;
}

/** The part of a React root (react-dom/client's createRoot) the hot runtime uses. */
export interface ReactRoot {
  render(children: unknown): void;
  unmount(): void;
}

/** react-dom/client's createRoot, as the runtime build hands it over. */
export type CreateRoot = (container: unknown, options?: unknown) => ReactRoot;

/** What the hot runtime offers the app's modules (registerHotModule) and the bridge. */
export interface HotRuntime {
  register(type: unknown, id: string): void;
  sign(type: unknown, key: string, forceReset: boolean, getCustomHooks?: () => unknown[]): void;
  /** A module's exports, as live getters, by project path. */
  define(filePath: string, exports: object): void;
  /** The exports of a module the page runs; throws when it runs none by that path. */
  exports(filePath: string): object;
  /**
   * The app's createRoot (the runtime's react-dom/client calls it): React's root, behind one
   * that the runtime can start afresh (unmounted, then made again in the same container with
   * what the app last rendered in it).
   */
  createRoot(
    create: CreateRoot,
    flushSync: (work: () => void) => void,
    container: unknown,
    options?: unknown,
  ): ReactRoot;
  /**
   * Runs the hot update at `url` (an ES module of the changed modules, buildHotUpdate). Then,
   * without `fresh`, re-renders the components it registered, keeping their state (React Fast
   * Refresh); with `fresh`, starts the app afresh in the page: every root the app made is
   * unmounted, the new components take the old ones' place, and the roots render again from
   * nothing (in the same task, so no frame shows the old state in the new code, nor an empty
   * page). False when that fails, when there is no root to start afresh, or when React cannot
   * carry on (an error it cannot recover from): the page must reload.
   */
  update(url: string, fresh?: boolean): Promise<boolean>;
  /**
   * Replaces the page's stylesheet (the build's <link data-mason-style>, or the <style> of an
   * earlier update) with `css`, in its place: a hot update runs it when the CSS changed.
   */
  restyle(css: string): void;
}

/**
 * Installs the preview's hot runtime in the page, before React: Fast Refresh hooks into React
 * DevTools' global hook (react-dom registers itself there when it starts), and `__masonHot`
 * takes the registrations of the app's modules. The runtime build serves it as
 * `(${installHotRuntime.toString()})(refresh, globalThis, (url) => import(url))`, so it is ONE
 * self-contained function: only its parameters, browser globals and names declared inside it.
 */
export function installHotRuntime(
  refresh: RefreshRuntime,
  globalObject: object,
  load: (url: string) => Promise<unknown>,
): void {
  refresh.injectIntoGlobalHook(globalObject);
  const modules = new Map<string, object>();
  /** The app's roots that are mounted: how to stop each, and start it again. */
  const roots = new Set<{ stop(): void; start(): void }>();
  const runtime: HotRuntime = {
    register: (type, id) => refresh.register(type, id),
    sign: (type, key, forceReset, getCustomHooks) =>
      refresh.setSignature(type, key, forceReset, getCustomHooks),
    define: (filePath, exports) => {
      modules.set(filePath, exports);
    },
    exports: (filePath) => {
      const exports = modules.get(filePath);
      if (!exports) throw new Error(`The page runs no module ${filePath} to update.`);
      return exports;
    },
    createRoot: (create, flushSync, container, options) => {
      let inner = create(container, options);
      let rendered: { children: unknown } | null = null;
      const restartable = {
        stop: () => inner.unmount(),
        start: () => {
          inner = create(container, options);
          const shown = rendered;
          if (shown) flushSync(() => inner.render(shown.children));
        },
      };
      roots.add(restartable);
      return {
        render: (children) => {
          rendered = { children };
          inner.render(children);
        },
        unmount: () => {
          roots.delete(restartable);
          inner.unmount();
        },
      };
    },
    update: async (url, fresh = false) => {
      try {
        await load(url);
        if (!fresh) {
          refresh.performReactRefresh();
          return !refresh.hasUnrecoverableErrors();
        }
        const restarting = [...roots];
        if (restarting.length === 0) return false;
        // Unmounted first, so Fast Refresh re-renders nothing with the old state; the roots made
        // again resolve every component to its newest version.
        for (const root of restarting) root.stop();
        refresh.performReactRefresh();
        for (const root of restarting) root.start();
        return !refresh.hasUnrecoverableErrors();
      } catch {
        return false;
      }
    },
    restyle: (css) => {
      const shown = [...document.querySelectorAll('[data-mason-style]')];
      const style = document.createElement('style');
      style.setAttribute('data-mason-style', '');
      style.textContent = css;
      if (shown[0]) shown[0].before(style);
      else document.head.append(style);
      for (const element of shown) element.remove();
    },
  };
  Object.defineProperty(globalObject, '__masonHot', { value: runtime, configurable: true });
}
