// Test helpers of @mason/ui-kit for other libraries' tests: `import { renderWithTheme } from '@mason/ui-kit/testing'`.
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { createElement, type ReactElement, type ReactNode } from 'react';
import { ToastProvider } from './components/toast/toast-provider';
import { MasonThemeProvider } from './theme/mason-theme-provider';
import type { ResolvedThemeMode, ThemeMode } from './theme/tokens';

export interface RenderWithThemeOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Theme mode (controlled: localStorage is not touched). Default: dark. */
  mode?: ThemeMode;
  /** Also mount ToastProvider so `useToast()` works. Default: true. */
  withToasts?: boolean;
}

/** Wraps children in the providers renderWithTheme uses (for renderHook or custom wrappers). */
export function createThemeWrapper({
  mode = 'dark',
  withToasts = true,
}: Pick<RenderWithThemeOptions, 'mode' | 'withToasts'> = {}) {
  return function ThemeWrapper({ children }: { children?: ReactNode }) {
    const content = withToasts ? createElement(ToastProvider, null, children) : children;
    return createElement(MasonThemeProvider, { mode }, content);
  };
}

/** testing-library's render inside MasonThemeProvider (+ ToastProvider). */
export function renderWithTheme(
  ui: ReactElement,
  { mode, withToasts, ...options }: RenderWithThemeOptions = {},
): RenderResult {
  return render(ui, { wrapper: createThemeWrapper({ mode, withToasts }), ...options });
}

/**
 * Installs a controllable `window.matchMedia` (jsdom has none) reporting the given colour
 * scheme; call `set('light' | 'dark')` to fire a live change. Returns a restore function too.
 */
export function mockColorScheme(initial: ResolvedThemeMode = 'dark') {
  let scheme = initial;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const original = window.matchMedia;
  window.matchMedia = (query: string): MediaQueryList => {
    const list = {
      media: query,
      get matches() {
        if (query.includes('prefers-color-scheme: dark')) return scheme === 'dark';
        if (query.includes('prefers-color-scheme: light')) return scheme === 'light';
        return false;
      },
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
      addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
    return list;
  };
  return {
    set(next: ResolvedThemeMode) {
      scheme = next;
      for (const listener of [...listeners])
        listener({
          matches: next === 'dark',
          media: '(prefers-color-scheme: dark)',
        } as MediaQueryListEvent);
    },
    restore() {
      window.matchMedia = original;
      listeners.clear();
    },
  };
}
