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

/** What the hot runtime offers the app's modules (registerHotModule) and the bridge. */
export interface HotRuntime {
  register(type: unknown, id: string): void;
  sign(type: unknown, key: string, forceReset: boolean, getCustomHooks?: () => unknown[]): void;
  /** A module's exports, as live getters, by project path. */
  define(filePath: string, exports: object): void;
  /** The exports of a module the page runs; throws when it runs none by that path. */
  exports(filePath: string): object;
  /**
   * Runs the hot update at `url` (an ES module of the changed modules, buildHotUpdate), then
   * re-renders the components it registered, keeping their state. False when that fails or
   * React cannot carry on (an error it cannot recover from): the page must reload.
   */
  update(url: string): Promise<boolean>;
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
    update: async (url) => {
      try {
        await load(url);
        refresh.performReactRefresh();
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
