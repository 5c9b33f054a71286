import styled from 'styled-components';
import type { TaskLogOf } from '@mason/contract';
import { Badge, Button, RotateCcwIcon } from '@mason/ui-kit';
import { useChatContext } from '../chat-context/chat-context';

const StyledVersion = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.card};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const StyledVersionText = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;

  small {
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-size: ${({ theme }) => theme.typography.fontSizes.xs};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

export interface VersionEntryProps {
  log: TaskLogOf<'VERSION'>;
}

/** A version the turn made: "Current", or a revert to it (offered when the assistant is idle). */
export function VersionEntry({ log }: VersionEntryProps) {
  const { currentVersionId, canRevert, requestRevert } = useChatContext();
  const { versionId, index } = log.payload;
  const title = `Version ${index}`;
  const current = currentVersionId === versionId;
  return (
    <StyledVersion>
      <StyledVersionText>
        <strong>{title}</strong>
        {log.content && log.content !== title && <small title={log.content}>{log.content}</small>}
      </StyledVersionText>
      {current ? (
        <Badge variant="success">Current</Badge>
      ) : (
        <Button
          size="sm"
          variant="outline"
          leadingIcon={<RotateCcwIcon size={14} />}
          disabled={!canRevert}
          title={canRevert ? undefined : 'Wait for the assistant to finish before reverting.'}
          aria-label={`Revert to version ${index}`}
          onClick={() => requestRevert({ versionId, index })}
        >
          Revert
        </Button>
      )}
    </StyledVersion>
  );
}
