import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from '../../utils/visually-hidden';
import { Logo } from '../logo/logo';

export interface FullPageLoaderProps {
  /** Announced to screen readers. Default: "Loading Mason". */
  label?: string;
  /** Optional visible line under the logo. */
  message?: ReactNode;
  className?: string;
}

const pulse = keyframes`
  0%, 100% { opacity: 1; transform: scale(1); }
  50% { opacity: 0.55; transform: scale(0.94); }
`;

const sweep = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

export const StyledFullPageLoader = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.overlay};
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[6]};
  background-color: ${({ theme }) => theme.colors.background};
  background-image: radial-gradient(
    ellipse 60% 40% at 50% 45%,
    ${({ theme }) => (theme.mode === 'dark' ? 'rgba(255, 255, 255, 0.045)' : 'rgba(9, 9, 11, 0.035)')},
    transparent 70%
  );
  color: ${({ theme }) => theme.colors.foreground};
`;

const StyledPulse = styled.div`
  animation: ${pulse} ${({ theme }) => theme.motion.durations.pulse} ease-in-out infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none !important;
  }
`;

const StyledTrack = styled.div`
  position: relative;
  width: 96px;
  height: 2px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.full};
  background-color: ${({ theme }) => theme.colors.border};

  &::after {
    content: '';
    position: absolute;
    inset: 0;
    width: 40%;
    border-radius: inherit;
    background-color: ${({ theme }) => theme.colors.mutedForeground};
    animation: ${sweep} 1.2s ${({ theme }) => theme.motion.easings.standard} infinite;
  }

  @media (prefers-reduced-motion: reduce) {
    &::after {
      animation: none !important;
      width: 100%;
      opacity: 0.5;
    }
  }
`;

const StyledMessage = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

/** The whole-page loading screen: the logo with a subtle pulse, role=status "Loading Mason". */
export function FullPageLoader({
  label = 'Loading Mason',
  message,
  className,
}: FullPageLoaderProps) {
  return (
    <StyledFullPageLoader role="status" aria-live="polite" className={className}>
      <StyledPulse>
        <Logo size="xl" variant="mark" title={null} />
      </StyledPulse>
      <StyledTrack aria-hidden="true" />
      {message ? <StyledMessage>{message}</StyledMessage> : null}
      <VisuallyHidden>{label}</VisuallyHidden>
    </StyledFullPageLoader>
  );
}
