import styled from 'styled-components';
import { Spinner } from '@mason/ui-kit';

const StyledLoading = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[12]} ${theme.space[4]}`};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

/** A loading block: the spinner is announced with `label`, the same words show beside it. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <StyledLoading>
      <Spinner size="md" label={label} />
      <span aria-hidden="true">{label}…</span>
    </StyledLoading>
  );
}
