import styled from 'styled-components';

/** A plain data table (payments, cost by project): rows ruled, numbers aligned to the end. */
export const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  th,
  td {
    padding: ${({ theme }) => `${theme.space[2.5]} ${theme.space[3]}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: start;
    vertical-align: middle;
  }

  thead th {
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  }

  /* A row's name (a project, a payment) reads as text, not as a column heading. */
  tbody th {
    font-weight: ${({ theme }) => theme.typography.fontWeights.regular};
  }

  tbody tr:last-child > * {
    border-bottom: 0;
  }

  [data-align='end'] {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
`;

/** Lets a wide table scroll sideways on a narrow screen instead of squeezing its columns. */
export const StyledTableScroll = styled.div`
  overflow-x: auto;
`;

/** A short line under a panel's content ("2 turns were not charged…"). */
export const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;
