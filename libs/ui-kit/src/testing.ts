// Test helpers of @mason/ui-kit for other libraries' tests: `import { renderWithTheme } from '@mason/ui-kit/testing'`.
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { createElement, type ReactElement, type ReactNode } from 'react';
import { ToastProvider } from './components/toast/toast-provider';
import { MasonThemeProvider } from './theme/mason-theme-provider';
import type { ResolvedThemeMode, ThemeMode } from './theme/tokens';
import { encodeGif } from './utils/encode-gif';

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

/**
 * A picture drawn in the browser (stories and browser tests; jsdom has no canvas), `width` x
 * `height` px: a gradient, as a PNG or a GIF file. A GIF of `frames` > 1 is an animation whose
 * frames turn the gradient round, as a person's screen recording would change.
 */
export async function drawnImageFile(
  name: string,
  width: number,
  height: number,
  { type = 'image/png', frames = 1 }: { type?: 'image/png' | 'image/gif'; frames?: number } = {},
): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas in this browser.');
  const draw = (frame: number) => {
    const gradient = context.createLinearGradient(0, 0, width, height);
    gradient.addColorStop(0, frame % 2 === 0 ? '#6366f1' : '#f59e0b');
    gradient.addColorStop(1, frame % 2 === 0 ? '#f59e0b' : '#6366f1');
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);
    return context.getImageData(0, 0, width, height).data;
  };
  if (type === 'image/gif') {
    if (frames <= 1)
      return new File([Uint8Array.from(await encodeGif(draw(0), width, height))], name, { type });
    const { GIFEncoder, applyPalette, quantize } = await import('gifenc');
    const gif = GIFEncoder();
    for (let frame = 0; frame < frames; frame += 1) {
      const rgba = draw(frame);
      const palette = quantize(rgba, 256);
      gif.writeFrame(applyPalette(rgba, palette), width, height, { palette, delay: 200 });
    }
    gif.finish();
    return new File([Uint8Array.from(gif.bytes())], name, { type });
  }
  draw(0);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('toBlob failed'))), type),
  );
  return new File([blob], name, { type });
}
