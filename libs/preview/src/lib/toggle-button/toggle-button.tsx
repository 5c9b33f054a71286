import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { focusRingStyles, interactiveTransition } from '@mason/ui-kit';

/** A row of toggle buttons drawn as one control (the device switch, the console's filters). */
export const StyledToggleGroup = styled.div`
  display: inline-flex;
  flex-shrink: 0;
  gap: ${({ theme }) => theme.space[0.5]};
  padding: ${({ theme }) => theme.space[0.5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.muted};
`;

const StyledToggle = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[1.5]};
  min-width: 28px;
  height: 26px;
  padding: ${({ theme }) => `0 ${theme.space[2]}`};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  white-space: nowrap;
  cursor: pointer;
  ${interactiveTransition}
  ${focusRingStyles}

  &:hover {
    color: ${({ theme }) => theme.colors.foreground};
  }

  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.foreground};
    box-shadow: ${({ theme }) => theme.shadows.xs};
  }

  svg {
    flex-shrink: 0;
  }
`;

export interface ToggleButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'type'> {
  /** On (aria-pressed="true") or off. */
  readonly pressed: boolean;
}

/** A button that stays pressed while its option is on. */
export function ToggleButton({ pressed, ...rest }: ToggleButtonProps) {
  return <StyledToggle type="button" aria-pressed={pressed} {...rest} />;
}
