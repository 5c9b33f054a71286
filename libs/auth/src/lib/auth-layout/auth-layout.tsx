import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Logo } from '@mason/ui-kit';
import { useAuthPaths } from '../auth-paths/auth-paths';

export interface AuthLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the card ("New to Mason? Create an account"). */
  footer?: ReactNode;
}

const StyledPage = styled.main`
  flex: 1;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => `${theme.space[12]} ${theme.space[4]}`};
  background:
    radial-gradient(
      60rem 30rem at 50% -10%,
      ${({ theme }) => theme.colors.accent} 0%,
      transparent 70%
    ),
    ${({ theme }) => theme.colors.background};
`;

const StyledColumn = styled.div`
  width: 100%;
  max-width: 26rem;
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space[6]};
`;

const StyledLogoLink = styled(Link)`
  align-self: center;
  border-radius: ${({ theme }) => theme.radii.md};
`;

const StyledCard = styled.section`
  background: ${({ theme }) => theme.colors.card};
  color: ${({ theme }) => theme.colors.cardForeground};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  padding: ${({ theme }) => theme.space[8]};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};

  ${({ theme }) => theme.media.sm} {
    padding: ${({ theme }) => theme.space[10]};
  }
`;

const StyledHeader = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  text-align: center;
`;

const StyledTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.tight};
  line-height: ${({ theme }) => theme.typography.lineHeights.tight};
`;

const StyledDescription = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.relaxed};
`;

const StyledFooter = styled.div`
  text-align: center;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  a {
    color: ${({ theme }) => theme.colors.foreground};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
    text-underline-offset: 3px;
  }
`;

/** The frame of every sign-in screen: the logo, one card with a title, and links under it. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  const paths = useAuthPaths();
  return (
    <StyledPage>
      <StyledColumn>
        <StyledLogoLink to={paths.home} aria-label="Mason home">
          <Logo size="lg" title={null} />
        </StyledLogoLink>
        <StyledCard aria-labelledby="auth-title">
          <StyledHeader>
            <StyledTitle id="auth-title">{title}</StyledTitle>
            {description && <StyledDescription>{description}</StyledDescription>}
          </StyledHeader>
          {children}
        </StyledCard>
        {footer && <StyledFooter>{footer}</StyledFooter>}
      </StyledColumn>
    </StyledPage>
  );
}

export const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

export const StyledFieldRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: 1fr;

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const StyledDivider = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  text-transform: uppercase;
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.wide};

  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${({ theme }) => theme.colors.border};
  }
`;

export const StyledFinePrint = styled.p`
  margin: 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  line-height: ${({ theme }) => theme.typography.lineHeights.relaxed};

  a {
    color: inherit;
    text-decoration: underline;
    text-underline-offset: 2px;
  }
`;
