import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import { ImportProjectFormSchema } from '@mason/contract';
import { isApiError, useCreateProjectMutation } from '@mason/api-client';
import {
  Button,
  FormField,
  Page,
  PageHeader,
  TextField,
  Textarea,
  useContractForm,
} from '@mason/ui-kit';
import { useProjectsPaths } from '../projects-paths/projects-paths';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
  padding: ${({ theme }) => theme.space[6]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.card};
`;

const StyledFieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledProgress = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const FIELDS = ['repositoryUrl', 'branch', 'name', 'description'] as const;

/**
 * /dashboard/projects/existing: the person gives a public git repository's address (and may
 * name a branch, the project, and a first change); POST /projects imports it as an EXTERNAL
 * project, its files the first version, and the workspace opens. Why an address cannot be
 * imported (not a repository, a private network, too large) shows under the address.
 */
export function ImportProjectScreen() {
  const paths = useProjectsPaths();
  const navigate = useNavigate();
  const [createProject, { isLoading: importing }] = useCreateProjectMutation();
  const form = useContractForm(
    ImportProjectFormSchema,
    { repositoryUrl: '', branch: '', name: '', description: '' },
    ['branch', 'name', 'description'],
  );
  const fieldRefs = useRef<Partial<Record<(typeof FIELDS)[number], HTMLElement | null>>>({});
  const [attempt, setAttempt] = useState(0);

  // After a submit with problems, focus goes to the first field that has one.
  useEffect(() => {
    if (attempt === 0) return;
    const first = FIELDS.find((field) => form.errors[field]);
    if (first) fieldRefs.current[first]?.focus();
    // Only when a new attempt reports errors, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const send = form.handleSubmit(async (body) => {
    try {
      const { project } = await createProject({ type: 'EXTERNAL', ...body }).unwrap();
      navigate(paths.project(project.id));
    } catch (caught) {
      if (isApiError(caught)) {
        // The server's own sentence says why this address cannot be imported.
        const reason = caught.serverMessage ?? caught.message;
        form.showServerErrors(caught.fieldErrors ?? { repositoryUrl: reason });
      }
      setAttempt((count) => count + 1);
    }
  });

  const onSubmit = (event: FormEvent) => {
    send(event);
    setAttempt((count) => count + 1);
  };

  const ref = (field: (typeof FIELDS)[number]) => (element: HTMLElement | null) => {
    fieldRefs.current[field] = element;
  };

  return (
    <Page width="narrow">
      <PageHeader
        title="Import a project"
        description="Bring the code of a public git repository into Mason: it becomes a project you can preview and change by chatting."
      />
      <StyledForm aria-label="Import a project" noValidate onSubmit={onSubmit}>
        <StyledFieldset disabled={importing} aria-busy={importing || undefined}>
          <TextField
            ref={ref('repositoryUrl')}
            label="Repository address"
            required
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://github.com/owner/name"
            hint="The address you would clone, on GitHub, GitLab, Bitbucket or your own git server. The repository must be public."
            {...form.field('repositoryUrl')}
          />
          <TextField
            ref={ref('branch')}
            label="Branch"
            optional
            autoComplete="off"
            spellCheck={false}
            placeholder="main"
            hint="Left empty, Mason imports the repository's default branch."
            {...form.field('branch')}
          />
          <TextField
            ref={ref('name')}
            label="Project name"
            optional
            autoComplete="off"
            hint="Left empty, the project takes the repository's name."
            {...form.field('name')}
          />
          <FormField
            label="What to change first"
            optional
            error={form.errors.description}
            hint="Left empty, Mason imports the code and waits for your first message."
          >
            <Textarea
              ref={ref('description')}
              name="description"
              rows={4}
              value={form.values.description}
              placeholder="Add a dark mode toggle to the header."
              onChange={(event) => form.setValue('description', event.target.value)}
            />
          </FormField>
        </StyledFieldset>
        {importing ? (
          <StyledProgress role="status">
            Copying the repository’s files. A large repository can take a minute.
          </StyledProgress>
        ) : null}
        <StyledActions>
          <Button as={Link} to={paths.dashboard} variant="ghost">
            Cancel
          </Button>
          <Button type="submit" loading={importing} loadingText="Importing…">
            Import project
          </Button>
        </StyledActions>
      </StyledForm>
    </Page>
  );
}
