import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { DatabaseAttachRequestSchema, ErrorMessages, type ProjectDatabase } from '@mason/contract';
import { isApiError, useAttachDatabaseMutation } from '@mason/api-client';
import { Alert, Button, TextField, useContractForm } from '@mason/ui-kit';
import { StyledText } from '../shared/plain-text';
import { StyledActions, StyledStack } from '../shared/section-styles';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledChoices = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  border: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  legend {
    margin-bottom: ${({ theme }) => theme.space[2]};
    padding: 0;
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  }

  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
    min-height: 2.75rem;
    cursor: pointer;
  }

  input {
    width: 1rem;
    height: 1rem;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

type Provider = 'SUPABASE' | 'POSTGRES';

export interface AttachDatabaseFormProps {
  projectId: string;
  /** Called with the project's database once the service is attached. */
  onAttached: (database: ProjectDatabase) => void;
  onCancel: () => void;
}

const EMPTY = {
  provider: 'SUPABASE' as Provider,
  projectUrl: '',
  anonKey: '',
  databasePassword: '',
  connectionUrl: '',
};

/**
 * Attaching a database service (POST /projects/:id/supabase/attach, up to 30 s): a Supabase
 * project's URL, anon key and database password, or a PostgreSQL connection URL. Checked with the
 * contract's schema first; the server's refusals show at the field they concern (a wrong password
 * at the password field, as the catalogue words it), anything else above the form.
 */
export function AttachDatabaseForm({ projectId, onAttached, onCancel }: AttachDatabaseFormProps) {
  const [attach, { isLoading }] = useAttachDatabaseMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(DatabaseAttachRequestSchema, EMPTY);
  const provider = form.values.provider as Provider;
  const legendId = useId();
  const firstChoice = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstChoice.current?.focus();
  }, []);

  const onSubmit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      const { database } = await attach({ projectId, ...body }).unwrap();
      onAttached(database);
    } catch (caught) {
      if (isApiError(caught) && caught.fieldErrors && Object.keys(caught.fieldErrors).length > 0) {
        form.showServerErrors(caught.fieldErrors);
      } else if (isApiError(caught) && caught.message === ErrorMessages.databasePasswordInvalid) {
        form.showServerErrors({ databasePassword: caught.message });
      } else {
        setError(
          isApiError(caught)
            ? caught.message
            : 'Mason could not attach the database. Check your connection, then try again.',
        );
      }
    }
  });

  const choose = (value: Provider) => () => form.setValue('provider', value);

  return (
    <StyledForm onSubmit={onSubmit} noValidate aria-label="Attach a database service">
      <StyledText>
        The app then keeps its data there, in the preview and once published. Mason checks that it
        can connect first, and keeps the password and keys encrypted.
      </StyledText>
      {error && (
        <Alert tone="error" title="The database is not attached">
          {error}
        </Alert>
      )}
      <StyledChoices aria-labelledby={legendId}>
        <legend id={legendId}>Service</legend>
        <label>
          <input
            ref={firstChoice}
            type="radio"
            name="provider"
            value="SUPABASE"
            checked={provider === 'SUPABASE'}
            onChange={choose('SUPABASE')}
          />
          Supabase project
        </label>
        <label>
          <input
            type="radio"
            name="provider"
            value="POSTGRES"
            checked={provider === 'POSTGRES'}
            onChange={choose('POSTGRES')}
          />
          PostgreSQL database
        </label>
      </StyledChoices>
      {provider === 'SUPABASE' ? (
        <StyledStack>
          <TextField
            label="Project URL"
            hint="In Supabase: Project Settings → API."
            placeholder="https://abcdefghijklmnopqrst.supabase.co"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="url"
            {...form.field('projectUrl')}
          />
          <TextField
            label="Anon (public) key"
            hint="The key the app carries. Never the service role key."
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...form.field('anonKey')}
          />
          <TextField
            label="Database password"
            hint="The one set when the project was made (Project Settings → Database)."
            type="password"
            autoComplete="off"
            {...form.field('databasePassword')}
          />
        </StyledStack>
      ) : (
        <TextField
          label="Connection URL"
          hint="Add ?sslmode=disable only for a server on a network you trust."
          placeholder="postgres://user:password@host:5432/database"
          type="password"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('connectionUrl')}
        />
      )}
      <StyledActions>
        <Button type="submit" loading={isLoading} loadingText="Connecting…">
          Attach database
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={isLoading}>
          Cancel
        </Button>
      </StyledActions>
    </StyledForm>
  );
}
