import type { ComponentPropsWithRef, ElementType, MouseEvent, ReactNode } from 'react';
import styled, { css, type DefaultTheme } from 'styled-components';
import { Spinner } from '../spinner/spinner';
import { focusRingStyles, interactiveTransition } from '../../utils/styles';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon' | 'icon-sm';

export interface ButtonOwnProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and ignores clicks; the label stays for width and context. */
  loading?: boolean;
  /** Replaces the label while loading (e.g. "Signing in…"). */
  loadingText?: ReactNode;
  /** Icon before the label (replaced by the spinner while loading). */
  leadingIcon?: ReactNode;
  trailingIcon?: ReactNode;
  fullWidth?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}

/**
 * Button props. `as` renders another element or component with button styling, e.g.
 * `<Button as="a" href="/pricing">` or `<Button as={RouterLink} to="/signup">`.
 */
export type ButtonProps<C extends ElementType = 'button'> = ButtonOwnProps & {
  as?: C;
} & Omit<ComponentPropsWithRef<C>, keyof ButtonOwnProps | 'as'>;

interface StyledButtonProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth: boolean;
  $loading: boolean;
}

const mix = (color: string, percent: number) =>
  `color-mix(in srgb, ${color} ${percent}%, transparent)`;

const variantStyles = (theme: DefaultTheme, variant: ButtonVariant) => {
  const { colors, shadows } = theme;
  switch (variant) {
    case 'primary':
      return css`
        background-color: ${colors.primary};
        color: ${colors.primaryForeground};
        box-shadow: ${shadows.xs};
        &:hover:not([aria-disabled='true']):not(:disabled) {
          background-color: ${mix(colors.primary, 88)};
        }
      `;
    case 'secondary':
      return css`
        background-color: ${colors.secondary};
        color: ${colors.secondaryForeground};
        &:hover:not([aria-disabled='true']):not(:disabled) {
          background-color: ${mix(colors.secondary, 80)};
        }
      `;
    case 'outline':
      return css`
        background-color: ${theme.mode === 'dark' ? mix(colors.input, 30) : colors.background};
        color: ${colors.foreground};
        border-color: ${colors.input};
        box-shadow: ${shadows.xs};
        &:hover:not([aria-disabled='true']):not(:disabled) {
          background-color: ${colors.accent};
          color: ${colors.accentForeground};
        }
      `;
    case 'ghost':
      return css`
        background-color: transparent;
        color: ${colors.foreground};
        &:hover:not([aria-disabled='true']):not(:disabled) {
          background-color: ${colors.accent};
          color: ${colors.accentForeground};
        }
      `;
    case 'destructive':
      return css`
        background-color: ${colors.destructive};
        color: ${colors.destructiveForeground};
        box-shadow: ${shadows.xs};
        &:hover:not([aria-disabled='true']):not(:disabled) {
          background-color: ${mix(colors.destructive, 88)};
        }
        &:focus-visible {
          box-shadow: ${shadows.focusDestructive};
        }
      `;
    case 'link':
      return css`
        background-color: transparent;
        color: ${colors.foreground};
        text-decoration-line: underline;
        text-decoration-color: transparent;
        text-underline-offset: 4px;
        &:hover:not([aria-disabled='true']):not(:disabled) {
          text-decoration-color: currentColor;
        }
      `;
  }
};

const sizeStyles = (theme: DefaultTheme, size: ButtonSize, variant: ButtonVariant) => {
  const { space, typography, radii } = theme;
  if (variant === 'link') {
    return css`
      height: auto;
      padding: 0;
      font-size: inherit;
    `;
  }
  switch (size) {
    case 'sm':
      return css`
        height: 32px;
        padding: 0 ${space[3]};
        gap: ${space[1.5]};
        font-size: ${typography.fontSizes.sm};
        border-radius: ${radii.md};
      `;
    case 'lg':
      return css`
        height: 44px;
        padding: 0 ${space[6]};
        gap: ${space[2]};
        font-size: ${typography.fontSizes.md};
        border-radius: ${radii.lg};
      `;
    case 'icon':
      return css`
        width: 36px;
        height: 36px;
        padding: 0;
        border-radius: ${radii.md};
      `;
    case 'icon-sm':
      return css`
        width: 28px;
        height: 28px;
        padding: 0;
        border-radius: ${radii.sm};
      `;
    case 'md':
    default:
      return css`
        height: 36px;
        padding: 0 ${space[4]};
        gap: ${space[2]};
        font-size: ${typography.fontSizes.sm};
        border-radius: ${radii.md};
      `;
  }
};

export const StyledButton = styled.button<StyledButtonProps>`
  position: relative;
  display: ${({ $fullWidth }) => ($fullWidth ? 'flex' : 'inline-flex')};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  white-space: nowrap;
  user-select: none;
  border: 1px solid transparent;
  font-family: inherit;
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  line-height: 1;
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.tight};
  text-decoration: none;
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;
  ${interactiveTransition}
  ${({ theme, $variant }) => variantStyles(theme, $variant)}
  ${({ theme, $size, $variant }) => sizeStyles(theme, $size, $variant)}
  ${focusRingStyles}

  &:active:not([aria-disabled='true']):not(:disabled) {
    transform: ${({ $variant }) => ($variant === 'link' ? 'none' : 'translateY(0.5px) scale(0.985)')};
  }

  &:disabled,
  &[aria-disabled='true'] {
    opacity: ${({ $loading }) => ($loading ? 0.8 : 0.5)};
    cursor: ${({ $loading }) => ($loading ? 'progress' : 'not-allowed')};
    box-shadow: none;
  }

  svg {
    flex-shrink: 0;
    pointer-events: none;
  }
`;

/** Keyboard- and screen-reader-friendly button with variants, sizes, a loading state and `as`. */
export function Button<C extends ElementType = 'button'>(props: ButtonProps<C>) {
  const {
    as,
    variant = 'primary',
    size = 'md',
    loading = false,
    loadingText,
    leadingIcon,
    trailingIcon,
    fullWidth = false,
    disabled = false,
    children,
    onClick,
    type,
    ...rest
  } = props as ButtonProps<'button'> & { as?: ElementType };

  const element = as ?? 'button';
  const isNativeButton = element === 'button';
  const inactive = disabled || loading;

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (inactive) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    onClick?.(event);
  };

  const iconSize = size === 'lg' ? 'sm' : size === 'sm' || size === 'icon-sm' ? 'xs' : 'sm';
  const isIconOnly = size === 'icon' || size === 'icon-sm';

  return (
    <StyledButton
      as={element}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      $loading={loading}
      // A native disabled button drops focus; loading keeps it focusable but inert instead.
      disabled={isNativeButton && disabled && !loading ? true : undefined}
      aria-disabled={inactive ? true : undefined}
      aria-busy={loading ? true : undefined}
      type={isNativeButton ? (type ?? 'button') : type}
      tabIndex={!isNativeButton && disabled ? -1 : undefined}
      onClick={handleClick}
      {...rest}
    >
      {loading ? <Spinner size={iconSize} decorative /> : leadingIcon}
      {loading && isIconOnly ? null : loading && loadingText !== undefined ? loadingText : children}
      {loading ? null : trailingIcon}
    </StyledButton>
  );
}
