import styled from 'styled-components';
import type { TaskLogOf } from '@mason/contract';
import { FileIcon, VisuallyHidden } from '@mason/ui-kit';
import { StyledMono, StyledQuiet } from '../entry-looks/entry-looks';

const CHANGE_VERBS = { CREATED: 'Created', UPDATED: 'Updated', DELETED: 'Deleted' } as const;

const StyledCounts = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.space[1.5]};
  flex-shrink: 0;
  font-family: ${({ theme }) => theme.typography.fonts.mono};
`;

const StyledAdded = styled.span`
  color: ${({ theme }) => theme.colors.successText};
`;

const StyledRemoved = styled.span`
  color: ${({ theme }) => theme.colors.destructiveText};
`;

export interface FileChangeProps {
  log: TaskLogOf<'FILE_CHANGE'>;
}

/** A file the turn created, updated or deleted, with the lines added and removed. */
export function FileChange({ log }: FileChangeProps) {
  const { path, change, additions, deletions } = log.payload;
  return (
    <StyledQuiet>
      <FileIcon size={12} />
      <span>{CHANGE_VERBS[change]}</span>
      <StyledMono title={path}>{path}</StyledMono>
      <StyledCounts>
        <StyledAdded aria-hidden="true">+{additions}</StyledAdded>
        <StyledRemoved aria-hidden="true">−{deletions}</StyledRemoved>
        <VisuallyHidden>
          {additions} {additions === 1 ? 'line' : 'lines'} added, {deletions}{' '}
          {deletions === 1 ? 'line' : 'lines'} removed
        </VisuallyHidden>
      </StyledCounts>
    </StyledQuiet>
  );
}
