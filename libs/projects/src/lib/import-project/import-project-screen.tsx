import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import { ImportProjectFormSchema, type CreateProjectRequest } from '@mason/contract';
import { isApiError, useCreateProjectMutation } from '@mason/api-client';
import {
  Button,
  FormField,
  Page,
  PageHeader,
  Tabs,
  TextField,
  Textarea,
  useContractForm,
} from '@mason/ui-kit';
import {
  StyledProjectFieldset,
  StyledProjectForm,
  StyledProjectFormActions,
} from '../project-form/project-form-styles';
import { useProjectsPaths } from '../projects-paths/projects-paths';

const StyledFields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
  min-width: 0;
`;

const StyledProgress = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

/** A repository of the person's GitHub account to import, and its branch. */
export interface GithubRepositorySelection {
  readonly repositoryId: string;
  readonly branch: string;
  /** The repository's name (what the project is called unless named). */
  readonly name: string;
}

/** What the screen gives the GitHub source it shows (the shell's: integrations' picker). */
export interface GithubSourceProps {
  onChange: (selection: GithubRepositorySelection | null) => void;
  error?: string;
}

export type ImportSource = 'address' | 'github';

export interface ImportProjectScreenProps {
  /**
   * The "Your GitHub" source: the connected account's repositories to pick from. Absent: public
   * repositories by address only.
   */
  githubSource?: (props: GithubSourceProps) => ReactNode;
  /** The source shown first (the GitHub one after connecting GitHub for an import). */
  initialSource?: ImportSource;
}

const FIELDS = ['repositoryUrl', 'branch', 'name', 'description'] as const;
const PICK_A_REPOSITORY = 'Pick the repository to import.';
const ENTER_AN_ADDRESS = 'Enter the address of the repository to import.';

/**
 * /dashboard/projects/existing: the person gives a public git repository's address (and may
 * name a branch), or picks a repository of their connected GitHub account and its branch; may
 * name the project and a first change; POST /projects imports it as an EXTERNAL project, its
 * files the first version, and the workspace opens. Why it cannot be imported (not a repository,
 * a private network, too large) shows under the address.
 */
export function ImportProjectScreen({
  githubSource,
  initialSource = 'address',
}: ImportProjectScreenProps) {
  const paths = useProjectsPaths();
  const navigate = useNavigate();
  const [createProject, { isLoading: importing }] = useCreateProjectMutation();
  const [source, setSource] = useState<ImportSource>(githubSource ? initialSource : 'address');
  const [selection, setSelection] = useState<GithubRepositorySelection | null>(null);
  const [githubError, setGithubError] = useState<string | undefined>();
  const form = useContractForm(
    ImportProjectFormSchema,
    { repositoryUrl: '', branch: '', name: '', description: '' },
    ['repositoryUrl', 'branch', 'name', 'description'],
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
    const { repositoryUrl, branch, ...rest } = body;
    let request: CreateProjectRequest;
    if (source === 'github') {
      if (!selection) {
        setGithubError(PICK_A_REPOSITORY);
        return;
      }
      request = {
        type: 'EXTERNAL',
        repositoryId: selection.repositoryId,
        branch: selection.branch,
        ...rest,
      };
    } else {
      if (!repositoryUrl) {
        form.showServerErrors({ repositoryUrl: ENTER_AN_ADDRESS });
        setAttempt((count) => count + 1);
        return;
      }
      request = { type: 'EXTERNAL', repositoryUrl, ...(branch ? { branch } : {}), ...rest };
    }
    try {
      const { project } = await createProject(request).unwrap();
      navigate(paths.project(project.id));
    } catch (caught) {
      if (isApiError(caught)) {
        // The server's own sentence says why this repository cannot be imported.
        const reason = caught.serverMessage ?? caught.message;
        if (source === 'github') setGithubError(reason);
        else form.showServerErrors(caught.fieldErrors ?? { repositoryUrl: reason });
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

  const addressFields = (
    <StyledFields>
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
    </StyledFields>
  );

  return (
    <Page width="narrow">
      <PageHeader
        title="Import a project"
        description="Bring the code of a git repository into Mason: it becomes a project you can preview and change by chatting."
      />
      <StyledProjectForm aria-label="Import a project" noValidate onSubmit={onSubmit}>
        <StyledProjectFieldset disabled={importing} aria-busy={importing || undefined}>
          {githubSource ? (
            <Tabs
              aria-label="Where the repository is"
              variant="pills"
              keepMounted
              value={source}
              onValueChange={(id) => setSource(id as ImportSource)}
              items={[
                { id: 'address', label: 'Public address', content: addressFields },
                {
                  id: 'github',
                  label: 'Your GitHub',
                  content: githubSource({
                    onChange: (next) => {
                      setSelection(next);
                      setGithubError(undefined);
                    },
                    error: githubError,
                  }),
                },
              ]}
            />
          ) : (
            addressFields
          )}
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
        </StyledProjectFieldset>
        {importing ? (
          <StyledProgress role="status">
            Copying the repository’s files. A large repository can take a minute.
          </StyledProgress>
        ) : null}
        <StyledProjectFormActions>
          <Button as={Link} to={paths.dashboard} variant="ghost">
            Cancel
          </Button>
          <Button type="submit" loading={importing} loadingText="Importing…">
            Import project
          </Button>
        </StyledProjectFormActions>
      </StyledProjectForm>
    </Page>
  );
}
