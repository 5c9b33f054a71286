import styled from 'styled-components';
import { SetEnvVariableRequestSchema, VITE_ENV_PREFIX, type EnvVariable } from '@mason/contract';
import { isApiError, useSetEnvVariableMutation } from '@mason/api-client';
import { Alert, Button, PlusIcon, TextField, useContractForm } from '@mason/ui-kit';
import { envVariableScope } from './env-variable-scope';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const StyledFields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: minmax(0, 1fr);

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  }
`;

const StyledActions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

export interface AddEnvVariableFormProps {
  projectId: string;
  /** The keys the project has: saving one of them replaces its value. */
  existingKeys: readonly string[];
  /** The variable was stored. */
  onSaved: (variable: EnvVariable) => void;
}

/** Adds a variable (or replaces one with the same key), checked by the contract's schema first. */
export function AddEnvVariableForm({ projectId, existingKeys, onSaved }: AddEnvVariableFormProps) {
  const [setVariable, { isLoading, error, reset }] = useSetEnvVariableMutation();
  const form = useContractForm(SetEnvVariableRequestSchema, { key: '', value: '' });
  const typedKey = form.values.key.trim();
  const keyHint = existingKeys.includes(typedKey)
    ? `${typedKey} exists already: saving replaces its value.`
    : typedKey && !form.errors.key
      ? `${envVariableScope(typedKey)}.`
      : `Letters, digits and underscores. Start it with ${VITE_ENV_PREFIX} to read it in the app’s code; other names stay on Mason’s server.`;

  const onSubmit = form.handleSubmit(async (variable) => {
    reset();
    try {
      const saved = await setVariable({ projectId, ...variable }).unwrap();
      form.setValue('key', '');
      form.setValue('value', '');
      onSaved(saved);
    } catch (caught) {
      if (isApiError(caught)) form.showServerErrors(caught.fieldErrors);
    }
  });

  // A refusal that names a field shows beside it; anything else shows above the button.
  const formError =
    isApiError(error) && !error.fieldErrors?.['key'] && !error.fieldErrors?.['value']
      ? error.message
      : null;

  return (
    <StyledForm onSubmit={onSubmit} noValidate aria-label="Add a variable">
      <StyledFields>
        <TextField
          label="Key"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint={keyHint}
          {...form.field('key')}
        />
        <TextField
          label="Value"
          autoComplete="off"
          spellCheck={false}
          hint="Stored encrypted. Mason’s assistant sees the key, never the value."
          {...form.field('value')}
        />
      </StyledFields>
      {formError && <Alert tone="error">{formError}</Alert>}
      <StyledActions>
        <Button
          type="submit"
          leadingIcon={<PlusIcon size={16} />}
          loading={isLoading}
          loadingText="Saving…"
        >
          Save variable
        </Button>
      </StyledActions>
    </StyledForm>
  );
}
