import styled from 'styled-components';

/** A centred column for a marketing page's content. */
export const StyledContainer = styled.div`
  width: 100%;
  max-width: 72rem;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space[4]};

  ${({ theme }) => theme.media.md} {
    padding: 0 ${({ theme }) => theme.space[8]};
  }
`;

export const StyledEyebrow = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.wide};
  text-transform: uppercase;
`;

export const StyledPageTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes['4xl']};
  font-weight: ${({ theme }) => theme.typography.fontWeights.bold};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.tighter};
  line-height: ${({ theme }) => theme.typography.lineHeights.tight};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.typography.fontSizes['5xl']};
  }
`;

export const StyledLead = styled.p`
  margin: 0;
  max-width: 40rem;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.lg};
  line-height: ${({ theme }) => theme.typography.lineHeights.relaxed};
`;

export const StyledFooter = styled.footer`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding: ${({ theme }) => theme.space[8]} 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  nav {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[6]};
  }
  a {
    color: inherit;
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.foreground};
  }
`;
