import { useId } from 'react';
import styled from 'styled-components';
import { selectionKey, type PendingEdit } from '@mason/preview-state';
import { Button, RotateCcwIcon } from '@mason/ui-kit';
import {
  countChanges,
  describeChange,
  elementLabel,
  sourceLocation,
} from '../describe-edit/describe-edit';

export interface PendingEditsListProps {
  readonly edits: readonly PendingEdit[];
  /** Drops one staged change (the preview shows that element as saved again). */
  readonly onUndo: (edit: PendingEdit) => void;
  readonly disabled?: boolean;
}

const StyledSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledTitle = styled.h3`
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  color: ${({ theme }) => theme.colors.foreground};
`;

const StyledList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledItem = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[2]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const StyledItemText = styled.div`
  flex: 1;
  min-width: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  line-height: ${({ theme }) => theme.typography.lineHeights.snug};
`;

const StyledElement = styled.code`
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  color: ${({ theme }) => theme.colors.foreground};
`;

const StyledChange = styled.p`
  color: ${({ theme }) => theme.colors.mutedForeground};
  overflow-wrap: anywhere;
`;

/** The staged changes, one per element, each with what it changes and a way to undo it. */
export function PendingEditsList({ edits, onUndo, disabled = false }: PendingEditsListProps) {
  const titleId = useId();
  if (edits.length === 0) return null;
  return (
    <StyledSection aria-labelledby={titleId}>
      <StyledTitle id={titleId}>Not saved yet: {countChanges(edits.length)}</StyledTitle>
      <StyledList>
        {edits.map((edit) => {
          const label = elementLabel(edit.selection);
          return (
            <StyledItem key={selectionKey(edit.selection)}>
              <StyledItemText>
                <StyledElement>{label}</StyledElement>
                <StyledChange>{describeChange(edit)}</StyledChange>
              </StyledItemText>
              <Button
                variant="ghost"
                size="sm"
                leadingIcon={<RotateCcwIcon size={14} />}
                aria-label={`Undo the change to ${label} (${sourceLocation(edit.selection)})`}
                disabled={disabled}
                onClick={() => onUndo(edit)}
              >
                Undo
              </Button>
            </StyledItem>
          );
        })}
      </StyledList>
    </StyledSection>
  );
}
