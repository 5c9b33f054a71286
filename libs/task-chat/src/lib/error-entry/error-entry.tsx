import styled from 'styled-components';
import type { TaskLogOf } from '@mason/contract';
import { AlertCircleIcon } from '@mason/ui-kit';
import { StyledPlainText } from '../entry-looks/entry-looks';

const StyledError = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2.5]};
  padding: ${({ theme }) => `${theme.space[2.5]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.destructiveText};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.destructiveSubtle};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  > svg {
    flex-shrink: 0;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.destructiveText};
  }
`;

export interface ErrorEntryProps {
  log: TaskLogOf<'ERROR'>;
}

/** An error of the turn (a failed build, a provider that refused). Announced by the status bar. */
export function ErrorEntry({ log }: ErrorEntryProps) {
  return (
    <StyledError aria-label="Error">
      <AlertCircleIcon size={16} />
      <StyledPlainText>{log.content}</StyledPlainText>
    </StyledError>
  );
}
