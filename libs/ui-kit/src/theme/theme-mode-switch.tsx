import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { MonitorIcon, MoonIcon, SunIcon } from '../icons/icons';
import { interactiveTransition } from '../utils/styles';
import type { ThemeMode } from './tokens';
import { useThemeMode } from './use-theme-mode';

export interface ThemeModeSwitchProps {
  /** Name of the radio group. Default: "Theme". */
  label?: string;
  /** Show text beside the icons. Default: false (icons with accessible names). */
  showLabels?: boolean;
  className?: string;
}

const OPTIONS: { mode: ThemeMode; label: string; icon: ReactNode }[] = [
  { mode: 'light', label: 'Light', icon: <SunIcon size={15} /> },
  { mode: 'dark', label: 'Dark', icon: <MoonIcon size={15} /> },
  { mode: 'system', label: 'System', icon: <MonitorIcon size={15} /> },
];

const StyledGroup = styled.div`
  display: inline-flex;
  gap: 2px;
  padding: 3px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.full};
  background-color: ${({ theme }) => theme.colors.muted};
`;

const StyledOption = styled.button<{ $withLabel: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[1.5]};
  height: 28px;
  min-width: 28px;
  padding: ${({ theme, $withLabel }) => ($withLabel ? `0 ${theme.space[3]}` : '0')};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.full};
  background: transparent;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  ${interactiveTransition}

  &:hover {
    color: ${({ theme }) => theme.colors.foreground};
  }

  &[aria-checked='true'] {
    background-color: ${({ theme }) => (theme.mode === 'dark' ? theme.colors.input : theme.colors.background)};
    color: ${({ theme }) => theme.colors.foreground};
    box-shadow: ${({ theme }) => theme.shadows.sm};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.ring};
    outline-offset: 1px;
  }
`;

/** Light / Dark / System picker bound to MasonThemeProvider (a radio group with arrow keys). */
export function ThemeModeSwitch({
  label = 'Theme',
  showLabels = false,
  className,
}: ThemeModeSwitchProps) {
  const { mode, setMode } = useThemeMode();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = OPTIONS.findIndex((option) => option.mode === mode);
    let next = index;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown')
      next = (index + 1) % OPTIONS.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp')
      next = (index - 1 + OPTIONS.length) % OPTIONS.length;
    else return;
    event.preventDefault();
    setMode(OPTIONS[next].mode);
    refs.current[next]?.focus();
  };

  return (
    <StyledGroup role="radiogroup" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {OPTIONS.map((option, index) => {
        const checked = option.mode === mode;
        return (
          <StyledOption
            key={option.mode}
            ref={(node: HTMLButtonElement | null) => {
              refs.current[index] = node;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={showLabels ? undefined : option.label}
            tabIndex={checked ? 0 : -1}
            $withLabel={showLabels}
            onClick={() => setMode(option.mode)}
          >
            {option.icon}
            {showLabels ? option.label : null}
          </StyledOption>
        );
      })}
    </StyledGroup>
  );
}
