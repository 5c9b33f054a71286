import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './global-style';
import { ThemeModeContext, type ThemeModeContextValue } from './theme-mode-context';
import {
  THEME_STORAGE_KEY,
  getSystemThemeMode,
  isThemeMode,
  readStoredThemeMode,
  resolveThemeMode,
  subscribeToSystemThemeMode,
  writeStoredThemeMode,
} from './theme-storage';
import { THEME_DEFAULTS, createMasonTheme, type ThemeMode } from './tokens';

export interface MasonThemeProviderProps {
  children?: ReactNode;
  /** Mode used when the person has not chosen one yet. Default: dark (SPEC.md). */
  defaultMode?: ThemeMode;
  /** Controlled mode (Storybook, tests). When set, storage is neither read nor written. */
  mode?: ThemeMode;
  /** Called with the new choice whenever `setMode` runs. */
  onModeChange?: (mode: ThemeMode) => void;
  /** localStorage key of the choice. Default: `mason.theme`. */
  storageKey?: string;
  /** Base radius in rem. Default: 1. */
  radius?: number;
  /** Render GlobalStyle (reset, fonts, focus rings). Default: true. */
  withGlobalStyle?: boolean;
  /** Set `color-scheme` and `data-theme` on <html>. Default: true. */
  applyToDocument?: boolean;
}

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
const serverSnapshot = () => THEME_DEFAULTS.mode;

/**
 * Mason's theme: light, dark or system (following `prefers-color-scheme` live), the choice kept
 * in localStorage, the styled-components theme of the resolved mode, and GlobalStyle.
 */
export function MasonThemeProvider({
  children,
  defaultMode = THEME_DEFAULTS.mode,
  mode: controlledMode,
  onModeChange,
  storageKey = THEME_STORAGE_KEY,
  radius = THEME_DEFAULTS.radius,
  withGlobalStyle = true,
  applyToDocument = true,
}: MasonThemeProviderProps) {
  const isControlled = controlledMode !== undefined;
  const [storedMode, setStoredMode] = useState<ThemeMode>(() =>
    isControlled ? defaultMode : (readStoredThemeMode(storageKey) ?? defaultMode),
  );
  const mode = controlledMode ?? storedMode;
  const systemMode = useSyncExternalStore(
    subscribeToSystemThemeMode,
    getSystemThemeMode,
    serverSnapshot,
  );
  const resolvedMode = resolveThemeMode(mode, systemMode);

  const setMode = useCallback(
    (next: ThemeMode) => {
      if (!isControlled) {
        setStoredMode(next);
        writeStoredThemeMode(next, storageKey);
      }
      onModeChange?.(next);
    },
    [isControlled, onModeChange, storageKey],
  );

  // Another tab changed the choice: follow it.
  useEffect(() => {
    if (isControlled || typeof window === 'undefined') return undefined;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKey) return;
      setStoredMode(isThemeMode(event.newValue) ? event.newValue : defaultMode);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [isControlled, storageKey, defaultMode]);

  useIsomorphicLayoutEffect(() => {
    if (!applyToDocument || typeof document === 'undefined') return;
    const root = document.documentElement;
    root.dataset['theme'] = resolvedMode;
    root.dataset['themeMode'] = mode;
    root.style.colorScheme = resolvedMode;
  }, [applyToDocument, mode, resolvedMode]);

  const theme = useMemo(() => createMasonTheme(resolvedMode, { radius }), [resolvedMode, radius]);
  const context = useMemo<ThemeModeContextValue>(
    () => ({ mode, resolvedMode, setMode }),
    [mode, resolvedMode, setMode],
  );

  return (
    <ThemeModeContext.Provider value={context}>
      <ThemeProvider theme={theme}>
        {withGlobalStyle ? <GlobalStyle /> : null}
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
