import styled, { keyframes } from 'styled-components';
import { StyledQuiet } from '../entry-looks/entry-looks';

const bounce = keyframes`
  0%, 80%, 100% { transform: translateY(0); opacity: 0.4; }
  40% { transform: translateY(-3px); opacity: 1; }
`;

const StyledDots = styled.span`
  display: inline-flex;
  gap: 3px;

  span {
    width: 6px;
    height: 6px;
    border-radius: ${({ theme }) => theme.radii.full};
    background: currentColor;
    animation: ${bounce} 1.2s infinite ease-in-out;
  }
  span:nth-child(2) {
    animation-delay: 0.15s;
  }
  span:nth-child(3) {
    animation-delay: 0.3s;
  }

  @media (prefers-reduced-motion: reduce) {
    span {
      animation: none;
    }
  }
`;

/** The typing indicator while the assistant works and has written nothing yet. */
export function ThinkingIndicator() {
  return (
    <StyledQuiet>
      <StyledDots aria-hidden="true">
        <span />
        <span />
        <span />
      </StyledDots>
      <span>Working…</span>
    </StyledQuiet>
  );
}
