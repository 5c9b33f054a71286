import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from '../../utils/visually-hidden';

export type SpinnerSize = 'xs' | 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  /** Announced to screen readers. Default: "Loading". */
  label?: string;
  /** Decorative spinners (inside a busy button) are hidden from assistive technology. */
  decorative?: boolean;
  className?: string;
}

const SIZES: Record<SpinnerSize, number> = { xs: 12, sm: 16, md: 20, lg: 32 };

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

export const StyledSpinner = styled.span<{ $size: number }>`
  display: inline-flex;
  flex-shrink: 0;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  color: currentColor;

  svg {
    width: 100%;
    height: 100%;
    animation: ${spin} 0.7s linear infinite;
  }

  @media (prefers-reduced-motion: reduce) {
    svg {
      /* Keep a slow turn so the state still reads as "working". */
      animation-duration: 1.6s !important;
      animation-iteration-count: infinite !important;
    }
  }
`;

/** A small ring that turns. role=status with an accessible label unless decorative. */
export function Spinner({
  size = 'sm',
  label = 'Loading',
  decorative = false,
  className,
}: SpinnerProps) {
  const graphic = (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path
        d="M21.5 12a9.5 9.5 0 0 0-9.5-9.5"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
  if (decorative) {
    return (
      <StyledSpinner $size={SIZES[size]} className={className} aria-hidden="true">
        {graphic}
      </StyledSpinner>
    );
  }
  return (
    <StyledSpinner $size={SIZES[size]} className={className} role="status">
      {graphic}
      <VisuallyHidden>{label}</VisuallyHidden>
    </StyledSpinner>
  );
}
