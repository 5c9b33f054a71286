import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { SetEnvVariableRequestSchema, type EnvVariable } from '@mason/contract';
import { isApiError, useSetEnvVariableMutation } from '@mason/api-client';
import {
  Alert,
  Button,
  EyeIcon,
  EyeOffIcon,
  PencilIcon,
  TextField,
  TrashIcon,
  VisuallyHidden,
  useContractForm,
} from '@mason/ui-kit';
import { EnvVariableScope } from './env-variable-scope';

const StyledRow = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[4]} ${theme.space[4]}`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  &:first-child {
    border-top: 0;
  }
`;

const StyledSummary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledName = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

const StyledKey = styled.code`
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  overflow-wrap: anywhere;
`;

const StyledValue = styled.code<{ $masked: boolean }>`
  display: block;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.muted};
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  color: ${({ theme, $masked }) => ($masked ? theme.colors.mutedForeground : theme.colors.foreground)};
  letter-spacing: ${({ $masked }) => ($masked ? '0.2em' : 'normal')};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledEditForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

/** The same dots for every value: a masked value does not tell its length. */
const MASK = '••••••••••';

export interface EnvVariableRowProps {
  projectId: string;
  variable: EnvVariable;
  /** The new value was stored. */
  onSaved: (variable: EnvVariable) => void;
  /** The person asked to delete the variable (the screen confirms it). */
  onDelete: (key: string) => void;
}

/** One variable: its key, where it goes, its value masked (a toggle shows it), edit and delete. */
export function EnvVariableRow({ projectId, variable, onSaved, onDelete }: EnvVariableRowProps) {
  const { key, value } = variable;
  const [revealed, setRevealed] = useState(false);
  const [editing, setEditing] = useState(false);
  const valueId = useId();
  const scopeId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // Leaving the edit form (saved or cancelled) puts focus back on Edit, where it was.
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);
  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  return (
    <StyledRow aria-label={key}>
      <StyledSummary>
        <StyledName>
          <StyledKey>{key}</StyledKey>
          <EnvVariableScope id={scopeId} variableKey={key} />
        </StyledName>
        {!editing && (
          <StyledActions>
            <Button
              variant={revealed ? 'secondary' : 'ghost'}
              size="sm"
              aria-pressed={revealed}
              aria-controls={valueId}
              aria-label={`Show value of ${key}`}
              leadingIcon={revealed ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
              onClick={() => setRevealed((shown) => !shown)}
            >
              Show value
            </Button>
            <Button
              ref={editButton}
              variant="outline"
              size="sm"
              aria-label={`Edit ${key}`}
              leadingIcon={<PencilIcon size={16} />}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Delete ${key}`}
              leadingIcon={<TrashIcon size={16} />}
              onClick={() => onDelete(key)}
            >
              Delete
            </Button>
          </StyledActions>
        )}
      </StyledSummary>
      {editing ? (
        <EditValueForm
          projectId={projectId}
          variable={variable}
          onCancel={stopEditing}
          onSaved={(saved) => {
            stopEditing();
            onSaved(saved);
          }}
        />
      ) : (
        <StyledValue id={valueId} $masked={!revealed} aria-describedby={scopeId}>
          {revealed ? (
            value || <em>(empty)</em>
          ) : (
            <>
              <span aria-hidden="true">{MASK}</span>
              <VisuallyHidden>Value of {key} hidden</VisuallyHidden>
            </>
          )}
        </StyledValue>
      )}
    </StyledRow>
  );
}

interface EditValueFormProps {
  projectId: string;
  variable: EnvVariable;
  onCancel: () => void;
  onSaved: (variable: EnvVariable) => void;
}

/** A new value for one variable (the key stays). */
function EditValueForm({ projectId, variable, onCancel, onSaved }: EditValueFormProps) {
  const [setVariable, { isLoading, error }] = useSetEnvVariableMutation();
  const form = useContractForm(SetEnvVariableRequestSchema, {
    key: variable.key,
    value: variable.value,
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      onSaved(await setVariable({ projectId, ...body }).unwrap());
    } catch (caught) {
      if (isApiError(caught)) form.showServerErrors(caught.fieldErrors);
    }
  });
  const formError = isApiError(error) && !error.fieldErrors?.['value'] ? error.message : null;
  return (
    <StyledEditForm onSubmit={onSubmit} noValidate aria-label={`Editing ${variable.key}`}>
      <TextField
        label={`New value of ${variable.key}`}
        autoComplete="off"
        spellCheck={false}
        autoFocus
        {...form.field('value')}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !isLoading) onCancel();
        }}
      />
      {formError && <Alert tone="error">{formError}</Alert>}
      <StyledActions>
        <Button type="submit" size="sm" loading={isLoading} loadingText="Saving…">
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel} disabled={isLoading}>
          Cancel
        </Button>
      </StyledActions>
    </StyledEditForm>
  );
}
