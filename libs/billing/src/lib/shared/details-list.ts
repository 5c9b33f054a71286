import styled from 'styled-components';

/** What a checkout or a receipt is for, as label and value pairs: labels muted, values at the end. */
export const StyledDetailsList = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[6]}`};
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  dt {
    color: ${({ theme }) => theme.colors.mutedForeground};
  }

  dd {
    margin: 0;
    text-align: end;
    overflow-wrap: anywhere;
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  }
`;
