import { useId, useState } from 'react';
import styled from 'styled-components';
import { EditorFieldset, EditorLegend } from '../editor-fieldset/editor-fieldset';
import { Button, Input, PlusIcon, Text, TrashIcon } from '@mason/ui-kit';
import { styleRowProblems, type StyleRow } from '../edit-draft/edit-draft';

export interface StyleRowsEditorProps {
  readonly rows: readonly StyleRow[];
  readonly onChange: (rows: readonly StyleRow[]) => void;
}

const StyledRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space[2]};
  align-items: center;
`;

const StyledMonoInput = styled(Input)`
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledProblem = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  color: ${({ theme }) => theme.colors.destructiveText};
`;

const StyledAddButton = styled(Button)`
  align-self: flex-start;
`;

/** Names a row in labels: its property, or its place while the property is still empty. */
function rowName(row: StyleRow, index: number): string {
  return row.property.trim() || `property ${index + 1}`;
}

/** The element's inline style as property / value rows: change, add and remove them. */
export function StyleRowsEditor({ rows, onChange }: StyleRowsEditorProps) {
  const id = useId();
  const [focusRowId, setFocusRowId] = useState<number | null>(null);
  const problems = styleRowProblems(rows);

  const update = (rowId: number, patch: Partial<Omit<StyleRow, 'id'>>) =>
    onChange(rows.map((row) => (row.id === rowId ? { ...row, ...patch } : row)));

  const add = () => {
    const rowId = rows.reduce((highest, row) => Math.max(highest, row.id), 0) + 1;
    setFocusRowId(rowId);
    onChange([...rows, { id: rowId, property: '', value: '' }]);
  };

  return (
    <EditorFieldset>
      <EditorLegend>Style</EditorLegend>
      {rows.length === 0 ? (
        <Text size="xs" tone="muted">
          This element has no inline style.
        </Text>
      ) : null}
      {rows.map((row, index) => {
        const name = rowName(row, index);
        const problem = problems.get(row.id);
        const problemId = `${id}-problem-${row.id}`;
        return (
          <div key={row.id}>
            <StyledRow>
              <StyledMonoInput
                size="sm"
                aria-label={`Property ${index + 1}`}
                placeholder="property"
                spellCheck={false}
                autoFocus={row.id === focusRowId}
                value={row.property}
                invalid={problem !== undefined}
                aria-describedby={problem ? problemId : undefined}
                onChange={(event) => update(row.id, { property: event.target.value })}
              />
              <StyledMonoInput
                size="sm"
                aria-label={`Value of ${name}`}
                placeholder="value"
                spellCheck={false}
                value={row.value}
                onChange={(event) => update(row.id, { value: event.target.value })}
              />
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${name}`}
                onClick={() => onChange(rows.filter((item) => item.id !== row.id))}
              >
                <TrashIcon size={14} />
              </Button>
            </StyledRow>
            {problem ? <StyledProblem id={problemId}>{problem}</StyledProblem> : null}
          </div>
        );
      })}
      <StyledAddButton
        variant="outline"
        size="sm"
        leadingIcon={<PlusIcon size={14} />}
        onClick={add}
      >
        Add a property
      </StyledAddButton>
    </EditorFieldset>
  );
}
