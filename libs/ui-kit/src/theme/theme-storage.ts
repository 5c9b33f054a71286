import type { ResolvedThemeMode, ThemeMode } from './tokens';

/** localStorage key that keeps the person's theme choice. */
export const THEME_STORAGE_KEY = 'mason.theme';

const MODES: readonly ThemeMode[] = ['light', 'dark', 'system'];

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (MODES as readonly string[]).includes(value);
}

/** The stored choice, or null when nothing (valid) is stored or storage is unavailable. */
export function readStoredThemeMode(storageKey: string = THEME_STORAGE_KEY): ThemeMode | null {
  try {
    const value = globalThis.localStorage?.getItem(storageKey);
    return isThemeMode(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeStoredThemeMode(
  mode: ThemeMode,
  storageKey: string = THEME_STORAGE_KEY,
): void {
  try {
    globalThis.localStorage?.setItem(storageKey, mode);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function darkQuery(): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  return window.matchMedia(DARK_QUERY);
}

/** The system preference; dark when it cannot be read (Mason is dark by default). */
export function getSystemThemeMode(): ResolvedThemeMode {
  const query = darkQuery();
  if (!query) return 'dark';
  if (query.matches) return 'dark';
  // `matches` is false both for "light" and for "no preference": only an explicit light wins.
  const light = window.matchMedia('(prefers-color-scheme: light)');
  return light.matches ? 'light' : 'dark';
}

export function subscribeToSystemThemeMode(onChange: () => void): () => void {
  const query = darkQuery();
  if (!query) return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function resolveThemeMode(mode: ThemeMode, system: ResolvedThemeMode): ResolvedThemeMode {
  return mode === 'system' ? system : mode;
}
