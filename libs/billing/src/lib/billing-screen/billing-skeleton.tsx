import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from '@mason/ui-kit';

const pulse = keyframes`
  50% { opacity: 0.45; }
`;

const StyledSkeleton = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
`;

const StyledRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  gap: ${({ theme }) => theme.space[6]};
`;

const StyledBlock = styled.div<{ $height: string }>`
  height: ${({ $height }) => $height};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.muted};
  animation: ${pulse} 1.6s ease-in-out infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** The billing screen's shape while its numbers load, announced once as a status. */
export function BillingSkeleton() {
  return (
    <StyledSkeleton aria-busy="true">
      <VisuallyHidden role="status">Loading your billing…</VisuallyHidden>
      <StyledRow aria-hidden="true">
        <StyledBlock $height="11rem" />
        <StyledBlock $height="11rem" />
      </StyledRow>
      <StyledBlock aria-hidden="true" $height="12rem" />
      <StyledBlock aria-hidden="true" $height="9rem" />
    </StyledSkeleton>
  );
}
