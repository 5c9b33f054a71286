import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Logo } from '@mason/ui-kit';

const StyledPage = styled.main`
  flex: 1;
  display: grid;
  place-items: center;
  min-height: 100%;
  padding: ${({ theme }) => `${theme.space[12]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.colors.background};
`;

const StyledColumn = styled.div`
  width: 100%;
  max-width: 28rem;
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space[6]};
`;

const StyledLogo = styled.div`
  align-self: center;
`;

const StyledCard = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => theme.space[8]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  background: ${({ theme }) => theme.colors.card};
  color: ${({ theme }) => theme.colors.cardForeground};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const StyledTitle = styled.h1`
  margin: 0;
  text-align: center;
  font-size: ${({ theme }) => theme.typography.fontSizes.xl};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  line-height: ${({ theme }) => theme.typography.lineHeights.tight};
`;

export interface CallbackLayoutProps {
  title: ReactNode;
  children: ReactNode;
}

/**
 * The page a service (GitHub, an MCP server's sign-in, OpenRouter) sends the person back to:
 * Mason's logo and one card, outside the app frame.
 * The progress is a status and a failure an alert, so each is read out when it comes.
 */
export function CallbackLayout({ title, children }: CallbackLayoutProps) {
  const titleId = useId();
  return (
    <StyledPage>
      <StyledColumn>
        <StyledLogo>
          <Logo />
        </StyledLogo>
        <StyledCard aria-labelledby={titleId}>
          <StyledTitle id={titleId}>{title}</StyledTitle>
          {children}
        </StyledCard>
      </StyledColumn>
    </StyledPage>
  );
}
