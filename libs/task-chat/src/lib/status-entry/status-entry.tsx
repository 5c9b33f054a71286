import styled from 'styled-components';
import type { TaskLogOf } from '@mason/contract';
import { formatDateTime } from '../format/format-time';

const StyledDivider = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};

  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${({ theme }) => theme.colors.border};
  }
`;

export interface StatusEntryProps {
  log: TaskLogOf<'STATUS'>;
}

/** A change of the task's state ("Paused", "Done") as a divider; its time on hover. */
export function StatusEntry({ log }: StatusEntryProps) {
  return (
    <StyledDivider>
      <span title={formatDateTime(log.createdAt)}>{log.content}</span>
    </StyledDivider>
  );
}
