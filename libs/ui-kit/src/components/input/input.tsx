import type { ComponentPropsWithRef } from 'react';
import styled, { css } from 'styled-components';
import { interactiveTransition } from '../../utils/styles';

export type InputSize = 'sm' | 'md' | 'lg';

/** Shared look of text controls (Input, TextField, and textareas built on `inputStyles`). */
export const inputStyles = css`
  display: block;
  width: 100%;
  min-width: 0;
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.input};
  border-radius: ${({ theme }) => theme.radii.md};
  background-color: ${({ theme }) =>
    theme.mode === 'dark'
      ? `color-mix(in srgb, ${theme.colors.input} 30%, transparent)`
      : theme.colors.background};
  color: ${({ theme }) => theme.colors.foreground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};
  box-shadow: ${({ theme }) => theme.shadows.xs};
  ${interactiveTransition}

  &:hover:not(:disabled):not(:focus) {
    border-color: ${({ theme }) => (theme.mode === 'dark' ? '#3f3f46' : '#a1a1aa')};
  }

  &:focus-visible,
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.ring};
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.destructiveText};
  }

  &[aria-invalid='true']:focus {
    box-shadow: ${({ theme }) => theme.shadows.focusDestructive};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }

  &::file-selector-button {
    border: 0;
    background: transparent;
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  }
`;

const HEIGHTS: Record<InputSize, string> = { sm: '32px', md: '36px', lg: '44px' };

export const StyledInput = styled.input<{ $size?: InputSize }>`
  ${inputStyles}
  height: ${({ $size = 'md' }) => HEIGHTS[$size]};
`;

export interface InputProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  /** Height of the control. Default: md (36px). */
  size?: InputSize;
  /** Marks the control invalid (aria-invalid); FormField sets it from `error`. */
  invalid?: boolean;
}

/** A bare text input. Use TextField for label, hint and error, or wrap it in FormField. */
export function Input({ size = 'md', invalid, ...rest }: InputProps) {
  return <StyledInput $size={size} aria-invalid={invalid ? true : undefined} {...rest} />;
}
