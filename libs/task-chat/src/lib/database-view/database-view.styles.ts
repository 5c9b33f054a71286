import styled from 'styled-components';

export const StyledSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
`;

export const StyledTableScroll = styled.div`
  overflow: auto;
  max-width: 100%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

export const StyledDataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  th,
  td {
    padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[2]}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: middle;
    white-space: nowrap;
  }

  th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.colors.muted};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  }

  td {
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    max-width: 320px;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

export const StyledNull = styled.span`
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-style: italic;
`;

export const StyledMuted = styled.span`
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

export const StyledToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

export const StyledCenter = styled.div`
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space[6]};
`;
