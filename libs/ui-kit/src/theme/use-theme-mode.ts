import { useContext } from 'react';
import { ThemeModeContext, type ThemeModeContextValue } from './theme-mode-context';

/** The theme mode the person chose, the mode shown, and a setter that remembers the choice. */
export function useThemeMode(): ThemeModeContextValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode() must be used inside <MasonThemeProvider>.');
  return value;
}
