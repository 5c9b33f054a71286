import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { DatabaseAttachRequestSchema, ErrorMessages, type ProjectDatabase } from '@mason/contract';
import {
  isApiError,
  useAttachDatabaseMutation,
  useGetSupabaseIntegrationQuery,
  useGetSupabaseProjectsQuery,
} from '@mason/api-client';
import {
  Alert,
  Button,
  FormField,
  Select,
  Spinner,
  TextField,
  TextLink,
  useContractForm,
} from '@mason/ui-kit';
import { StyledText } from '../shared/plain-text';
import { StyledActions, StyledStack } from '../shared/section-styles';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding-top: ${({ theme }) => theme.space[4]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const StyledFormHeading = styled.h4`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
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

/** What the person chose: a Supabase project or a PostgreSQL database. */
type Choice = 'SUPABASE' | 'POSTGRES';
/** How the request names it (a connected account's project is named by its reference). */
type Provider = Choice | 'SUPABASE_ACCOUNT';

export interface AttachDatabaseFormProps {
  projectId: string;
  /** Called with the project's database once the service is attached. */
  onAttached: (database: ProjectDatabase) => void;
  onCancel: () => void;
}

const EMPTY = {
  provider: 'SUPABASE' as Provider,
  projectRef: '',
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
  const [choice, setChoice] = useState<Choice>('SUPABASE');
  const [pasteKeys, setPasteKeys] = useState(false);
  const supabase = useGetSupabaseIntegrationQuery();
  const fromAccount = choice === 'SUPABASE' && !pasteKeys && supabase.data?.connection != null;
  const provider: Provider =
    choice === 'POSTGRES' ? 'POSTGRES' : fromAccount ? 'SUPABASE_ACCOUNT' : 'SUPABASE';
  const legendId = useId();
  const firstChoice = useRef<HTMLInputElement>(null);
  const { setValue } = form;

  useEffect(() => {
    firstChoice.current?.focus();
  }, []);
  // The body names what is shown: the schema checks the fields of that kind only.
  useEffect(() => {
    setValue('provider', provider);
  }, [provider, setValue]);

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

  const choose = (value: Choice) => () => setChoice(value);
  const passwordField = (
    <TextField
      label="Database password"
      hint="The one set when the project was made (Project Settings → Database)."
      type="password"
      autoComplete="off"
      {...form.field('databasePassword')}
    />
  );

  return (
    <StyledForm onSubmit={onSubmit} noValidate aria-label="Attach a database service">
      <StyledFormHeading>Attach a database service</StyledFormHeading>
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
            checked={choice === 'SUPABASE'}
            onChange={choose('SUPABASE')}
          />
          Supabase project
        </label>
        <label>
          <input
            type="radio"
            name="provider"
            value="POSTGRES"
            checked={choice === 'POSTGRES'}
            onChange={choose('POSTGRES')}
          />
          PostgreSQL database
        </label>
      </StyledChoices>
      {provider === 'SUPABASE_ACCOUNT' ? (
        <StyledStack>
          <AccountProjects
            field={form.field('projectRef')}
            onChoose={(ref) => form.setValue('projectRef', ref)}
          />
          {passwordField}
          <StyledText>
            <TextLink as="button" type="button" onClick={() => setPasteKeys(true)}>
              Paste a project’s URL and anon key instead
            </TextLink>
          </StyledText>
        </StyledStack>
      ) : provider === 'SUPABASE' ? (
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
          {passwordField}
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

interface AccountProjectsProps {
  field: { name: string; value: string; error?: string };
  onChoose: (ref: string) => void;
}

/** The connected Supabase account's projects to choose from (GET /supabase/projects). */
function AccountProjects({ field, onChoose }: AccountProjectsProps) {
  const projects = useGetSupabaseProjectsQuery();
  const list = projects.data?.projects;
  const first = list?.[0]?.ref;

  // The first project is chosen until the person chooses another.
  useEffect(() => {
    if (first && !field.value) onChoose(first);
  }, [first, field.value, onChoose]);

  if (projects.isLoading) return <Spinner label="Loading your Supabase projects" />;
  if (!list)
    return (
      <Alert tone="error" title="Your Supabase projects could not be loaded">
        {isApiError(projects.error)
          ? projects.error.message
          : 'Check your connection, then try again.'}
      </Alert>
    );
  if (list.length === 0)
    return (
      <Alert tone="info" title="Your Supabase account has no projects">
        Create one on Supabase, or paste another project’s URL and anon key.
      </Alert>
    );
  return (
    <FormField label="Supabase project" error={field.error}>
      <Select
        name={field.name}
        value={field.value}
        onChange={(event) => onChoose(event.target.value)}
      >
        {list.map((project) => (
          <option key={project.ref} value={project.ref}>
            {project.name} ({project.ref})
            {project.status === 'ACTIVE_HEALTHY'
              ? ''
              : `, ${project.status.toLowerCase().replaceAll('_', ' ')}`}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
