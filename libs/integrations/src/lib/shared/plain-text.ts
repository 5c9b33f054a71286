import styled from 'styled-components';

/** A plain sentence of an integration's card or section, with `code` for names to set. */
export const StyledText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};

  code {
    padding: 0 ${({ theme }) => theme.space[1]};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.muted};
    color: ${({ theme }) => theme.colors.foreground};
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    font-size: 0.92em;
    overflow-wrap: anywhere;
  }
`;
