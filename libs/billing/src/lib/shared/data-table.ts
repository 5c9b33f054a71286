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

/**
 * A table whose rows become small cards on a phone instead of scrolling sideways: the row's
 * heading on top, then each cell on its own line after its column's name (the cell's
 * `data-label`). From the `sm` breakpoint up it is the plain table.
 */
export const StyledStackingTable = styled(StyledTable)`
  @media (width < ${({ theme }) => theme.breakpoints.sm}) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }

    tbody tr {
      display: grid;
      gap: ${({ theme }) => theme.space[1.5]};
      padding: ${({ theme }) => `${theme.space[3]} 0`};
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }

    tbody tr:last-child {
      border-bottom: 0;
    }

    tbody th,
    tbody td {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: ${({ theme }) => theme.space[2]};
      padding: 0;
      border: 0;
      text-align: start;
      white-space: normal;
    }

    /* The row's heading (a payment's description, a person's name) tops its card. */
    tbody th {
      order: -1;
      font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
    }

    tbody td[data-label]::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.colors.mutedForeground};
    }
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
