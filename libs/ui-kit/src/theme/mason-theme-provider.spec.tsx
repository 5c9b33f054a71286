import type { ComponentProps } from 'react';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from 'styled-components';
import { mockColorScheme } from '../testing';
import { MasonThemeProvider } from './mason-theme-provider';
import { THEME_STORAGE_KEY } from './theme-storage';
import { ThemeModeSwitch } from './theme-mode-switch';
import { useThemeMode } from './use-theme-mode';

function Probe() {
  const { mode, resolvedMode } = useThemeMode();
  const theme = useTheme();
  return (
    <p>
      mode={mode} resolved={resolvedMode} background={theme.colors.background}
    </p>
  );
}

function renderProvider(props: Partial<ComponentProps<typeof MasonThemeProvider>> = {}) {
  return render(
    <MasonThemeProvider {...props}>
      <Probe />
      <ThemeModeSwitch />
    </MasonThemeProvider>,
  );
}

const html = () => document.documentElement;

describe('MasonThemeProvider', () => {
  let scheme: ReturnType<typeof mockColorScheme>;

  beforeEach(() => {
    localStorage.clear();
    scheme = mockColorScheme('light');
  });

  afterEach(() => {
    scheme.restore();
  });

  it('is dark by default, whatever the system prefers, and marks <html>', () => {
    renderProvider();
    expect(screen.getByText(/mode=dark resolved=dark background=#09090b/)).toBeInTheDocument();
    expect(html().dataset['theme']).toBe('dark');
    expect(html().style.colorScheme).toBe('dark');
  });

  it('remembers the choice in localStorage under mason.theme', async () => {
    const user = userEvent.setup();
    const first = renderProvider();
    await user.click(screen.getByRole('radio', { name: 'Light' }));

    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(screen.getByText(/mode=light resolved=light background=#ffffff/)).toBeInTheDocument();
    expect(html().dataset['theme']).toBe('light');

    first.unmount();
    renderProvider();
    expect(screen.getByText(/mode=light/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
  });

  it('follows prefers-color-scheme live in system mode', async () => {
    const user = userEvent.setup();
    renderProvider();
    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(screen.getByText(/mode=system resolved=light/)).toBeInTheDocument();

    act(() => scheme.set('dark'));
    expect(screen.getByText(/mode=system resolved=dark/)).toBeInTheDocument();
    expect(html().style.colorScheme).toBe('dark');

    act(() => scheme.set('light'));
    expect(screen.getByText(/mode=system resolved=light/)).toBeInTheDocument();
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    renderProvider();
    expect(screen.getByText(/mode=dark/)).toBeInTheDocument();
  });

  it('follows a choice made in another tab', () => {
    renderProvider();
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'light');
      window.dispatchEvent(
        new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'light' }),
      );
    });
    expect(screen.getByText(/mode=light/)).toBeInTheDocument();
  });

  it('in controlled mode neither reads nor writes storage and reports changes', async () => {
    const user = userEvent.setup();
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const onModeChange = jest.fn();
    renderProvider({ mode: 'dark', onModeChange });
    expect(screen.getByText(/mode=dark/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(onModeChange).toHaveBeenCalledWith('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('moves the theme switch with arrow keys', async () => {
    const user = userEvent.setup();
    renderProvider();
    screen.getByRole('radio', { name: 'Dark' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'System' })).toHaveFocus();
    expect(screen.getByText(/mode=system/)).toBeInTheDocument();
  });

  it('useThemeMode outside the provider says what is wrong', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useThemeMode())).toThrow(/inside <MasonThemeProvider>/);
  });
});
