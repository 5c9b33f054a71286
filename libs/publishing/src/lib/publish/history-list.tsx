// The publish dialog's lists (its deployments, its database backups): one bordered list of rows.
import styled from 'styled-components';

export const StyledHistoryList = styled.ol`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

export const StyledHistoryItem = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[3]}`};

  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export const StyledHistoryTitle = styled.span`
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
`;

export const StyledHistoryDetail = styled.span`
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

export const StyledHistoryWhen = styled.time`
  flex: 1;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  white-space: nowrap;
`;

export const StyledHistoryNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
`;
