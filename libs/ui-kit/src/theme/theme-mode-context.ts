import { createContext } from 'react';
import type { ResolvedThemeMode, ThemeMode } from './tokens';

export interface ThemeModeContextValue {
  /** What the person chose: light, dark or system. */
  mode: ThemeMode;
  /** What is shown: `system` resolved through `prefers-color-scheme`. */
  resolvedMode: ResolvedThemeMode;
  setMode: (mode: ThemeMode) => void;
}

export const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);
