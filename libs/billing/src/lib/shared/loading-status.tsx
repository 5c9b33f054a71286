import styled from 'styled-components';
import { Spinner } from '@mason/ui-kit';

const StyledStatus = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[10]} ${theme.space[4]}`};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

/** Something is on its way: a spinner and the words, announced politely once. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <StyledStatus role="status">
      <Spinner size="md" decorative />
      <span>{label}</span>
    </StyledStatus>
  );
}
